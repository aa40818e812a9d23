/**
 * How the project `tenant-admin export` generates depends on this package: the way the project that installed
 * it does, with paths made absolute; from a clone, the clone. Each case lays out real directories in a
 * temporary one: a project with `node_modules/pulumi-tenant-admin`, or a clone.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { packageSource } from "../../../src/cli/packageSource";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "tenant-admin-package-source-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value)}\n`);
}

/** `<root>/project/node_modules/pulumi-tenant-admin` at `version`, the project declaring it as `manifest` says. */
function installed(manifest: Record<string, unknown> | string | undefined, version = "1.2.3"): string {
  const project = join(root, "project");
  const packageRoot = join(project, "node_modules", "pulumi-tenant-admin");
  mkdirSync(packageRoot, { recursive: true });
  writeJson(join(packageRoot, "package.json"), { name: "pulumi-tenant-admin", version });
  if (typeof manifest === "string") writeFileSync(join(project, "package.json"), manifest);
  else if (manifest !== undefined) writeJson(join(project, "package.json"), manifest);
  return packageRoot;
}

describe("packageSource", () => {
  it.each([
    ["a registry range", "^0.4.0"],
    ["an exact version", "0.4.1"],
    ["a git URL", "git+https://github.com/example/pulumi-tenant-admin.git#v0.4.0"],
    ["a GitHub shorthand", "github:example/pulumi-tenant-admin"],
    ["a tarball URL", "https://example.com/pulumi-tenant-admin-0.4.0.tgz"],
  ])("keeps %s the declaring project depends on as it is", (_label, spec) => {
    const source = packageSource(installed({ dependencies: { "pulumi-tenant-admin": spec } }));
    expect(source).toEqual({
      spec,
      reason: `as ${join(root, "project")} depends on it`,
      pulumiRange: "^3.139.0",
    });
  });

  it.each([
    ["a relative file: directory", "file:../vendor/pulumi-tenant-admin", "vendor/pulumi-tenant-admin"],
    [
      "a relative file: tarball",
      "file:pulumi-tenant-admin-0.4.0.tgz",
      "project/pulumi-tenant-admin-0.4.0.tgz",
    ],
    ["a ./ path", "./packages/pulumi-tenant-admin", "project/packages/pulumi-tenant-admin"],
    [
      "a ../ tarball",
      "../tarballs/pulumi-tenant-admin-0.4.0.tar.gz",
      "tarballs/pulumi-tenant-admin-0.4.0.tar.gz",
    ],
    ["a bare tarball name", "pulumi-tenant-admin-0.4.0.tgz", "project/pulumi-tenant-admin-0.4.0.tgz"],
  ])(
    "makes %s absolute, relative to the declaring project, so it resolves from the generated directory",
    (_label, spec, underRoot) => {
      const source = packageSource(installed({ dependencies: { "pulumi-tenant-admin": spec } }));
      expect(source).toEqual({
        spec: `file:${join(root, underRoot)}`,
        reason: `as ${join(root, "project")} depends on it (${spec})`,
        pulumiRange: "^3.139.0",
      });
    },
  );

  it("keeps an absolute path absolute", () => {
    const spec = `file:${join(root, "elsewhere", "pulumi-tenant-admin")}`;
    const source = packageSource(installed({ dependencies: { "pulumi-tenant-admin": spec } }));
    expect(source.spec).toBe(spec);
  });

  it.each(["devDependencies", "optionalDependencies"])("reads the declaring project's %s too", (list) => {
    const source = packageSource(installed({ [list]: { "pulumi-tenant-admin": "~0.3.0" } }));
    expect(source.spec).toBe("~0.3.0");
  });

  it.each<[string, Record<string, unknown> | string | undefined]>([
    ["no package.json above node_modules", undefined],
    ["a project that does not declare it", { dependencies: { "left-pad": "1.3.0" } }],
    ["a dependencies list that is not an object", { dependencies: "pulumi-tenant-admin" }],
    ["a package.json that is not JSON", "{ dependencies: "],
  ])("falls back to the registry range of the installed version with %s", (_label, manifest) => {
    const source = packageSource(installed(manifest, "2.5.0"));
    expect(source).toEqual({
      spec: "^2.5.0",
      reason: "the npm registry, version ^2.5.0",
      pulumiRange: "^3.139.0",
    });
  });

  it("depends on a clone (a package not under node_modules) by its directory", () => {
    const clone = join(root, "src", "pulumi-tenant-admin");
    mkdirSync(clone, { recursive: true });
    writeJson(join(clone, "package.json"), { name: "pulumi-tenant-admin", version: "0.1.0" });
    // A project above the clone that declares the package does not matter: this is not its install.
    writeJson(join(root, "package.json"), { dependencies: { "pulumi-tenant-admin": "^9.0.0" } });

    expect(packageSource(clone)).toEqual({
      spec: `file:${clone}`,
      reason: `this package's own directory (${clone})`,
      pulumiRange: "^3.139.0",
    });
  });

  it("asks the generated project for the @pulumi/pulumi range the package declares as its peer", () => {
    const packageRoot = installed(undefined);
    writeJson(join(packageRoot, "package.json"), {
      name: "pulumi-tenant-admin",
      version: "1.2.3",
      peerDependencies: { "@pulumi/pulumi": "^3.200.0" },
    });
    expect(packageSource(packageRoot).pulumiRange).toBe("^3.200.0");
  });

  it("asks for this repository's own peer range from a clone", () => {
    const repository = join(__dirname, "..", "..", "..");
    const manifest = JSON.parse(readFileSync(join(repository, "package.json"), "utf8")) as {
      peerDependencies: Record<string, string>;
    };
    expect(packageSource(repository).pulumiRange).toBe(manifest.peerDependencies["@pulumi/pulumi"]);
  });
});
