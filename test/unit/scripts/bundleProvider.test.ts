import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import * as path from "node:path";

// What scripts/bundle-provider.js leaves in dist/provider/ (the unit tests run after the build).
const PROVIDER = path.resolve(__dirname, "../../../dist/provider");

interface SourceMap {
  sources: string[];
  sourcesContent: (string | null)[];
}

const map = JSON.parse(readFileSync(path.join(PROVIDER, "index.js.map"), "utf8")) as SourceMap;
const bundle = readFileSync(path.join(PROVIDER, "index.js"), "utf8");

describe("the provider bundle", () => {
  it("holds this package's modules alone, and maps back to src/ with their sources", () => {
    expect(map.sources).toContain("../../src/provider/index.ts");
    expect(map.sources.filter((source) => !source.startsWith("../../src/"))).toEqual([]);
    // The provider reaches neither the emulator nor the CLI (as the provider-load test asked of tsc's dist/).
    expect(map.sources.filter((source) => /^\.\.\/\.\.\/src\/(emulator|cli)\//.test(source))).toEqual([]);
    map.sources.forEach((_source, index) => expect(map.sourcesContent[index]).toEqual(expect.any(String)));
  });

  it("loads zod, axios and liquidjs from dist/vendor/, and @pulumi/pulumi and jose from node_modules", () => {
    const required = new Set(
      [...bundle.matchAll(/\brequire\("([^"]+)"\)/g)]
        .map((match) => match[1]!)
        .filter((name) => !name.startsWith("node:") && !builtinModules.includes(name)),
    );
    expect([...required].sort()).toEqual([
      "../vendor/axios.js",
      "../vendor/liquidjs.js",
      "../vendor/zod.js",
      "@pulumi/pulumi",
      "jose",
    ]);
    for (const file of required) {
      if (file.startsWith(".")) expect(require.resolve(path.join(PROVIDER, file))).toContain("/dist/vendor/");
    }
  });
});
