import type { TenantObject } from "../resources/registry";
import { OBJECTS } from "../resources/registry";

/** A scope the package needs and what lacks it blocks. */
export interface MissingScope {
  readonly scope: string;
  /** What cannot be used without it: resource types (`BotDetection`), else the object's label. */
  readonly blocks: readonly string[];
}

/** How the report names an object: its resource's type, else its label (`tenant settings`). */
export function objectTitle(object: TenantObject): string {
  return object.resource?.type ?? object.label;
}

/**
 * The scopes of the registry's endpoints that `granted` lacks, each with the objects whose endpoints need it,
 * among the objects `applies` keeps (those of the tenant's phone generation): the scopes each resource needs
 * are exactly those of the endpoints the registry lists for it.
 */
export function missingScopes(
  granted: readonly string[],
  applies: (object: TenantObject) => boolean = () => true,
  objects: readonly TenantObject[] = OBJECTS,
): MissingScope[] {
  const blocked = new Map<string, string[]>();
  for (const object of objects.filter(applies)) {
    for (const scope of new Set(object.endpoints.map((endpoint) => endpoint.scope))) {
      if (granted.includes(scope)) continue;
      const titles = blocked.get(scope) ?? [];
      blocked.set(scope, [...titles, objectTitle(object)]);
    }
  }
  return [...blocked].map(([scope, blocks]) => ({ scope, blocks }));
}
