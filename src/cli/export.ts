import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";

import type { TenantConnection } from "../client/connection";
import { ManagementClient, resolveTenantConnection } from "../client";
import { TenantApiError } from "../client/errors";
import type { CaptchaResponse } from "../wire/model";
import type { GeneratedProgram, TenantSnapshot } from "./program";
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
}

/**
 * Reads the tenant's CAPTCHA configuration, phone templates and settings, and writes a Pulumi TypeScript
 * program declaring them to `options.out`. The connection comes from the environment, resolved as the
 * provider resolves it (`AUTH0_DOMAIN`, `AUTH0_CLIENT_ID` and `AUTH0_CLIENT_SECRET` or `AUTH0_API_TOKEN`,
 * `AUTH0_AUDIENCE`, `TENANT_ADMIN_TIMEOUT_SECONDS`, `TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS`).
 *
 * A tenant whose plan has no bot detection, or that has no CAPTCHA configuration, is exported without
 * it (listed in `skipped`). Any other failure (unreachable tenant, refused credentials, a missing scope)
 * throws a {@link TenantAdminError} whose message stands alone and never holds a secret.
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
  const connection = resolveTenantConnection({ env: options.env ?? process.env });
  const skipped: string[] = [];
  const snapshot = await readTenant(connection, skipped);
  const program = generateProgram(snapshot, {
    projectName: options.projectName ?? projectNameFor(basename(directory)),
    packageVersion: packageVersion(),
    skipped,
  });
  writeProject(directory, program.files);
  return { ...program, directory, tenant: connection.baseUrl };
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

async function readTenant(connection: TenantConnection, skipped: string[]): Promise<TenantSnapshot> {
  const client = new ManagementClient(connection);
  // Settings first: the first call also proves the tenant is reachable and the credentials work.
  const settings = await client.getTenantSettings();
  const captcha = await readCaptcha(client, skipped);
  const phoneTemplates = await client.getPhoneTemplates();
  return { captcha, phoneTemplates, settingsFields: Object.keys(settings).sort() };
}

async function readCaptcha(
  client: ManagementClient,
  skipped: string[],
): Promise<CaptchaResponse | undefined> {
  try {
    return await client.getCaptcha();
  } catch (error) {
    if (error instanceof TenantApiError && error.errorCode === "insufficient_entitlement") {
      skipped.push("CAPTCHA configuration: the tenant's plan does not include bot detection");
      return undefined;
    }
    if (error instanceof TenantApiError && error.status === 404) {
      skipped.push("CAPTCHA configuration: the tenant has none");
      return undefined;
    }
    throw error;
  }
}

function packageVersion(): string {
  // src/cli and dist/cli are both two levels below the package root.
  const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}
