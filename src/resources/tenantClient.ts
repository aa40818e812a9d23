import type { TenantConnection } from "../client/connection";
import type { ManagementClient } from "../client/managementClient";
import type * as ManagementClientModule from "../client/managementClient";
import type * as RunCacheModule from "../client/runCache";
import { engineLog } from "../engine/log";

/**
 * The shared client of a tenant, loaded on the first request. A preview's `check` and `diff` of a resource
 * already in state never talk to the tenant, and the engine starts the dynamic-provider process afresh for
 * every command, so loading the HTTP client (axios, jose and their dependencies: about half of our load
 * time) there would only slow every preview.
 */
export function tenantClient(connection: TenantConnection): ManagementClient {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { managementClientFor } = require("../client/managementClient") as typeof ManagementClientModule;
  const { commandRunCache } = require("../client/runCache") as typeof RunCacheModule;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return managementClientFor(connection, { log: engineLog, runCache: commandRunCache() });
}

/**
 * The tenant's client when this process has already fetched a token for it (a preview's write check did),
 * else `undefined`; never loads the HTTP client itself.
 */
export function tenantClientWithToken(connection: TenantConnection): ManagementClient | undefined {
  if (require.cache[require.resolve("../client/managementClient")] === undefined) return undefined;
  const client = tenantClient(connection);
  return client.hasFetchedToken() ? client : undefined;
}
