import type { ObjectEmulation, Refusal, TenantView } from "../../wire/emulation";
import { RefusalError, customRoute, documentOverrides } from "../../wire/emulation";
import { isRecord } from "../../wire/json";
import type { TenantSettingsResponse } from "./api";
import { SANDBOX_VERSIONS_AVAILABLE, newTenantSettings } from "./document";
import {
  LIFETIMES_IN_MINUTES,
  TENANT_SETTINGS_FIELDS,
  TENANT_SETTINGS_PATH,
  getTenantSettings,
  patchTenantSettings,
  tenantSettingsResponseSchema,
} from "./api";

export { newTenantSettings } from "./document";

type JsonObject = Record<string, unknown>;

/** Copies `value` into `target[key]` as data, whatever the key (no prototype setter). */
function put(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A 400 `invalid_query_string` in the platform's message form, naming the parameter. */
function queryError(parameter: string, reason: string): RefusalError {
  return new RefusalError(
    400,
    `Query validation error: '${reason}' on property ${parameter}.`,
    "invalid_query_string",
  );
}

/** Members a PATCH replaces whole even when it sends an object: a list and how to use it. */
const REPLACED_WHOLE = ["country_codes"];

/** A PATCH that sets `default_redirection_uri` to `""` removes it, as `null` does. */
const EMPTY_MEANS_REMOVE = ["default_redirection_uri"];

/**
 * A tenant enrolled in the Unified Phone Experience (`phone_consolidated_experience: true`, as a new tenant
 * answers) refuses the legacy phone endpoints (templates, selected provider, Twilio account), as the platform
 * does. A tenant whose settings do not say is served: the deploy CLI's e2e tenant (auth0/auth0-deploy-cli
 * `test/e2e/recordings/should-dump-without-throwing-an-error.json` #4, #30, #31, #33) answers its settings
 * without the member and `GET /guardian/factors/sms/templates`, `…/sms/providers/twilio` and
 * `…/phone/selected-provider` with 200.
 */
export function legacyEndpointRefusal(tenant: TenantView): Refusal | undefined {
  const settings = tenant.document<Record<string, unknown>>(TENANT_SETTINGS_PATH) ?? {};
  return settings["phone_consolidated_experience"] === true
    ? {
        status: 403,
        message:
          "Insufficient privileges to use this deprecated feature. To handle Phone Provider/Templates refer to Tenant Phone Settings",
        errorCode: "legacy_mfa_phone_provider_not_allowed",
      }
    : undefined;
}

/**
 * A settings PATCH as recorded real tenants apply it: each top-level property sent replaces the stored one,
 * except that an object sent over a stored object (`flags`, `error_page`, `change_password`, …) is merged into
 * it member by member, `{}` empties it (but `flags: {}` changes no flag), and `country_codes` is replaced whole;
 * `null` removes the property, and so does `default_redirection_uri: ""` (later reads no longer return it); a
 * lifetime given in minutes (`idle_session_lifetime_in_minutes: 15`) is stored in hours under its own name
 * (`0.25`).
 */
function mergeSettings(stored: Readonly<TenantSettingsResponse>, patch: JsonObject): TenantSettingsResponse {
  const merged: JsonObject = { ...stored };
  for (const [sentKey, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const lifetime = LIFETIMES_IN_MINUTES.find((name) => sentKey === `${name}_in_minutes`);
    const key = lifetime ?? sentKey;
    if (value === null || (value === "" && EMPTY_MEANS_REMOVE.includes(key))) {
      delete merged[key];
      continue;
    }
    const current = merged[key];
    const mergesMembers =
      isRecord(value) &&
      isRecord(current) &&
      !REPLACED_WHOLE.includes(key) &&
      (key === "flags" || Object.keys(value).length > 0);
    const next =
      lifetime !== undefined ? (value as number) / 60 : mergesMembers ? { ...current, ...value } : value;
    put(merged, key, next);
  }
  return merged;
}

/** Settings members only a GET answers (a PATCH's answer leaves them out): the sandbox versions on offer. */
const READ_ONLY = "sandbox_versions_available";

/** The settings as a GET answers them: with the sandbox versions on offer, last, as recorded GETs have them. */
function settingsRead(stored: Readonly<JsonObject>): JsonObject {
  const { [READ_ONLY]: available, ...rest } = stored;
  return { ...rest, [READ_ONLY]: available ?? [...SANDBOX_VERSIONS_AVAILABLE] };
}

/**
 * Flags only a PATCH answers, with the value every recorded PATCH answer has (57 answers of 16 cassettes,
 * 2022 to 2025); no GET returns them.
 */
const PATCH_ONLY_FLAGS = {
  cannot_change_enforce_client_authentication_on_passwordless_start: true,
  enforce_client_authentication_on_passwordless_start: true,
};

/** The settings as a PATCH answers them: without what only a GET returns, with the flags only a PATCH returns. */
function settingsWritten(stored: Readonly<TenantSettingsResponse>): TenantSettingsResponse {
  const written: JsonObject = { ...stored };
  delete written[READ_ONLY];
  if (isRecord(stored.flags)) written["flags"] = { ...PATCH_ONLY_FLAGS, ...stored.flags };
  return written;
}

/** Settings members a plan without the Highly Regulated Identity add-on cannot set, in the order it names them. */
const HIGHLY_REGULATED_MEMBERS = [
  "acr_values_supported",
  "mtls",
  "pushed_authorization_requests_supported",
] as const;

/**
 * The 403 of a PATCH that sets members the plan does not include (removing them with `null` is allowed),
 * naming them all, as a recorded tenant answered; nothing of the PATCH is applied.
 */
function planRefusal(tenant: TenantView, sent: Readonly<JsonObject> | undefined): Refusal | undefined {
  if (sent === undefined || !tenant.lacks("highlyRegulatedIdentity")) return undefined;
  const used = HIGHLY_REGULATED_MEMBERS.filter((name) => sent[name] !== undefined && sent[name] !== null);
  return used.length === 0
    ? undefined
    : {
        status: 403,
        message: `Please upgrade your subscription to use ${used.join(", ")}.`,
        errorCode: "feature_not_enabled",
      };
}

/**
 * Field selection: `fields` must match the published OpenAPI pattern (known names, commas only); empty or
 * absent means all. `include_fields` `true` or absent includes them, `false` excludes them. A nested name
 * (`universal_login.colors`) selects that member of its object.
 */
function selectSettings(settings: Readonly<JsonObject>, query: URLSearchParams): JsonObject {
  const single = (name: string): string | undefined => {
    const values = query.getAll(name);
    if (values.length > 1) throw queryError(name, "Expected type string but found type array");
    return values[0];
  };
  const includeValue = single("include_fields");
  if (includeValue !== undefined && includeValue !== "true" && includeValue !== "false") {
    throw queryError("include_fields", "Expected type boolean but found type string");
  }
  const fieldsValue = single("fields") ?? "";
  if (fieldsValue === "") return { ...settings };
  const known: readonly string[] = TENANT_SETTINGS_FIELDS;
  const names = fieldsValue.split(",");
  if (!names.every((name) => known.includes(name))) {
    const unknown = names.find((name) => name.trim() !== "" && !known.includes(name.trim()));
    throw queryError(
      "fields",
      unknown === undefined
        ? "String does not match pattern: known field names joined by commas, without spaces or empty names"
        : `No enum match for: ${JSON.stringify(unknown.slice(0, 100))}`,
    );
  }
  const include = includeValue !== "false";
  const result: JsonObject = include ? {} : { ...settings };
  for (const name of names) {
    const [top = name, member] = name.split(".");
    if (!Object.prototype.hasOwnProperty.call(settings, top)) continue;
    const value = settings[top];
    const selected = result[top];
    if (member === undefined) {
      if (include) put(result, top, value);
      else delete result[top];
    } else if (isRecord(value) && Object.prototype.hasOwnProperty.call(value, member)) {
      if (include && selected !== value) {
        // A fresh object: members of the stored one are copied into it, never the other way.
        const partial: JsonObject = isRecord(selected) ? selected : {};
        put(partial, member, value[member]);
        put(result, top, partial);
      } else if (!include && isRecord(selected)) {
        put(result, top, Object.fromEntries(Object.entries(selected).filter(([key]) => key !== member)));
      }
    }
  }
  return result;
}

/** The settings an emulator is started with, checked with the settings response schema. */
function settingsSeed(settings: Readonly<JsonObject>): TenantSettingsResponse {
  const parsed = tenantSettingsResponseSchema.safeParse(structuredClone(settings));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`settings: ${issue?.path.join(".") ?? ""} ${issue?.message ?? "is invalid"}`.trim());
  }
  return parsed.data;
}

/** The tenant settings: read with field selection, changed by PATCH as real tenants apply it. */
export const emulation: ObjectEmulation = {
  // The GET is the route below (field selection); a new tenant's settings are the emulator's seed when given.
  document: documentOverrides<TenantSettingsResponse>({
    endpoints: [patchTenantSettings],
    stored: tenantSettingsResponseSchema,
    initial: (tenant) =>
      tenant.settings === undefined ? newTenantSettings() : settingsSeed(tenant.settings),
    merge: mergeSettings,
    view: settingsRead,
    written: settingsWritten,
    unavailable: planRefusal,
    legacyKey: "settings",
  }),
  routes: [
    customRoute(getTenantSettings, async ({ tenant, query }) =>
      selectSettings(settingsRead(tenant.document<JsonObject>(TENANT_SETTINGS_PATH) ?? {}), query),
    ),
  ],
};
