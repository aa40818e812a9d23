import { execFileSync } from "node:child_process";
import * as path from "node:path";

import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "../../..");

/** Runs a script in a fresh Node process that loads TypeScript sources, and returns its output. */
function runFresh(script: string): string {
  return execFileSync(
    process.execPath,
    ["-r", require.resolve("ts-node/register/transpile-only"), "-e", script],
    {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 30_000,
    },
  );
}

describe("the templates module", () => {
  it("loads liquidjs at the first template, not when it is imported", () => {
    const output = runFresh(`
      const loaded = () => Object.keys(require.cache).some((file) => file.includes("/node_modules/liquidjs/"));
      require("./src/templates");
      const { renderPhoneTemplate } = require("./src/resources/phoneTemplates/dialect");
      const before = loaded();
      renderPhoneTemplate("{{code}}");
      console.log(JSON.stringify({ before, after: loaded() }));
    `);
    expect(JSON.parse(output)).toEqual({ before: false, after: true });
  });

  it("lets a process that reviewed in the shared worker exit once it has the answer", () => {
    const output = runFresh(`
      const { reviewTemplatesInWorker } = require("./src/emulator/templateWorker");
      const { LEGACY_PHONE_DIALECT } = require("./src/resources/phoneTemplates/dialect");
      const options = { channels: ["sms"], requireCode: true };
      reviewTemplatesInWorker([{ template: "{{code}}", dialect: LEGACY_PHONE_DIALECT, options }])
        .then((reviews) => console.log(JSON.stringify(reviews)));
    `);
    expect(JSON.parse(output)).toEqual([{ errors: [], warnings: [] }]);
  });

  it("declares no liquidjs type where the package index can reach it", () => {
    const declarations = new Map<string, string>();
    const program = ts.createProgram([path.join(ROOT, "src/templates/index.ts")], {
      declaration: true,
      emitDeclarationOnly: true,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      skipLibCheck: true,
      types: ["node"],
    });
    const templates = path.join(ROOT, "src/templates");
    program.emit(undefined, (file, text) => {
      if (path.dirname(file) === templates) declarations.set(path.basename(file, ".d.ts"), text);
    });
    const reached = new Set<string>();
    const visit = (module: string) => {
      if (reached.has(module)) return;
      reached.add(module);
      for (const [, imported] of (declarations.get(module) ?? "").matchAll(/from "\.\/(\w+)"/g))
        visit(imported ?? "");
    };
    visit("index");
    const exposing = [...reached].filter((module) => /from "liquidjs"/.test(declarations.get(module) ?? ""));
    expect(reached.size).toBeGreaterThan(5);
    expect(exposing).toEqual([]);
  });
});
