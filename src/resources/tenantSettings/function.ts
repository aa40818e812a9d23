import type * as pulumi from "@pulumi/pulumi";

import type { CamelCaseKey, CamelCased } from "../../wire/casing";
import { toCamelKey } from "../../wire/casing";
import { TenantConfigError } from "../../client/errors";
import type { FunctionOutputOptions } from "../../engine/functionDependencies";
import { readAsOutput } from "../../engine/functionDependencies";
import type { TenantSelector, ResolvedTenant } from "../../engine/tenantArgs";
import { closestMatch } from "../../wire/suggestions";
import { handledEarly } from "../../engine/handledOutputs";
import { readNamed } from "../tenantObject/program/programFunction";
import type { TenantSettingsField, TenantSettingsResponse } from "./api";
import { readDocument } from "../tenantObject/documentRead";
import { TENANT_SETTINGS_FIELDS, settingsQuery } from "./api";
import { tenantSettingsDocument } from "./document";

/**
 * The tenant-wide settings, in the package's spelling (`friendlyName`, `sessionLifetime`,
 * `flags.enableSso`, …). Every field is optional: the service returns only what is set. Fields the
 * platform adds beyond the spec are kept. Documented defaults: `friendlyName` "My Company",
 * `sessionLifetime` 168 (hours), `idleSessionLifetime` 72, `ephemeralSessionLifetime` 72 (minimum 1),
 * `idleEphemeralSessionLifetime` 24 (minimum 1), `sandboxVersion` "22", `defaultAudience` and
 * `defaultDirectory` "", `resourceParameterProfile` "audience". Free-form maps (CSP `directives`,
 * `reportingEndpoints`) keep their keys verbatim.
 */
export type TenantSettings = CamelCased<TenantSettingsResponse>;

/** A top-level settings field, as `fields` names it (`friendlyName`, `sessionLifetime`, …). */
export type TenantSettingsFieldName = CamelCaseKey<TenantSettingsField>;

/** The settings a call returns: narrowed to `fields` when they are included, without them when excluded. */
export type SelectedTenantSettings<
  F extends readonly TenantSettingsFieldName[],
  I extends boolean | undefined,
> = [F[number]] extends [never]
  ? TenantSettings
  : I extends false
    ? Omit<TenantSettings, F[number]>
    : Pick<TenantSettings, Extract<F[number], keyof TenantSettings>>;

/**
 * Arguments of {@link getTenantSettings}.
 *
 * - `fields`: top-level fields to include (or exclude, with `includeFields: false`), checked against
 *   the known names before any call. Default: all fields.
 * - `includeFields` (default true): whether `fields` are included or excluded.
 * - `tenant`: a name of `tenant-admin:tenants`, or an explicit tenant; default: stack config `tenant-admin:*`, then `AUTH0_*` environment
 *   variables.
 */
export interface GetTenantSettingsArgs<
  F extends readonly TenantSettingsFieldName[] = readonly TenantSettingsFieldName[],
  I extends boolean | undefined = boolean | undefined,
> {
  /**
   * Top-level fields (camelCase) to include, or to exclude with `includeFields: false`; checked against the
   * known names before any call. Default: all fields.
   */
  fields?: F;
  /** Default `true`: return only `fields`. `false`: return every field except `fields`. */
  includeFields?: I;
  /** The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables. */
  tenant?: ResolvedTenant;
}

/** {@link GetTenantSettingsArgs} whose values may be outputs of other resources. */
export interface GetTenantSettingsOutputArgs<
  F extends readonly TenantSettingsFieldName[] = readonly TenantSettingsFieldName[],
  I extends boolean | undefined = boolean | undefined,
> extends Omit<GetTenantSettingsArgs<F, I>, "tenant"> {
  /** The tenant: a name of `tenant-admin:tenants`, or its settings (which may be outputs), used alone. Default: stack config, then environment. */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The arguments {@link getTenantSettings} takes: any other is refused, naming it. */
const ARGUMENTS = [
  "fields",
  "includeFields",
  "tenant",
] as const satisfies readonly (keyof GetTenantSettingsArgs)[];

/** The wire names of `fields`, checked before any call. */
function wireFields(fields: readonly string[]): TenantSettingsField[] {
  const byName = new Map(TENANT_SETTINGS_FIELDS.map((field) => [toCamelKey(field), field]));
  return fields.map((name) => {
    const field = byName.get(name);
    if (field === undefined) {
      const known = [...byName.keys()];
      const meant = closestMatch(name, known);
      throw new TenantConfigError(
        `unknown field "${name}" in fields${meant === undefined ? "" : ` (did you mean ${meant}?)`}; ` +
          `known fields: ${known.join(", ")}`,
      );
    }
    return field;
  });
}

/**
 * Reads the tenant's settings (one `GET /api/v2/tenants/settings`), optionally restricted to `fields`.
 * Runs at preview and update alike, when the program calls it: before the resources of the same `pulumi up`
 * are written (`getTenantSettingsOutput` with `dependsOn` reads after them). Needs the scope `read:tenant_settings`. Errors are the package's own
 * classes (`TenantApiError`, `TenantConfigError`, …, all `TenantAdminError`s), so a program can catch
 * them with `instanceof`; uncaught, Pulumi prints one line: the message, without a stack.
 *
 * @param _opts accepted for symmetry with Pulumi's invoke functions; it has no effect.
 */
export async function getTenantSettings<
  const F extends readonly TenantSettingsFieldName[] = [],
  I extends boolean | undefined = undefined,
>(
  args: GetTenantSettingsArgs<F, I> = {},
  _opts?: pulumi.InvokeOptions,
): Promise<SelectedTenantSettings<F, I>> {
  return readNamed("getTenantSettings", args, ARGUMENTS, async (tenantClient) => {
    const fields = args.fields === undefined ? undefined : wireFields(args.fields);
    const query = settingsQuery(fields, args.includeFields);
    // The service honours `fields`, so the settings hold exactly the selected ones.
    const settings: SelectedTenantSettings<F, I> = await readDocument(
      await tenantClient(),
      tenantSettingsDocument,
      query,
    );
    return settings;
  });
}

/**
 * {@link getTenantSettings} as an Output, for arguments that are outputs of other resources. The
 * result is not secret, even when the tenant's credentials are.
 *
 * The read runs as the program starts, beside the resources' writes: it shows the tenant as it was before
 * the same `pulumi up` unless `opts.dependsOn` names the resources to read after (then the next preview
 * shows no output change).
 */
export function getTenantSettingsOutput<
  const F extends readonly TenantSettingsFieldName[] = [],
  I extends boolean | undefined = undefined,
>(
  args: GetTenantSettingsOutputArgs<F, I> = {},
  opts?: FunctionOutputOptions,
): pulumi.Output<SelectedTenantSettings<F, I>> {
  return handledEarly(
    readAsOutput(args, opts, (resolved: GetTenantSettingsArgs<F, I>) =>
      getTenantSettings<F, I>(resolved, opts),
    ),
  );
}
