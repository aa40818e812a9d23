import type { TenantConnection } from "../../client/connection";
import { TenantAdminError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import { onTenantMessage } from "./providerFailure";

/** What `pulumi up` will need of a tenant to write one kind of object. */
export interface WriteNeeds {
  /** The resource type, for messages. */
  readonly resource: string;
  /** Scopes the write operations need (read from the token's claims, no request). */
  readonly scopes: readonly string[];
  /**
   * One read that tells whether the write would fail for reasons the token cannot tell (a client that is
   * not global, a plan without the feature, a tenant that no longer offers the endpoint). At most one
   * request, and only with a token that may read: `up` needs only the write scopes, so a token without
   * `scope` skips the probe rather than failing preview.
   */
  readonly probe?: WriteProbe | undefined;
}

/** The read of {@link WriteNeeds.probe} and the scope it needs. */
export interface WriteProbe {
  readonly scope: string;
  /** Fails as the write would (an API error), or returns why the write cannot succeed, or `undefined`. */
  read(client: ManagementClient): Promise<string | undefined>;
}

/**
 * Checks at preview, before anything is written, that `pulumi up` can write what the plan holds: once
 * per tenant and resource type per process (the result is remembered, so the engine's many calls cost
 * one token and at most one GET). Returns the one-line reason up would fail, or `undefined`.
 */
export class WritePreflight {
  readonly #results = new Map<string, Promise<string | undefined>>();

  check(
    connection: TenantConnection,
    client: () => Promise<ManagementClient>,
    needs: WriteNeeds,
  ): Promise<string | undefined> {
    const key = JSON.stringify([connection.baseUrl, needs.resource]);
    const known = this.#results.get(key);
    if (known !== undefined) return known;
    const result = client().then((loaded) => preflight(connection, loaded, needs));
    this.#results.set(key, result);
    return result;
  }
}

async function preflight(
  connection: TenantConnection,
  client: ManagementClient,
  needs: WriteNeeds,
): Promise<string | undefined> {
  const tenant = connection.baseUrl;
  try {
    const grant = await client.tokenGrant();
    if (grant !== undefined) {
      const missing = needs.scopes.filter((scope) => !grant.scopes.includes(scope));
      if (missing.length > 0) {
        const who =
          grant.clientId === undefined ? "the API token" : `the token of the client ${grant.clientId}`;
        return (
          `${needs.resource} cannot be written to ${tenant}: ${who} lacks the scope ` +
          `${missing.join(", ")}. Grant it to the machine-to-machine client (or use a token that has it); ` +
          "nothing was written."
        );
      }
    }
    if (needs.probe !== undefined && (grant === undefined || grant.scopes.includes(needs.probe.scope))) {
      const refusal = await needs.probe.read(client);
      if (refusal !== undefined)
        return `${needs.resource} cannot be written to ${tenant}: ${refusal} Nothing was written.`;
    }
    return undefined;
  } catch (error) {
    if (error instanceof TenantAdminError) {
      return `${needs.resource} cannot be written: ${onTenantMessage(tenant, error)} Nothing was written.`;
    }
    throw error;
  }
}
