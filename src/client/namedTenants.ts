/**
 * The named tenants of the stack config: `tenant-admin:tenants`, a map from a name to that tenant's connection
 * settings, which a `tenant: "eu"` argument selects. Below `connection.ts`.
 */
import { closestMatch } from "../wire/suggestions";
import type { TenantConnectionSettings } from "./connectionSettings";
import { TenantConfigError } from "./errors";
import { CONNECTION_FIELDS, TENANTS_CONFIG_KEY } from "./settings";

const SETTING = `pulumi config set --path ${TENANTS_CONFIG_KEY}`;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The map as the stack config holds it: the program's config gives a structured value as JSON text, the
 * dynamic-provider host as text or as the object itself, depending on the engine.
 */
function tenantsMap(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return {};
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  if (!isMap(value)) {
    // Never the value: it holds credentials.
    throw new TenantConfigError(
      `The stack config key ${TENANTS_CONFIG_KEY} must be a map of tenant names to their settings; set it ` +
        `one setting at a time: ${SETTING}.eu.domain my-tenant.eu.example.com`,
    );
  }
  return value;
}

/**
 * The names `raw`, the value of `tenant-admin:tenants`, gives tenants, in its order.
 *
 * @throws TenantConfigError when it is not a map
 */
export function namedTenantNames(raw: unknown): string[] {
  return Object.keys(tenantsMap(raw));
}

/**
 * The settings of the tenant `name` in `raw`, the value of `tenant-admin:tenants`.
 *
 * @throws TenantConfigError when the name is blank or not in the map (naming the known ones and the nearest),
 *   when its entry is not a map, or when it sets a key the package does not read (naming the nearest one)
 */
export function namedTenantSettings(name: string, raw: unknown): TenantConnectionSettings {
  const tenants = tenantsMap(raw);
  const known = Object.keys(tenants);
  if (name.trim() === "") {
    throw new TenantConfigError(
      `The tenant argument is a blank name: name a tenant of the stack config key ${TENANTS_CONFIG_KEY} ` +
        `(${known.length === 0 ? "none is set" : `known: ${known.join(", ")}`}), or give {domain, clientId, clientSecret}.`,
    );
  }
  const entry = tenants[name];
  if (entry === undefined) {
    const meant = closestMatch(name, known);
    throw new TenantConfigError(
      `The tenant "${name}" is not in the stack config key ${TENANTS_CONFIG_KEY}` +
        (known.length === 0 ? ", which sets no tenant" : ` (known: ${known.join(", ")})`) +
        (meant === undefined ? "." : `; did you mean "${meant}"?`) +
        (/[.:/]/.test(name)
          ? " A tenant argument that is a string names a tenant of that map; for a domain, give " +
            "{domain, clientId, clientSecret}."
          : ` To add it: ${SETTING}.${name}.domain <domain>, with its clientId and clientSecret (--secret).`),
    );
  }
  if (!isMap(entry)) {
    throw new TenantConfigError(
      `The stack config key ${TENANTS_CONFIG_KEY}.${name} must be a map of settings ` +
        `(domain, clientId, clientSecret, …): ${SETTING}.${name}.domain <domain>`,
    );
  }
  const fields: readonly string[] = CONNECTION_FIELDS;
  for (const key of Object.keys(entry)) {
    if (fields.includes(key)) continue;
    const meant = closestMatch(key, CONNECTION_FIELDS);
    throw new TenantConfigError(
      `The stack config key ${TENANTS_CONFIG_KEY}.${name}.${key} is not a setting the package reads` +
        (meant === undefined
          ? `; the settings are ${CONNECTION_FIELDS.join(", ")}.`
          : `; did you mean ${TENANTS_CONFIG_KEY}.${name}.${meant}?`),
    );
  }
  return entry;
}
