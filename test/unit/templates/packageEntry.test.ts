import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/**
 * Runs `script` in a fresh Node process after the built package's entry was imported, as a program imports
 * it (after @pulumi/pulumi, which loads worker_threads itself), and returns what it printed as JSON.
 */
function afterImport(script: string): unknown {
  const output = execFileSync(
    process.execPath,
    [
      "-e",
      `
      require("@pulumi/pulumi");
      const builtinsBefore = new Set(process.moduleLoadList);
      const modulesBefore = new Set(Object.keys(require.cache));
      const admin = require("./dist/index.js");
      const loaded = () => ({
        ownModules: Object.keys(require.cache)
          .filter((file) => !modulesBefore.has(file) && file.startsWith(${JSON.stringify(path.join(ROOT, "dist"))}))
          .map((file) => file.slice(${JSON.stringify(path.join(ROOT, "dist") + "/")}.length)),
        packages: Object.keys(require.cache).filter((file) => !modulesBefore.has(file) && (file.includes("/node_modules/liquidjs/") || file.endsWith("/dist/vendor/liquidjs.js"))).length,
        builtins: process.moduleLoadList.filter((name) => !builtinsBefore.has(name) && /worker/.test(name)),
      });
      ${script}
      `,
    ],
    { cwd: ROOT, encoding: "utf8", timeout: 60_000 },
  );
  return JSON.parse(output);
}

const isTemplateModule = (module: string) =>
  module.startsWith("templates/") || module.startsWith("emulator/templateWorker");

// Imports the built package (npm run build): what a program loads.
describe("the package entry", () => {
  it("loads no template module, no liquidjs and no worker thread when it is imported", () => {
    const { ownModules, packages, builtins } = afterImport("console.log(JSON.stringify(loaded()));") as {
      ownModules: string[];
      packages: number;
      builtins: string[];
    };
    expect(ownModules).toContain("index.js");
    expect(ownModules.filter(isTemplateModule)).toEqual([]);
    expect(packages).toBe(0);
    expect(builtins).toEqual([]);
  });

  it("loads the template rules when a program first uses one of their public names", () => {
    const result = afterImport(`
      const counted = admin.smsSegments("123456 is your code");
      const afterSegments = loaded().ownModules.some((module) => module.startsWith("templates/"));
      let refused;
      try {
        admin.renderPhoneTemplate("{% if %}");
      } catch (error) {
        refused = { syntax: error instanceof admin.TemplateSyntaxError, limit: error instanceof admin.TemplateLimitError };
      }
      console.log(JSON.stringify({
        counted,
        afterSegments,
        units: admin.SMS_SEGMENT_UNITS["UCS-2"],
        rendered: admin.renderPhoneTemplate("{{code}} for {{tenant.friendly_name}}", { code: "42", friendlyName: "Acme" }),
        refused,
        builtins: loaded().builtins,
        liquidjsFiles: loaded().packages,
      }));
    `);
    expect(result).toEqual({
      counted: { encoding: "GSM-7", characters: 19, units: 19, segments: 1 },
      afterSegments: true,
      units: { single: 70, multipart: 67 },
      rendered: "42 for Acme",
      refused: { syntax: true, limit: false },
      builtins: [],
      // One file, dist/vendor/liquidjs.js (scripts/bundle-vendor.js), none of node_modules/liquidjs.
      liquidjsFiles: 1,
    });
  });
});
