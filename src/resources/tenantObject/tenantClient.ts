import type { TenantConnection } from "../../client/connection";
import type * as ManagementClientModule from "../../client/managementClient";
import type { ManagementClient } from "../../client/managementClient";
import type * as RunCacheModule from "../../client/runCache";
import { engineLog } from "../../engine/log";

type ClientModules = [typeof ManagementClientModule, typeof RunCacheModule];

let loaded: ClientModules | undefined;

/**
 * Loads the HTTP client (axios, and the token code). A preview's `check` and `diff` of a resource already in
 * state never talk to the tenant, and the engine starts the dynamic-provider process afresh for every
 * command, so loading it there would only slow every preview: it is loaded at the first request.
 */
async function clientModules(): Promise<ClientModules> {
  return (loaded ??= await Promise.all([
    import("../../client/managementClient"),
    import("../../client/runCache"),
  ]));
}

/** The shared client of a tenant, with the HTTP client loaded on first use. */
export async function tenantClient(connection: TenantConnection): Promise<ManagementClient> {
  const [{ managementClientFor }, { commandRunCache }] = await clientModules();
  return managementClientFor(connection, { log: engineLog, runCache: commandRunCache() });
}

/**
 * The tenant's client when this process has already fetched a token for it (a preview's write check did),
 * else `undefined`; never loads the HTTP client itself.
 */
export async function tenantClientWithToken(
  connection: TenantConnection,
): Promise<ManagementClient | undefined> {
  if (loaded === undefined) return undefined;
  const client = await tenantClient(connection);
  return client.hasFetchedToken() ? client : undefined;
}
