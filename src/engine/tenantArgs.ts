import * as pulumi from "@pulumi/pulumi";

// Not the client index: the provider loads this at check, which must not load the HTTP client (axios).
import type { TenantConnection, TenantConnectionSettings } from "../client/connection";
import { resolveTenantConnection } from "../client/connection";
import { TenantConfigError } from "../client/errors";
import { CONFIG_KEYS } from "../client/settings";
import { containsUnknown } from "./unknowns";

/**
 * An explicit tenant for one resource or function call, so one program can manage several tenants.
 * When given, it is used alone: nothing is taken from the stack config or the environment. The secret
 * fields are stored in Pulumi state as secrets.
 */
export interface TenantArgs {
  /** Host name (`my-tenant.eu.example.com`) or URL; plain `http` only for loopback addresses. */
  domain: pulumi.Input<string>;
  /** Client id of a machine-to-machine client (client-credentials flow). */
  clientId?: pulumi.Input<string>;
  /** Client secret of that client; stored as a secret. */
  clientSecret?: pulumi.Input<string>;
  /** A ready management API token, used as is (client credentials are then ignored); stored as a secret. */
  apiToken?: pulumi.Input<string>;
  /** PEM private key for `private_key_jwt` client authentication (with `clientId`); stored as a secret. */
  clientAssertionPrivateKey?: pulumi.Input<string>;
  /** Signing algorithm of the client assertion: `RS256` (default), `RS384` or `PS256`. */
  clientAssertionSigningAlg?: pulumi.Input<string>;
  /** Token audience; default `https://<domain>/api/v2/`. */
  audience?: pulumi.Input<string>;
}

/** {@link TenantArgs} with every value resolved. */
export type TenantInputs = { [K in keyof TenantArgs]: pulumi.Unwrap<TenantArgs[K]> };

/** Marks the credential fields of a tenant argument secret, so they are encrypted in state. */
export function secretTenant(
  tenant: pulumi.Input<TenantArgs> | undefined,
): pulumi.Input<TenantArgs> | undefined {
  if (tenant === undefined || tenant === null) return undefined;
  // An output may resolve to nothing: then there is no explicit tenant, as if none was given.
  return pulumi.output(tenant).apply((resolved: TenantInputs | null | undefined) =>
    resolved === undefined || resolved === null
      ? undefined
      : {
          ...resolved,
          ...(resolved.clientSecret === undefined
            ? {}
            : { clientSecret: pulumi.secret(resolved.clientSecret) }),
          ...(resolved.apiToken === undefined ? {} : { apiToken: pulumi.secret(resolved.apiToken) }),
          ...(resolved.clientAssertionPrivateKey === undefined
            ? {}
            : { clientAssertionPrivateKey: pulumi.secret(resolved.clientAssertionPrivateKey) }),
        },
  ) as pulumi.Output<TenantArgs>;
}

/**
 * The stack config a dynamic provider was configured with, read once per provider process through the
 * provider's `configure`, and the connection resolution on top of it.
 */
export class ProviderContext {
  private stackConfig: TenantConnectionSettings = {};

  configure(config: pulumi.dynamic.Config): void {
    this.stackConfig = stackConfigFrom((key) => config.get(key));
  }

  /** Resolves the connection: the `tenant` input, else stack config, else environment variables. */
  connection(tenant: TenantInputs | undefined): TenantConnection {
    return resolveTenantConnection({ explicit: tenant, config: this.stackConfig, env: process.env });
  }

  /**
   * The connection for refresh and delete of a resource whose state records `domain` (and, when the
   * program gave one, its explicit `tenant`). The state's own tenant argument is used whole; otherwise
   * the configured connection is used only when it addresses the state's domain. A resource created on
   * one tenant is never read or deleted with credentials configured for another: then `undefined`.
   */
  connectionAt(domain: string | undefined, tenant: TenantInputs | undefined): TenantConnection | undefined {
    if (tenant?.domain !== undefined) return this.connection(tenant);
    const configured = this.connection(undefined);
    return domain === undefined || configured.baseUrl === domain ? configured : undefined;
  }

  /** The base URL the inputs address, or `undefined` while the tenant argument is not known (preview). */
  domainOf(tenant: TenantInputs | undefined): string | undefined {
    if (containsUnknown(tenant)) return undefined;
    return this.connection(tenant).baseUrl;
  }

  /**
   * Check failures for connection settings (domain format, missing credentials), so they show at
   * preview. Reported without a property: the engine would print the tenant input's value beside it.
   */
  tenantFailures(tenant: TenantInputs | undefined): pulumi.dynamic.CheckFailure[] {
    if (containsUnknown(tenant)) return [];
    try {
      this.connection(tenant);
      return [];
    } catch (error) {
      if (error instanceof TenantConfigError) return [{ property: "", reason: error.message }];
      throw error;
    }
  }
}

/** The stack config of the running program, for functions that run in the program process. */
export function programStackConfig(): TenantConnectionSettings {
  return stackConfigFrom((key) => pulumi.runtime.getConfig(key));
}

function stackConfigFrom(read: (key: string) => string | undefined): TenantConnectionSettings {
  const entries = Object.entries(CONFIG_KEYS).map(([field, key]) => [field, read(key)] as const);
  return Object.fromEntries(entries);
}

/**
 * Resource options for an object that exists once per tenant: a replace (`pulumi up --replace`, a
 * change of tenant) deletes the old resource before creating the new one, unless the program says
 * otherwise.
 */
export function singletonOptions(
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  return { deleteBeforeReplace: true, ...opts };
}
