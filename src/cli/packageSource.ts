import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";

/** How a generated project depends on this package, and why that way. */
export interface PackageSource {
  /** The `dependencies` value: a version range, a git URL, or `file:<absolute path>` (directory or tarball). */
  readonly spec: string;
  /** Where the choice came from, for the command's output. */
  readonly reason: string;
  /** The `@pulumi/pulumi` range the generated project needs: this package's peer dependency range. */
  readonly pulumiRange: string;
}

/** Used when this package's `package.json` cannot be read: the oldest release its code was tested with. */
const FALLBACK_PULUMI_RANGE = "^3.139.0";

const PACKAGE_NAME = "pulumi-tenant-admin";

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The project's own dependency spec of the package, from any of its dependency lists. */
function declaredSpec(manifest: Record<string, unknown>): string | undefined {
  for (const list of ["dependencies", "devDependencies", "optionalDependencies"]) {
    const specs = manifest[list];
    if (typeof specs === "object" && specs !== null) {
      const spec = (specs as Record<string, unknown>)[PACKAGE_NAME];
      if (typeof spec === "string") return spec;
    }
  }
  return undefined;
}

/** A spec that names a directory or tarball on disk, relative to `projectDir`, as an absolute `file:` spec. */
function onDisk(spec: string, projectDir: string): string | undefined {
  const path = spec.startsWith("file:") ? spec.slice("file:".length) : spec;
  const local =
    spec.startsWith("file:") || /^\.{1,2}\//.test(spec) || isAbsolute(spec) || /\.t(ar\.)?gz$/.test(spec);
  if (!local || /^[a-z]+:\/\//i.test(path)) return undefined;
  return `file:${resolve(projectDir, path)}`;
}

/**
 * How the project `tenant-admin export` generates should depend on this package: the way the project the
 * command runs in depends on it (a registry range, a git URL, or a path or tarball, made absolute so it
 * resolves from the generated directory); from a clone of this repository, the clone itself; installed with
 * no declaring project, the registry range of this version.
 *
 * @param packageRoot this package's directory (its `package.json`)
 */
export function packageSource(packageRoot: string): PackageSource {
  const manifest = readJson(join(packageRoot, "package.json"));
  const version = typeof manifest?.["version"] === "string" ? manifest["version"] : "0.0.0";
  const peers = manifest?.["peerDependencies"] as Record<string, unknown> | undefined;
  const peerRange = peers?.["@pulumi/pulumi"];
  const pulumiRange = typeof peerRange === "string" ? peerRange : FALLBACK_PULUMI_RANGE;
  const registry = { spec: `^${version}`, reason: `the npm registry, version ^${version}`, pulumiRange };
  if (basename(dirname(packageRoot)) !== "node_modules") {
    return {
      spec: `file:${packageRoot}`,
      reason: `this package's own directory (${packageRoot})`,
      pulumiRange,
    };
  }
  // node_modules/pulumi-tenant-admin: the project that installed it is the directory above node_modules.
  const projectDir = dirname(dirname(packageRoot));
  const project = existsSync(join(projectDir, "package.json"))
    ? readJson(join(projectDir, "package.json"))
    : undefined;
  const spec = project === undefined ? undefined : declaredSpec(project);
  if (spec === undefined) return registry;
  const file = onDisk(spec, projectDir);
  if (file !== undefined) {
    return { spec: file, reason: `as ${projectDir} depends on it (${spec})`, pulumiRange };
  }
  return { spec, reason: `as ${projectDir} depends on it`, pulumiRange };
}
