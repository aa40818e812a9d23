import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sdkPaths } from "../../../src/engine/programSdk";

/** A directory with its own node_modules/@pulumi/pulumi (an index.js and a package.json). */
function withSdk(dir: string): string {
  const sdk = join(dir, "node_modules/@pulumi/pulumi");
  mkdirSync(sdk, { recursive: true });
  writeFileSync(join(sdk, "package.json"), '{ "name": "@pulumi/pulumi", "main": "index.js" }');
  writeFileSync(join(sdk, "index.js"), "");
  return join(sdk, "index.js");
}

describe("sdkPaths: which @pulumi/pulumi the package's require would load, and the program's", () => {
  let root: string;
  let clone: string;
  let program: string;

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "program-sdk-")));
    clone = join(root, "clone");
    program = join(root, "program");
    mkdirSync(join(clone, "dist/engine"), { recursive: true });
    mkdirSync(program, { recursive: true });
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("names both when a clone on disk has its own SDK beside the program's, the program's from its main module", () => {
    const cloneSdk = withSdk(clone);
    const programSdk = withSdk(program);
    const main = join(programSdk, "../cmd/run/index.js");
    expect(sdkPaths(join(clone, "dist/engine/programSdk.js"), main, root)).toEqual({
      own: cloneSdk,
      program: programSdk,
    });
  });

  it("takes the program's from the working directory when there is no main module", () => {
    const cloneSdk = withSdk(clone);
    const programSdk = withSdk(program);
    expect(sdkPaths(join(clone, "dist/engine/programSdk.js"), undefined, program)).toEqual({
      own: cloneSdk,
      program: programSdk,
    });
  });

  it("is undefined when the package resolves the program's own SDK (a tarball, git, the registry)", () => {
    const programSdk = withSdk(program);
    const installed = join(program, "node_modules/pulumi-tenant-admin/dist/engine/programSdk.js");
    expect(sdkPaths(installed, join(programSdk, "../cmd/run/index.js"), program)).toBeUndefined();
  });

  it("is undefined when no program SDK can be found", () => {
    withSdk(clone);
    expect(sdkPaths(join(clone, "dist/engine/programSdk.js"), undefined, program)).toBeUndefined();
  });
});
