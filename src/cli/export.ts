import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";

import type { TenantConnection } from "../client/connection";
import { resolveTenantConnection } from "../client/connection";
import { ManagementClient } from "../client/managementClient";
import { OBJECTS } from "../resources/registry";
import type { ExportedObject } from "../resources/tenantObject/exporting";
import { getTenantSettings } from "../resources/tenantSettings/api";
import type { PackageSource } from "./packageSource";
import { packageSource } from "./packageSource";
import type { GeneratedProgram } from "./program";
import { generateProgram, projectNameFor } from "./program";
import { ExportRefusedError, checkProjectName, writeProject } from "./writeProject";

export { ExportRefusedError } from "./writeProject";

/** Options of {@link exportTenant}. */
export interface ExportOptions {
  /** The directory to write the program to; created when missing. */
  out: string;
  /** Overwrite the generated files in a directory that is not empty. */
  force?: boolean | undefined;
  /** The Pulumi project name; default from the directory's name. */
  projectName?: string | undefined;
  /** Where the connection variables (`AUTH0_*`, `TENANT_ADMIN_*`) come from; default `process.env`. */
  env?: Record<string, string | undefined> | undefined;
}

/** What {@link exportTenant} wrote. */
export interface ExportResult extends GeneratedProgram {
  /** The absolute output directory. */
  directory: string;
  /** The tenant's base URL. */
  tenant: string;
  /** How the generated project depends on this package. */
  packageSource: PackageSource;
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
 * Files are written by {@link writeProject}: never through a link, and with `force` an existing `package.json`
 * and `.gitignore` are merged, not replaced.
 *
 * @throws ExportRefusedError when `out` exists and is not an empty directory, unless `force` is set; when
 *   `projectName` is not a Pulumi project name; when a file to write is a link, or a `package.json` to merge
 *   is not JSON.
 */
export async function exportTenant(options: ExportOptions): Promise<ExportResult> {
  const directory = resolve(options.out);
  refuseUnusable(directory, options.force === true);
  if (options.projectName !== undefined) checkProjectName(options.projectName);
  const connection = resolveTenantConnection({ env: options.env ?? process.env, readsConfig: false });
  const objects = await readTenant(connection);
  // src/cli and dist/cli are both two levels below the package root.
  const source = packageSource(resolve(__dirname, "..", ".."));
  const program = generateProgram(objects, {
    projectName: options.projectName ?? projectNameFor(basename(directory)),
    packageDependency: source.spec,
    pulumiRange: source.pulumiRange,
  });
  writeProject(directory, program.files);
  return { ...program, directory, tenant: connection.baseUrl, packageSource: source };
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
    const { snapshot, skipped } = await objectExport.read({ client, settings });
    const declared =
      snapshot === undefined ? { declarations: [], skipped: [] } : objectExport.declare(snapshot);
    exported.push({ declarations: declared.declarations, skipped: [...skipped, ...declared.skipped] });
  }
  return exported;
}
