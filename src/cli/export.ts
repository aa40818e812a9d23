import { existsSync, lstatSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";

import type { TenantConnection } from "../client/connection";
import { ManagementClient } from "../client/managementClient";
import { OBJECTS } from "../resources/registry";
import type { ExportedObject } from "../resources/tenantObject/cli/exporting";
import { getTenantSettings, usesUnifiedPhoneExperience } from "../resources/tenantSettings/api";
import { resolveCliConnection } from "./connection";
import type { PackageSource } from "./packageSource";
import { packageSource } from "./packageSource";
import type { GeneratedProgram } from "./program";
import { generateProgram, projectNameFor } from "./program";
import { existingProject } from "./pulumiYaml";
import { ExportRefusedError, checkProjectName, writeProject } from "./writeProject";
import type { WrittenFile } from "./writeProject";

export { ExportRefusedError } from "./writeProject";

/** Options of {@link exportTenant}. */
interface ExportOptions {
  /** The directory to write the program to; created when missing. */
  out: string;
  /** Overwrite the generated files in a directory that is not empty. */
  force?: boolean | undefined;
  /**
   * The Pulumi project name; default the name in the directory's `Pulumi.yaml` (with `force`), else from the
   * directory's name. With `force`, a name other than the existing `Pulumi.yaml`'s is refused.
   */
  projectName?: string | undefined;
  /** Where the connection variables (`AUTH0_*`, `TENANT_ADMIN_*`) come from; default `process.env`. */
  env?: Record<string, string | undefined> | undefined;
}

/** What {@link exportTenant} wrote. */
interface ExportResult extends GeneratedProgram {
  /** The absolute output directory. */
  directory: string;
  /** The tenant's base URL. */
  tenant: string;
  /** How the generated project depends on this package. */
  packageSource: PackageSource;
  /** What was done with each file: written, replaced, merged into the user's, or kept as it was. */
  written: WrittenFile[];
}

/**
 * Reads every object of the registry that has an export (the CAPTCHA configuration, the phone messages of the
 * tenant's generation, the settings) and writes a Pulumi TypeScript program declaring them to `options.out`. The connection comes from the environment, resolved as the
 * provider resolves it (`AUTH0_DOMAIN`, `AUTH0_CLIENT_ID` and `AUTH0_CLIENT_SECRET` or `AUTH0_API_TOKEN`,
 * `AUTH0_AUDIENCE`, `TENANT_ADMIN_TIMEOUT_SECONDS`, `TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS`).
 *
 * A tenant whose plan has no bot detection, or that has no CAPTCHA configuration, is exported without
 * it (listed in `skipped`). Any other failure (unreachable tenant, refused credentials, a missing scope)
 * throws a `TenantAdminError` whose message stands alone and never holds a secret.
 *
 * Files are written by {@link writeProject}: never through a link, and with `force` an existing `Pulumi.yaml`
 * is kept (the project keeps its name, so its stacks' config still applies), and an existing `package.json`
 * and `.gitignore` are merged, not replaced.
 *
 * @throws ExportRefusedError when `out` exists and is not an empty directory, unless `force` is set; when
 *   `projectName` is not a Pulumi project name, or not the existing `Pulumi.yaml`'s; when a file to write is
 *   a link, a `package.json` to merge is not JSON, or a `Pulumi.yaml` to keep has no name, another runtime or
 *   a `main`.
 */
export async function exportTenant(options: ExportOptions): Promise<ExportResult> {
  const directory = resolve(options.out);
  refuseUnusable(directory, options.force === true);
  if (options.projectName !== undefined) checkProjectName(options.projectName);
  const existingName = existingProjectName(directory, options.projectName);
  const connection = resolveCliConnection(options.env ?? process.env);
  const objects = await readTenant(connection);
  // src/cli and dist/cli are both two levels below the package root.
  const source = packageSource(resolve(__dirname, "..", ".."));
  const program = generateProgram(objects, {
    projectName: options.projectName ?? existingName ?? projectNameFor(basename(directory)),
    packageDependency: source.spec,
    pulumiRange: source.pulumiRange,
  });
  const written = writeProject(directory, program.files);
  return { ...program, directory, tenant: connection.baseUrl, packageSource: source, written };
}

/**
 * The name in `directory`'s `Pulumi.yaml`, if it has a regular one (a link is refused later, when writing);
 * refuses a `--project` that differs from it, before the tenant is read.
 */
function existingProjectName(directory: string, requested: string | undefined): string | undefined {
  const file = join(directory, "Pulumi.yaml");
  if (lstatSync(file, { throwIfNoEntry: false })?.isFile() !== true) return undefined;
  const { name } = existingProject(readFileSync(file, "utf8"), file);
  if (requested !== undefined && requested !== name) {
    throw new ExportRefusedError(
      `--project ${requested} differs from the name in ${file} (${name}), which its stacks' config keys start with; drop --project to keep ${name}, or choose another --out`,
    );
  }
  return name;
}

function refuseUnusable(directory: string, force: boolean): void {
  if (!existsSync(directory)) return;
  if (!statSync(directory).isDirectory()) {
    throw new ExportRefusedError(`--out ${directory} exists and is not a directory`);
  }
  if (!force && readdirSync(directory).length > 0) {
    throw new ExportRefusedError(
      `--out ${directory} is not empty; choose a new directory, or add --force to overwrite the generated files in it`,
    );
  }
}

async function readTenant(connection: TenantConnection): Promise<ExportedObject[]> {
  const client = new ManagementClient(connection);
  // Settings first: the first call also proves the tenant is reachable and the credentials work, and the
  // settings tell which objects apply (the tenant's phone generation).
  const settings = await client.send(getTenantSettings);
  const exported: ExportedObject[] = [];
  for (const object of OBJECTS) {
    if (object.exporter === undefined) continue;
    const { objectExport } = await object.exporter();
    const phoneGeneration = usesUnifiedPhoneExperience(settings) ? "unified" : "legacy";
    const { snapshot, skipped } = await objectExport.read({ client, settings, phoneGeneration });
    const declared =
      snapshot === undefined
        ? { declarations: [], skipped: [] }
        : objectExport.declare(snapshot, new URL(client.baseUrl).host);
    exported.push({ declarations: declared.declarations, skipped: [...skipped, ...declared.skipped] });
  }
  return exported;
}
