import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

import * as ts from "typescript";

/**
 * The import graph of src/ as the TypeScript compiler reads it: every `import` (type-only ones too, since a
 * type import is still a dependency of the design), `export … from`, `import()` and `require()` of a
 * relative path. Two rules hold over it: no cycle, and no import from a lower room into a higher one.
 */
const SRC = join(__dirname, "..", "..", "..", "src");

/**
 * What each room of src/ may import (besides itself), lowest first. The emulator takes its objects from the
 * registry only; provider code never imports the emulator, nor the emulator provider code.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  wire: [],
  client: ["wire"],
  engine: ["wire", "client"],
  templates: ["wire"],
  resources: ["wire", "client", "engine", "templates"],
  emulator: ["wire", "templates", "resources/registry.ts"],
  provider: ["wire", "client", "engine", "resources"],
  cli: ["wire", "client", "engine", "resources"],
  policy: ["wire", "templates", "resources"],
  "index.ts": ["wire", "client", "engine", "resources", "templates"],
};

/** Cycles another change breaks; each listed one must still be a cycle, so a fixed one leaves the list. */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** A source file's name from src/, with `/` separators. */
const name = (file: string): string => relative(SRC, file).split(sep).join("/");

function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = join(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, "index.ts"), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(`${name(from)} imports ${specifier}, which does not resolve`);
}

/** Every src/ file and the src/ files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const target = resolved(file, fileName);
      return target === undefined ? [] : [name(target)];
    });
    graph.set(name(file), [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): Tarjan's. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The room of a file: its top folder under src/, or the file itself at the top. */
const roomOf = (file: string): string => file.split("/")[0] ?? file;

function allowed(from: string, to: string): boolean {
  const room = roomOf(from);
  if (roomOf(to) === room) return true;
  return (MAY_IMPORT[room] ?? []).some((target) => to === target || to.startsWith(`${target}/`));
}

describe("the import graph of src/", () => {
  const graph = importGraph();

  it("has no cycle but the known ones", () => {
    const known = KNOWN_CYCLES.map((cycle) => [...cycle].sort().join(" → "));
    expect(cycles(graph).map((cycle) => cycle.join(" → "))).toEqual(known);
  });

  it("has no import from a lower room into a higher one", () => {
    const upward = [...graph].flatMap(([from, targets]) =>
      targets.filter((to) => !allowed(from, to)).map((to) => `${from} → ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it("has no object that imports the registry that lists it", () => {
    const importers = [...graph]
      .filter(([from, targets]) => roomOf(from) === "resources" && targets.includes("resources/registry.ts"))
      .map(([from]) => from);
    expect(importers).toEqual([]);
  });

  it("inside resources/, has the shared machinery (tenantObject/) import no object's folder", () => {
    const objectFolder = (file: string) => {
      const [top, folder, rest] = file.split("/");
      return top === "resources" && rest !== undefined && folder !== "tenantObject" ? folder : undefined;
    };
    const upward = [...graph]
      .filter(([from]) => from.startsWith("resources/tenantObject/"))
      .flatMap(([from, targets]) =>
        targets.filter((to) => objectFolder(to) !== undefined).map((to) => `${from} → ${to}`),
      );
    expect(upward).toEqual([]);
  });

  it("inside tenantObject/, keeps the program's, the provider's and the CLI's sides apart", () => {
    // What only one process loads lives in its side's folder; what two share lives at tenantObject/'s top,
    // which imports no side.
    const sideOf = (file: string) => {
      const [top, folder, side, rest] = file.split("/");
      if (top !== "resources" || folder !== "tenantObject") return undefined;
      return rest === undefined ? "shared" : side;
    };
    const crossing = [...graph].flatMap(([from, targets]) => {
      const side = sideOf(from);
      if (side === undefined) return [];
      return targets
        .filter((to) => {
          const target = sideOf(to);
          return target !== undefined && target !== "shared" && target !== side;
        })
        .map((to) => `${from} → ${to}`);
    });
    expect(crossing).toEqual([]);
    expect(new Set([...graph.keys()].map(sideOf))).toEqual(
      new Set([undefined, "shared", "program", "provider", "cli"]),
    );
  });

  it("knows every room of src/", () => {
    expect([...new Set([...graph.keys()].map(roomOf))].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });
});

describe("the checks of the import graph", () => {
  it("find a cycle through a type-only import and a dynamic import", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("read type-only imports, re-exports, import() and require() as imports", () => {
    const text = [
      'import type { A } from "./a";',
      'export { B } from "./b";',
      'const c = () => import("./c");',
      'const d = require("./d");',
    ].join("\n");
    expect(ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName)).toEqual([
      "./a",
      "./b",
      "./c",
      "./d",
    ]);
  });

  it.each([
    ["wire/endpoint.ts", "client/http.ts", false],
    ["client/http.ts", "wire/endpoint.ts", true],
    ["emulator/server.ts", "resources/registry.ts", true],
    ["emulator/server.ts", "resources/tenantSettings/api.ts", false],
    ["resources/registry.ts", "emulator/server.ts", false],
  ])("judge %s → %s allowed: %s", (from, to, expected) => {
    expect(allowed(from, to)).toBe(expected);
  });
});
