import type * as pulumi from "@pulumi/pulumi";

import type { TenantConnection, TenantConnectionSources } from "../client/connection";
import { resolveTenantConnection } from "../client/connection";
import type { ManagementClient } from "../client/managementClient";
import type { ReadSharing } from "./processClients";
import { clientsLoaded, processClient } from "./processClients";

/**
 * One tenant, worked out once where a request starts (a provider method, a function call) and handed down:
 * where it is, the resolved connection, and its client, created on first use. Holds credentials: never log
 * or serialize it.
 */
export interface TenantBinding {
  /** `https://host[:port]`, no trailing slash: the tenant's URL, as state records it. */
  readonly baseUrl: string;
  /** `host[:port]`: with an object's API path, a resource's id. */
  readonly host: string;
  readonly connection: TenantConnection;
  /** The tenant's client; the HTTP client is loaded at the first call. */
  client(): Promise<ManagementClient>;
  /**
   * The tenant's client when this process has already fetched a token for it (a preview's write check did),
   * else `undefined`; never loads the HTTP client itself.
   */
  clientWithToken(): Promise<ManagementClient | undefined>;
}

/** How the inputs' `tenant` argument binds: a tenant, not yet (unknown at preview), or a check failure. */
export type InputsBinding =
  | { readonly kind: "bound"; readonly binding: TenantBinding }
  | { readonly kind: "unknown" }
  | { readonly kind: "invalid"; readonly failure: pulumi.dynamic.CheckFailure };

/**
 * Binds the tenant the sources address (see `resolveTenantConnection` for the order): the one place where
 * the package's provider and program work out a connection and take its client (the process's one,
 * `processClients.ts`).
 *
 * @throws TenantConfigError when the settings do not make a connection
 */
export function bindTenant(sources: TenantConnectionSources, sharing: ReadSharing): TenantBinding {
  const connection = resolveTenantConnection(sources);
  let client: Promise<ManagementClient> | undefined;
  const binding: TenantBinding = {
    baseUrl: connection.baseUrl,
    host: new URL(connection.baseUrl).host,
    connection,
    client: () => (client ??= processClient(connection, sharing)),
    async clientWithToken() {
      if (!clientsLoaded()) return undefined;
      const vouched = await binding.client();
      return vouched.hasFetchedToken() ? vouched : undefined;
    },
  };
  return binding;
}
