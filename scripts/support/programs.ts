import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import type { TenantEmulator } from "../../src/emulator";

const repoRoot = resolve(__dirname, "../..");

/** The `name` of a Pulumi.yaml (relative to the repo root), which namespaces the program's own config keys. */
export function projectName(pulumiYaml: string): string {
  const name = /^name:\s*(\S+)\s*$/m.exec(readFileSync(resolve(repoRoot, pulumiYaml), "utf8"))?.[1];
  if (name === undefined) throw new Error(`${pulumiYaml} has no name`);
  return name;
}

/** The environment the provider reads a tenant from, and nothing left over from the developer's shell. */
export function tenantEnv(emulator: TenantEmulator): Record<string, string> {
  return {
    AUTH0_DOMAIN: emulator.domain,
    AUTH0_CLIENT_ID: emulator.clientId,
    AUTH0_CLIENT_SECRET: emulator.clientSecret,
    AUTH0_API_TOKEN: "",
    AUTH0_AUDIENCE: "",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
}
