import * as pulumi from "@pulumi/pulumi";

import type { TenantConnectionSettings } from "../client/connection";
import { SECRET_CONNECTION_FIELDS } from "../client/settings";

/** The connection settings a `tenant` argument may carry besides its domain: the timeouts are per stack. */
type TenantArgSettings = Omit<
  TenantConnectionSettings,
  "domain" | "timeoutSeconds" | "rateLimitBudgetSeconds"
>;

/**
 * An explicit tenant for one resource or function call, so one program can manage several tenants: the
 * connection settings of {@link TenantConnectionSettings}, each of which may be an output. When given, it is
 * used alone: nothing is taken from the stack config or the environment. `domain` is required; the
 * credential fields are stored in Pulumi state as secrets.
 */
export type TenantArgs = {
  [K in keyof TenantArgSettings]?: pulumi.Input<Exclude<TenantArgSettings[K], undefined>>;
} & {
  /** Host name (`my-tenant.eu.example.com`) or URL; plain `http` only for loopback addresses. */
  domain: pulumi.Input<string>;
};

/** {@link TenantArgs} with every value resolved. */
export type TenantInputs = { [K in keyof TenantArgs]: pulumi.Unwrap<TenantArgs[K]> };

/**
 * The tenant a resource or function talks to: the name of a tenant of the stack config key
 * `tenant-admin:tenants` (`"eu"`, whose settings are `tenant-admin:tenants.eu.domain`, `.clientId`,
 * `.clientSecret`, …), or its settings ({@link TenantArgs}). A name keeps the credentials out of the state: the
 * provider reads them from the stack config at each operation.
 */
export type TenantSelector = TenantArgs | string;

/** {@link TenantSelector} resolved: a name, or {@link TenantInputs}. */
export type ResolvedTenant = TenantInputs | string;

/**
 * Marks the credential fields of a tenant argument secret, so they are encrypted in state. A name holds no
 * credential and is kept as it is.
 */
export function secretTenant(
  tenant: pulumi.Input<TenantSelector> | undefined,
): pulumi.Input<TenantSelector> | undefined {
  if (tenant === undefined || tenant === null || typeof tenant === "string") return tenant ?? undefined;
  // An output may resolve to nothing: then there is no explicit tenant, as if none was given.
  return pulumi.output(tenant).apply((resolved: ResolvedTenant | null | undefined) =>
    resolved === undefined || resolved === null || typeof resolved === "string"
      ? (resolved ?? undefined)
      : {
          ...resolved,
          ...Object.fromEntries(
            SECRET_CONNECTION_FIELDS.flatMap((field) =>
              resolved[field] === undefined ? [] : [[field, pulumi.secret(resolved[field])]],
            ),
          ),
        },
  ) as pulumi.Output<TenantSelector>;
}
