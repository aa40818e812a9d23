import { isDeepStrictEqual } from "node:util";

import type * as pulumi from "@pulumi/pulumi";

import type { ManagementClient } from "../../client/managementClient";
import type { TenantBinding } from "../../engine/binding";
import { isRecord } from "../../wire/json";
import { withoutUndefined } from "./inputs";

/**
 * The input that carries the `import` resource option's id. The Pulumi engine cannot import a dynamic
 * resource itself (its `Read` for an import sends neither inputs nor state, so the dynamic-provider host
 * finds no serialized provider and fails with `code must be a string, not undefined`). So the resource
 * classes take the option out of the resource options and hand the id to their own provider, which
 * adopts the tenant's object at create instead of writing it.
 */
export const IMPORT_ID_KEY = "importId";

/** The id of a tenant object, as a resource's state records it: `<host>/<api path>`. */
export function tenantObjectId(host: string, path: string): string {
  return `${host}${path}`;
}

/**
 * Why `id` is not a valid import id of a tenant object whose API path matches `pathPattern` (`{name}` marks a
 * path parameter) on the tenant `expectedHost`, or the path it names when it is one. The id is the resource
 * id: the tenant's host (with a port when it has one) followed by the object's API path, e.g.
 * `my-tenant.eu.example.com/<object path>`.
 */
export function importIdPath(
  id: unknown,
  pathPattern: string,
  expectedHost: string,
): { path: string } | { problem: string } {
  const example = tenantObjectId(expectedHost, pathPattern);
  if (typeof id !== "string" || id.trim() === "") {
    return { problem: `the import id must be a non-empty string such as "${example}"` };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(id)) {
    return { problem: `the import id ${JSON.stringify(id)} must not have a scheme: use "${example}"` };
  }
  const slash = id.indexOf("/");
  const host = slash < 0 ? id : id.slice(0, slash);
  const path = slash < 0 ? "" : id.slice(slash);
  const pattern = new RegExp(
    `^${pathPattern.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/\\s]+")}$`,
  );
  if (host === "" || /\s/.test(id) || !pattern.test(path)) {
    return {
      problem: `the import id ${JSON.stringify(id)} is not <tenant host>${pathPattern}, e.g. "${example}"`,
    };
  }
  if (host.toLowerCase() !== expectedHost.toLowerCase()) {
    return {
      problem:
        `the import id names the tenant ${host}, but this resource manages the tenant ${expectedHost} ` +
        "(its tenant argument, else tenant-admin:domain or AUTH0_DOMAIN): import from the tenant it manages",
    };
  }
  return { path };
}

/**
 * The property paths (`hcaptcha.siteKey`, `activeProviderId`) where what the tenant holds differs from
 * what the program declares. Only the keys of `current` are compared at the top level: it holds the
 * declared settings as the tenant has them, so inputs that are not settings are never looked at.
 */
export function differingPaths(
  declared: Record<string, unknown>,
  current: Record<string, unknown>,
): string[] {
  return Object.keys(current).flatMap((key) => pathsBetween(declared[key], current[key], key));
}

function pathsBetween(declared: unknown, current: unknown, path: string): string[] {
  if (isRecord(declared) && isRecord(current)) {
    const keys = [...new Set([...Object.keys(declared), ...Object.keys(current)])];
    return keys.flatMap((key) => pathsBetween(declared[key], current[key], `${path}.${key}`));
  }
  return isDeepStrictEqual(withoutUndefined(declared), withoutUndefined(current)) ? [] : [path];
}

/**
 * The settings without `fields` (the secrets the tenant never returns), at the top level and inside
 * each block. An adopted resource's state leaves them out, so the next `up` writes the declared values.
 */
export function withoutFields<T extends object>(settings: T, fields: readonly string[]): T {
  const strip = (value: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(value).filter(([key]) => !fields.includes(key)));
  return Object.fromEntries(
    Object.entries(strip(settings as Record<string, unknown>)).map(([key, value]) => [
      key,
      isRecord(value) ? strip(value) : value,
    ]),
  ) as T;
}

/** The check failure of an import whose declared settings differ from the tenant's. */
function mismatchFailure(label: string, paths: readonly string[]): pulumi.dynamic.CheckFailure {
  return {
    property: IMPORT_ID_KEY,
    reason:
      `cannot import: the tenant's ${label} differs from the program at ${paths.join(", ")}. Declare what ` +
      "the tenant holds (tenant-admin export writes it) to adopt it as it is, then change it in a later up. " +
      "Secrets are never compared: the tenant does not return them",
  };
}

/** What an adoption needs of a tenant-object resource. */
export interface AdoptionTarget<Inputs extends object, Settings extends object> {
  /** The object's API path, `{name}` marking a parameter. */
  readonly pathPattern: string;
  /** The object's name in messages ("CAPTCHA configuration"). */
  readonly label: string;
  /** Fields the tenant never returns (secrets). */
  readonly unreadable: readonly string[];
  /**
   * Settings the tenant gives the object and the program never declares (its id, its channel): never
   * compared with the program.
   */
  readonly outputs?: readonly string[];
  /**
   * The declared settings as the tenant holds them at `path`, `undefined` when it has no such object, or why
   * the object there cannot be the declared one.
   */
  adopt(
    client: ManagementClient,
    path: string,
    declared: Inputs,
  ): Promise<Settings | undefined | { problem: string }>;
}

/** The outcome of an adoption: why it cannot happen, or the settings the resource's state takes and its path. */
type Adoption<Settings> = { failure: pulumi.dynamic.CheckFailure } | { settings: Settings; path: string };

/**
 * Reads the object an import id names and compares it with the declared settings. The import succeeds
 * when every declarable field the tenant returns matches (the object's own id and other outputs are not
 * compared); secrets, which the tenant never returns, are not compared and are left out of the adopted settings, so the next `up` writes the declared ones (an
 * update of the secret fields alone).
 */
export async function adoption<Inputs extends object, Settings extends object>(
  binding: TenantBinding,
  target: AdoptionTarget<Inputs, Settings>,
  importId: unknown,
  declared: Inputs,
): Promise<Adoption<Settings>> {
  const named = importIdPath(importId, target.pathPattern, binding.host);
  if ("problem" in named) return { failure: { property: IMPORT_ID_KEY, reason: named.problem } };
  const current = await target.adopt(await binding.client(), named.path, declared);
  if (current === undefined) {
    return {
      failure: { property: IMPORT_ID_KEY, reason: `cannot import: the tenant has no ${target.label} there` },
    };
  }
  if ("problem" in current && typeof current.problem === "string") {
    return { failure: { property: IMPORT_ID_KEY, reason: `cannot import: ${current.problem}` } };
  }
  const outputs = target.outputs ?? [];
  const declarable = Object.fromEntries(
    Object.entries(current as Record<string, unknown>).filter(([key]) => !outputs.includes(key)),
  );
  const paths = differingPaths(declared as Record<string, unknown>, declarable);
  if (paths.length > 0) return { failure: mismatchFailure(target.label, paths) };
  return { settings: withoutFields(current as Settings, target.unreadable), path: named.path };
}

/**
 * Takes the `import` option out of a tenant-object resource's options: the engine would try to import the
 * dynamic resource itself and fail (see {@link IMPORT_ID_KEY}). The id becomes the `importId` input.
 */
export function withoutImportOption(opts: pulumi.CustomResourceOptions | undefined): {
  importId: pulumi.Input<string> | undefined;
  opts: pulumi.CustomResourceOptions | undefined;
} {
  if (opts?.import === undefined) return { importId: undefined, opts };
  const { import: importId, ...rest } = opts;
  return { importId, opts: rest };
}
