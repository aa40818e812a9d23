import type { TenantConnection } from "../client/connection";
import { resolveTenantConnection } from "../client/connection";
import { TenantConfigError } from "../client/errors";
import { namedTenantNames } from "../client/namedTenants";
import { TENANTS_CONFIG_KEY } from "../client/settings";
import type { StackConfig } from "./stackConfig";

/**
 * The CLI's one resolution of a tenant connection, as the provider resolves it: a stack's `tenant-admin:*` config
 * when the command was given one (`tenant-admin doctor --stack`), each setting it lacks from the environment;
 * with `tenant`, the settings of that tenant of the stack's `tenant-admin:tenants` alone, as a resource's
 * `tenant: "eu"` is resolved; else the environment alone (`AUTH0_*`, `TENANT_ADMIN_*`), and then messages
 * name only the variables.
 *
 * @throws TenantConfigError naming what to set and where
 */
export function resolveCliConnection(
  env: Record<string, string | undefined>,
  stack?: StackConfig,
  tenant?: string,
): TenantConnection {
  const config =
    stack === undefined
      ? {}
      : { config: stack.settings, configKeys: stack.keys, tenants: stack.tenants, explicit: tenant };
  try {
    return resolveTenantConnection({ ...config, readsConfig: stack !== undefined, env });
  } catch (error) {
    throw withNamedTenantsHint(error, stack, tenant);
  }
}

/**
 * `error`, a connection that could not be made from a stack's top-level settings, with the names of the tenants
 * its `tenant-admin:tenants` map sets, each of which `--tenant` checks (a fleet's stack often has no other).
 */
function withNamedTenantsHint(
  error: unknown,
  stack: StackConfig | undefined,
  tenant: string | undefined,
): unknown {
  if (!(error instanceof TenantConfigError) || tenant !== undefined) return error;
  let names: string[];
  try {
    names = namedTenantNames(stack?.tenants);
  } catch {
    return error;
  }
  if (names.length === 0) return error;
  return new TenantConfigError(
    `${error.message} The stack names ${names.length === 1 ? "a tenant" : "tenants"} in ${TENANTS_CONFIG_KEY} ` +
      `(${names.join(", ")}): check one with --tenant NAME.`,
  );
}
