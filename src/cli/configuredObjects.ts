import type { TenantAdminError } from "../client/errors";
import { TenantApiError } from "../client/errors";
import type { Adoptable } from "../resources/registry";
import { tenantObjectId } from "../resources/tenantObject/adoption";
import { toCamelDeep } from "../wire/casing";
import { differencesFromNewTenant } from "../resources/tenantObject/singleton";
import { objectTitle } from "./scopeNeeds";
import type { Generation, ObjectRead } from "./tenantReads";
import { appliesTo, oneLine } from "./tenantReads";

/** An object someone already configured: a program adopts it with the `import` resource option. */
export interface ConfiguredObject {
  /** The resource type that manages it: `BotDetection`. */
  readonly resource: string;
  /** What differs from a new tenant's (the resource's property names), or the template's type. */
  readonly differs: readonly string[];
  /** The value of the `import` option that adopts it: `<host><api path>`. */
  readonly import: string;
  /** One line about it. */
  readonly summary: string;
}

/** What the reads show is already configured, what could not be read, and whether a read failed unexpectedly. */
interface Configured {
  readonly objects: ConfiguredObject[];
  /** Objects not read, each with why (`BotDetection (403 insufficient_entitlement)`). */
  readonly unread: string[];
  /** Whether a read failed for a reason no other check reports. */
  readonly failed: boolean;
}

/**
 * What the tenant already has of each resource of its generation, each with the `import` value that adopts it
 * (`<host><api path>`): a document's properties that differ from a new tenant's (`differencesFromNewTenant`, as a
 * create decides whether it may take the object), another object's as its `adoptable` hook finds them.
 */
export async function configuredObjects(
  host: string,
  reads: readonly ObjectRead[],
  generation: Generation,
): Promise<Configured> {
  const objects: ConfiguredObject[] = [];
  const unread: string[] = [];
  let failed = false;
  for (const { object, outcome } of reads.filter((read) => read.object.resource !== undefined)) {
    if (!appliesTo(generation)(object)) continue;
    if (!("value" in outcome)) {
      unread.push(
        `${objectTitle(object)} (${"error" in outcome ? errorCodeOf(outcome.error) : outcome.notRead})`,
      );
      failed ||= "error" in outcome && !expectedRefusal(outcome.error);
      continue;
    }
    const found: Adoptable[] =
      object.document !== undefined
        ? documentDifference(object.document, outcome.value, host, objectTitle(object))
        : ((await object.adoptable?.())?.adoptable(outcome.value, host) ?? []);
    objects.push(
      ...found.map(({ label, differs, importId }) => ({
        resource: objectTitle(object),
        differs,
        import: importId,
        summary: `${label}: ${describe(differs, outcome.value, object.document !== undefined)}; import "${importId}"`,
      })),
    );
  }
  return { objects, unread, failed };
}

function documentDifference(
  document: NonNullable<ObjectRead["object"]["document"]>,
  answer: unknown,
  host: string,
  label: string,
): Adoptable[] {
  const differs = differencesFromNewTenant(document, (answer ?? {}) as Record<string, unknown>);
  return differs.length === 0 ? [] : [{ label, differs, importId: tenantObjectId(host, document.get.path) }];
}

/** What differs, with a document's plain values (`active_provider_id hcaptcha`); never a secret, which no read returns. */
function describe(differs: readonly string[], answer: unknown, document: boolean): string {
  if (!document) return `customized ${differs.join(", ")}`;
  // The paths are the resource's properties: the answer in the same spelling (free-form maps are never named).
  const properties = toCamelDeep(answer);
  const shown = differs.map((path) => {
    const value = path
      .split(".")
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], properties);
    const plain = typeof value === "string" || typeof value === "number" || typeof value === "boolean";
    return plain ? `${path} ${JSON.stringify(value).slice(0, 60)}` : path;
  });
  return `differs from a new tenant's in ${shown.join(", ")}`;
}

/** A refusal the other checks report: a plan without the feature, a missing scope, a client not global. */
function expectedRefusal(error: TenantAdminError): boolean {
  return (
    error instanceof TenantApiError &&
    (error.status === 401 ||
      error.errorCode === "insufficient_entitlement" ||
      error.errorCode === "insufficient_scope")
  );
}

function errorCodeOf(error: TenantAdminError): string {
  return error instanceof TenantApiError
    ? `${error.status} ${error.errorCode ?? ""}`.trim()
    : oneLine(error.message);
}
