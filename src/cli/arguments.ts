import { parseArgs } from "node:util";

import { UsageError } from "../wire/commandLine";
import { ExportRefusedError, checkProjectName } from "./writeProject";

/** The command's help text. */
export const USAGE = `Usage: tenant-admin export --out DIR [--force] [--project NAME]
       tenant-admin doctor [--stack NAME [--tenant NAME]] [--json]

doctor: checks, read-only, what a first preview against the tenant needs: the tenant is reachable, the
credentials are accepted, the client has the scopes each resource needs, the tenant's phone generation
and plan, the rate limit, and what is already configured (each with the import value that adopts it).
It sends the token request and GETs only. See docs/doctor.md.

  --stack NAME    read the connection from this stack's config (tenant-admin:*, through
                  \`pulumi config --json --show-secrets\`, never printed), else from the environment
  --tenant NAME   with --stack: check the tenant NAME of its tenant-admin:tenants map instead
  --json          print the report as one JSON document

export:

Reads the tenant's CAPTCHA configuration, the four other attack-protection objects (bot detection,
brute-force protection, breached password detection, suspicious IP throttling), phone messages (the
phone templates of the legacy phone set-up, or the customized phone notification templates of the
Unified Phone Experience) and settings, and writes a Pulumi TypeScript program (Pulumi.yaml, index.ts, package.json, tsconfig.json,
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

Exit codes: 0 done (doctor: every check holds), 1 the tenant or the output directory refused (doctor: a
check failed), 2 usage error.
`;

/** What a command line asks for. */
export type Command =
  | { kind: "help" }
  | { kind: "export"; out: string; force: boolean; project: string | undefined }
  | { kind: "doctor"; stack: string | undefined; tenant: string | undefined; json: boolean };

/** The commands, as a usage error lists them. */
const COMMANDS = ["export", "doctor"] as const;

/**
 * Reads a command line, checking every argument before anything is read or written: a bad one (an unknown
 * option or command, an option of the other command, a missing `--out`, a `--project` that is not a Pulumi
 * project name, an empty `--stack` or `--tenant`, a `--tenant` without `--stack`) is a {@link UsageError}.
 */
export function parseArguments(args: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        out: { type: "string" },
        force: { type: "boolean" },
        project: { type: "string" },
        stack: { type: "string" },
        tenant: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true || positionals[0] === "help") return { kind: "help" };
  const command = positionals[0];
  if (command === undefined) {
    throw new UsageError("missing command: tenant-admin export --out DIR, or tenant-admin doctor");
  }
  if (!(COMMANDS as readonly string[]).includes(command) || positionals.length > 1) {
    throw new UsageError(
      `unknown command ${JSON.stringify(positionals.join(" "))}; the commands are ${COMMANDS.join(" and ")}`,
    );
  }
  const foreign = (command === "doctor" ? ["out", "force", "project"] : ["stack", "tenant", "json"]).filter(
    (option) => values[option as keyof typeof values] !== undefined,
  );
  if (foreign.length > 0) {
    throw new UsageError(`${command} takes no ${foreign.map((option) => `--${option}`).join(", ")}`);
  }
  if (command === "doctor") {
    if (values.stack !== undefined && values.stack.trim() === "")
      throw new UsageError("--stack needs a NAME");
    if (values.tenant !== undefined && values.tenant.trim() === "")
      throw new UsageError("--tenant needs a NAME (a tenant of the stack config map tenant-admin:tenants)");
    if (values.tenant !== undefined && values.stack === undefined) {
      throw new UsageError(
        "--tenant names a tenant of a stack's config map tenant-admin:tenants: give the stack with --stack NAME",
      );
    }
    return { kind: "doctor", stack: values.stack, tenant: values.tenant?.trim(), json: values.json === true };
  }
  if (values.out === undefined || values.out.trim() === "") throw new UsageError("export needs --out DIR");
  if (values.project !== undefined) {
    try {
      checkProjectName(values.project);
    } catch (error) {
      if (error instanceof ExportRefusedError) throw new UsageError(error.message);
      throw error;
    }
  }
  return { kind: "export", out: values.out, force: values.force === true, project: values.project };
}
