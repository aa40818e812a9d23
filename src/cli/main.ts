#!/usr/bin/env node
/**
 * The `tenant-admin` command. See {@link USAGE}. Exit codes: 0 done, 1 the tenant or the output directory
 * refused, 2 a usage error.
 *
 * @packageDocumentation
 */
import { relative } from "node:path";
import { parseArgs } from "node:util";

import { TenantAdminError } from "../client";
import { exportTenant } from "./export";
import type { WrittenFile } from "./writeProject";

/** The command's help text. */
export const USAGE = `Usage: tenant-admin export --out DIR [--force] [--project NAME]

Reads the tenant's CAPTCHA configuration, phone messages (the phone templates of the legacy phone
set-up, or the customized phone notification templates of the Unified Phone Experience) and settings,
and writes a Pulumi TypeScript program (Pulumi.yaml, index.ts, package.json, tsconfig.json,
.gitignore) that declares them.
Secrets, which the tenant never returns, are read from stack config: the command prints the
\`pulumi config set --secret\` commands to run (names only).

Options:
  --out DIR       directory to write the program to (created; must be empty unless --force)
  --force         write into a directory that is not empty: keep its Pulumi.yaml, merge its
                  package.json and .gitignore, replace index.ts and tsconfig.json
  --project NAME  Pulumi project name (default: the name in an existing Pulumi.yaml, else the
                  directory's name)
  -h, --help      show this help

Connection (as the provider reads it): AUTH0_DOMAIN, and AUTH0_CLIENT_ID with AUTH0_CLIENT_SECRET
or AUTH0_API_TOKEN; optional AUTH0_AUDIENCE, TENANT_ADMIN_TIMEOUT_SECONDS,
TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS. Scopes: read:tenant_settings, read:attack_protection,
and read:guardian_factors (legacy phone set-up) or read:phone_templates (Unified Phone Experience).

Exit codes: 0 done, 1 the tenant or the output directory refused, 2 usage error.
`;

class UsageError extends Error {}

type Command =
  { kind: "help" } | { kind: "export"; out: string; force: boolean; project: string | undefined };

function parse(args: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        out: { type: "string" },
        force: { type: "boolean" },
        project: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true || positionals[0] === "help") return { kind: "help" };
  if (positionals.length === 0) throw new UsageError("missing command: tenant-admin export --out DIR");
  if (positionals[0] !== "export" || positionals.length > 1) {
    throw new UsageError(`unknown command ${JSON.stringify(positionals.join(" "))}; the command is export`);
  }
  if (values.out === undefined || values.out.trim() === "") throw new UsageError("export needs --out DIR");
  return { kind: "export", out: values.out, force: values.force === true, project: values.project };
}

function fail(message: string, code: number): never {
  process.stderr.write(`tenant-admin: ${message.replace(/\s+/g, " ").trim()}\n`);
  process.exit(code);
}

async function main(args: readonly string[]): Promise<void> {
  let command: Command;
  try {
    command = parse(args);
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message} (see --help)`, 2);
    throw error;
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE);
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
    "  pulumi preview    # shows the creates and nothing else; pulumi up then writes the same values back",
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
  fail(error instanceof TenantAdminError ? message : `unexpected error: ${message}`, 1);
});
