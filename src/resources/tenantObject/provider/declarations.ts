/**
 * What a program declares, checked before anything else: a resource's inputs are its own properties (in its
 * spelling), and each object of a tenant is declared by one resource of the program.
 */
import type * as pulumi from "@pulumi/pulumi";

import { toCamelKey } from "../../../wire/casing";
import { closestMatch } from "../../../wire/suggestions";
import { IMPORT_ID_KEY } from "../adoption";
import { withoutEngineKeys } from "../inputs";

/** The members of `props` at `keys` (absent ones as undefined, so a removed input leaves the state). */
export function pick(props: object, keys: readonly string[]): Record<string, unknown> {
  const values = props as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, values[key]]));
}

/** Inputs every resource takes besides its own: the tenant, the tenant's URL (set by the class), the import id. */
const COMMON_INPUTS = ["tenant", "domain", IMPORT_ID_KEY];

/**
 * Inputs the resource does not take, each refused with the known name it likely means: a snake_case spelling
 * of a known property names its camelCase one (the wire's spelling would otherwise reach the tenant unchecked).
 */
export function unknownInputFailures(
  news: object,
  properties: readonly string[],
): pulumi.dynamic.CheckFailure[] {
  const known = [...properties, ...COMMON_INPUTS];
  return Object.keys(withoutEngineKeys(news))
    .filter((key) => !known.includes(key))
    .map((key) => {
      const meant = properties.includes(toCamelKey(key)) ? toCamelKey(key) : closestMatch(key, properties);
      return {
        property: key,
        reason: `is not a known property${meant === undefined ? "" : ` (did you mean ${meant}?)`}`,
      };
    });
}

/**
 * The resources of this program that declared each object of each tenant: the engine checks every resource of
 * a program in one provider process, so a second name for one object means two resources declare it, and the
 * tenant would keep whichever wrote last.
 */
export class Declarations {
  readonly #names = new Map<string, string>();

  /** The name of another resource that declared `object` of `tenant` first, or `undefined`. */
  claim(tenant: string, object: string, name: string): string | undefined {
    const key = JSON.stringify([tenant, object]);
    const first = this.#names.get(key);
    if (first === undefined) this.#names.set(key, name);
    return first === name ? undefined : first;
  }
}
