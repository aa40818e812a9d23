import { readFileSync } from "node:fs";
import * as path from "node:path";

// What scripts/bundle-provider.js leaves in dist/provider/ (the unit tests run after the build).
const PROVIDER = path.resolve(__dirname, "../../../dist/provider");

interface SourceMap {
  sources: string[];
  sourcesContent: (string | null)[];
}

const map = JSON.parse(readFileSync(path.join(PROVIDER, "index.js.map"), "utf8")) as SourceMap;
const packageOf = (source: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];

describe("the provider bundle", () => {
  it("maps back to src/ with its sources, and leaves the bundled packages' sources to node_modules", () => {
    const own = map.sources.filter((source) => packageOf(source) === undefined);
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
});
