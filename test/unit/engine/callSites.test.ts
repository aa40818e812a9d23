/**
 * Where src/ works out a tenant connection and makes a client: each call is found with the TypeScript
 * compiler (its resolved signature, so an alias, a destructured dynamic import or a namespace call counts the
 * same), not by matching text.
 */
import * as path from "node:path";

import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "../../..");
const SRC = path.join(ROOT, "src");

/** The files of src/ that call each function, `src/`-relative, one entry per call. */
function callSites(functions: readonly { file: string; name: string }[]): Map<string, string[]> {
  const configFile = ts.findConfigFile(ROOT, (file) => ts.sys.fileExists(file), "tsconfig.json");
  if (configFile === undefined) throw new Error("no tsconfig.json");
  const { config } = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const files = parsed.fileNames.filter((file) => path.resolve(file).startsWith(`${SRC}${path.sep}`));
  const program = ts.createProgram(files, parsed.options);
  const checker = program.getTypeChecker();
  const sites = new Map(functions.map(({ name }) => [name, [] as string[]]));

  const visit = (node: ts.Node, source: ts.SourceFile): void => {
    if (ts.isCallExpression(node)) {
      const declaration = checker.getResolvedSignature(node)?.getDeclaration();
      const target =
        declaration !== undefined && ts.isFunctionDeclaration(declaration) ? declaration : undefined;
      const called = functions.find(
        ({ file, name }) =>
          target?.name?.text === name &&
          path.resolve(target.getSourceFile().fileName) === path.join(SRC, file),
      );
      if (called !== undefined) sites.get(called.name)?.push(path.relative(SRC, source.fileName));
    }
    ts.forEachChild(node, (child) => visit(child, source));
  };
  for (const source of program.getSourceFiles()) {
    if (path.resolve(source.fileName).startsWith(`${SRC}${path.sep}`)) visit(source, source);
  }
  return sites;
}

describe("where src/ binds a tenant", () => {
  const sites = callSites([
    { file: "client/connection.ts", name: "resolveTenantConnection" },
    { file: "engine/processClients.ts", name: "processClient" },
  ]);

  it("works out a connection in two places: the engine's binding (provider and program) and the CLI", () => {
    expect(sites.get("resolveTenantConnection")?.sort()).toEqual(["cli/connection.ts", "engine/binding.ts"]);
  });

  it("takes the process's client of a tenant in one place: the binding's", () => {
    expect(sites.get("processClient")).toEqual(["engine/binding.ts"]);
  });
});

/** The `src/`-relative modules a file imports (type imports and re-exports included). */
function importsOf(file: string): string[] {
  const full = path.join(SRC, file);
  const source = ts.createSourceFile(full, ts.sys.readFile(full) ?? "", ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier !== undefined &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [path.relative(SRC, path.resolve(path.dirname(full), statement.moduleSpecifier.text))]
      : [],
  );
}

describe("the connection's modules", () => {
  it("import one way: connection.ts uses credentials.ts, which imports nothing of connection.ts", () => {
    expect(importsOf("client/connection.ts")).toContain("client/credentials");
    expect(importsOf("client/credentials.ts")).not.toContain("client/connection");
    expect(importsOf("client/connectionSettings.ts")).not.toContain("client/connection");
    expect(importsOf("client/connectionSettings.ts")).not.toContain("client/credentials");
  });
});

/** The `src/`-relative files that name `globalThis` (read as identifiers, so a comment does not count). */
function globalThisUsers(): string[] {
  const files = (directory: string): string[] =>
    ts.sys.readDirectory(directory, [".ts"]).map((file) => path.relative(SRC, file));
  return files(SRC).filter((file) => {
    const source = ts.createSourceFile(
      file,
      ts.sys.readFile(path.join(SRC, file)) ?? "",
      ts.ScriptTarget.Latest,
    );
    const names = (node: ts.Node): boolean =>
      (ts.isIdentifier(node) && node.text === "globalThis") || (ts.forEachChild(node, names) ?? false);
    return names(source);
  });
}

describe("the process's shared state", () => {
  it("lives in one module of the engine: the client is handed its caches, never reaches for them", () => {
    expect(globalThisUsers()).toEqual(["engine/processClients.ts"]);
  });
});
