#!/usr/bin/env node
/**
 * The `tenant-admin` command. See `USAGE` in `arguments.ts`. Exit codes: 0 done, 1 the tenant or the output directory
 * refused (`doctor`: a check failed), 2 a usage error.
 *
 * @packageDocumentation
 */
import { relative } from "node:path";

import { TenantAdminError } from "../client/errors";
import { commandLine, fail } from "../wire/commandLine";
import { USAGE, parseArguments } from "./arguments";
import { runDoctor } from "./doctor";
import { formatDoctorReport } from "./doctorReport";
import { exportTenant } from "./export";
import type { WrittenFile } from "./writeProject";

const COMMAND = "tenant-admin";

async function main(args: readonly string[]): Promise<void> {
  const command = await commandLine(COMMAND, USAGE, () => parseArguments(args));
  if (command === undefined) return;
  if (command.kind === "doctor") {
    const report = await runDoctor({ stack: command.stack, tenant: command.tenant });
    process.stdout.write(command.json ? `${JSON.stringify(report, null, 2)}\n` : formatDoctorReport(report));
    process.exitCode = report.ok ? 0 : 1;
    return;
  }
  const result = await exportTenant({ out: command.out, force: command.force, projectName: command.project });
  const nearby = relative(process.cwd(), result.directory) || ".";
  const shown = nearby.startsWith("..") ? result.directory : nearby;
  const lines = [
    `Exported ${result.tenant} to ${shown}:`,
    ...result.written.map(({ name, action }) => `  ${action} ${name}${WHAT_WAS_KEPT[action](name)}`),
    ...result.skipped.map((reason) => `Skipped: ${reason}`),
    `It depends on pulumi-tenant-admin ${result.packageSource.spec}: ${result.packageSource.reason}.`,
    "Next:",
    `  cd ${shellWord(shown)}`,
    "  npm install",
    `  pulumi stack init ${STACK_NAME}`,
    ...result.secrets.map(
      ({ key, description }) =>
        `  pulumi config set --secret ${key}    # ${description}: the tenant never returns it; the command prompts`,
    ),
    "  pulumi preview    # shows only creates; pulumi up then writes each back as read, except those with the " +
      "import option: it adopts them, writing nothing" +
      (result.secrets.length > 0 ? "; a second pulumi up writes the secrets" : ""),
    "The program reaches the tenant as this command did (AUTH0_DOMAIN and its credentials in the environment), " +
      "or through the stack config tenant-admin:domain and credentials.",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** What a line about a written file adds: what of the user's file stayed. */
const WHAT_WAS_KEPT: Record<WrittenFile["action"], (name: string) => string> = {
  wrote: () => "",
  replaced: () => "",
  merged: (name) =>
    name === "package.json"
      ? " (your fields and ranges kept, what the program needs added)"
      : " (your lines kept, the missing ones added)",
  kept: (name) =>
    name === "Pulumi.yaml"
      ? " (as it was: the project keeps its name and settings)"
      : " (it had what the program needs)",
};

/** The stack the printed steps create. */
const STACK_NAME = "dev";

/** A path as one shell word. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Our errors' messages stand alone and hold no secret; anything else is a bug, shown without its stack.
  const message = error instanceof Error ? error.message : String(error);
  fail(COMMAND, error instanceof TenantAdminError ? message : `unexpected error: ${message}`, 1);
});
