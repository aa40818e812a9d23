import type { TenantConnection } from "../client/connection";
import { resolveTenantConnection } from "../client/connection";
import type { StackConfig } from "./stackConfig";

/**
 * The CLI's one resolution of a tenant connection, as the provider resolves it: a stack's `tenant-admin:*` config
 * when the command was given one (`tenant-admin doctor --stack`), each setting it lacks from the environment;
 * else the environment alone (`AUTH0_*`, `TENANT_ADMIN_*`), and then messages name only the variables.
 *
 * @throws TenantConfigError naming what to set and where
 */
export function resolveCliConnection(
  env: Record<string, string | undefined>,
  stack?: StackConfig,
): TenantConnection {
  const config = stack === undefined ? {} : { config: stack.settings, configKeys: stack.keys };
  return resolveTenantConnection({ ...config, readsConfig: stack !== undefined, env });
}
