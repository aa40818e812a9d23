import type { ConfigMap } from "@pulumi/pulumi/automation";

import type { TenantEmulator } from "../../src/emulator";

/**
 * The stack config that names each tenant of `fleet` in `tenant-admin:tenants`, as a user sets it with
 * `pulumi config set --path` (give it to `setAllConfig(config, true)`): the client secret as a secret.
 */
export function namedTenantsConfig(fleet: ReadonlyMap<string, TenantEmulator>): ConfigMap {
  const config: ConfigMap = {};
  for (const [name, emulator] of fleet) {
    const key = `tenant-admin:tenants.${name}`;
    config[`${key}.domain`] = { value: emulator.domain };
    config[`${key}.clientId`] = { value: emulator.clientId };
    config[`${key}.clientSecret`] = { value: emulator.clientSecret, secret: true };
  }
  return config;
}

/** Nothing for the provider to fall back on: no `AUTH0_*` variable, so every tenant comes from its name. */
export const NO_ENVIRONMENT_TENANT: Record<string, string> = {
  AUTH0_DOMAIN: "",
  AUTH0_CLIENT_ID: "",
  AUTH0_CLIENT_SECRET: "",
  AUTH0_API_TOKEN: "",
  AUTH0_AUDIENCE: "",
  PULUMI_NODEJS_TRANSPILE_ONLY: "true",
};
