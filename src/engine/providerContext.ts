import * as pulumi from "@pulumi/pulumi";

import type { TenantConnection, TenantConnectionSettings } from "../client/connection";
import { resolveTenantConnection } from "../client/connection";
import { TenantConfigError } from "../client/errors";
import { CONFIG_KEYS } from "../client/settings";
import type { TenantInputs } from "./tenantArgs";
import { containsUnknown } from "./unknowns";

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
