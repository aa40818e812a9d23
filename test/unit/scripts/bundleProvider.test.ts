import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { compileFunction } from "node:vm";
import * as path from "node:path";

// What scripts/bundle-provider.js leaves in dist/provider/ (the unit tests run after the build).
const PROVIDER = path.resolve(__dirname, "../../../dist/provider");

interface SourceMap {
  sources: string[];
  sourcesContent: (string | null)[];
}

const map = JSON.parse(readFileSync(path.join(PROVIDER, "index.js.map"), "utf8")) as SourceMap;
const packageOf = (source: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
/** A module of a bundled package that the bundle holds as a few lines of the script's (`left-out:<name>`). */
const isLeftOut = (source: string) => source.startsWith("left-out:");

describe("the provider bundle", () => {
  it("maps back to src/ with its sources, and leaves the bundled packages' sources to node_modules", () => {
    const own = map.sources.filter((source) => packageOf(source) === undefined && !isLeftOut(source));
    expect(own).toContain("../../src/provider/index.ts");
    expect(own.every((source) => source.startsWith("../../src/"))).toBe(true);
    // The provider reaches neither the emulator nor the CLI (as the provider-load test asked of tsc's dist/).
    expect(own.filter((source) => /^\.\.\/\.\.\/src\/(emulator|cli)\//.test(source))).toEqual([]);
    map.sources.forEach((source, index) => {
      if (packageOf(source) === undefined) expect(map.sourcesContent[index]).toEqual(expect.any(String));
      else expect(map.sourcesContent[index]).toBeNull();
    });
  });

  it("holds zod, liquidjs and axios but not @pulumi/pulumi or jose, and ships the license of each package it holds", () => {
    const bundled = [...new Set(map.sources.map(packageOf).filter((name) => name !== undefined))];
    expect(bundled).toEqual(expect.arrayContaining(["zod", "liquidjs", "axios"]));
    expect(bundled).not.toContain("@pulumi/pulumi");
    expect(bundled).not.toContain("jose");

    const licenses = readFileSync(path.join(PROVIDER, "index.js.LICENSES.txt"), "utf8");
    const listed = [...licenses.matchAll(/^((?:@[^/\s]+\/)?[^@\s]+)@\d[^\s]* \(/gm)].map((match) => match[1]);
    expect([...listed].sort()).toEqual([...bundled].sort());
  });

  it("leaves out zod's locales but English, and form-data, which the provider never runs", () => {
    expect(map.sources.filter(isLeftOut).sort()).toEqual([
      "left-out:form-data",
      "left-out:zod/v4/locales/index.cjs",
    ]);
    const zodLocales = map.sources.filter((source) => source.includes("node_modules/zod/v4/locales/"));
    expect(zodLocales).toEqual(["../../node_modules/zod/v4/locales/en.cjs"]);
    const bundled = new Set(map.sources.map(packageOf));
    for (const name of ["form-data", "mime-db", "mime-types"]) expect(bundled.has(name)).toBe(false);
    // What stands in their place, as the map carries it, run where the original module was.
    const run = (name: string, at: string) => {
      const module = { exports: {} as Record<string, unknown> };
      const source = map.sourcesContent[map.sources.indexOf(`left-out:${name}`)] ?? "";
      const body = compileFunction(source, ["module", "exports", "require"]) as (
        module: unknown,
        exports: unknown,
        require: NodeJS.Require,
      ) => void;
      body(module, module.exports, createRequire(at));
      return module.exports as unknown;
    };
    const locales = run("zod/v4/locales/index.cjs", require.resolve("zod/v4/locales/index.cjs")) as {
      en: () => { localeError: unknown };
    };
    expect(Object.keys(locales)).toEqual(["en"]);
    expect(typeof locales.en().localeError).toBe("function");
    expect(run("form-data", require.resolve("axios"))).toBeNull();
  });
});
