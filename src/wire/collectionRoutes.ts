/**
 * What the emulator's routes of a collection share (the branding phone providers and notification templates):
 * the ids and tenant name its items get, the item a path's `{id}` names, the delete of one, and the list's
 * `?disabled=` filter, each as the platform answers it.
 */
import { randomInt } from "node:crypto";

import type { RouteContext } from "./emulation";
import { RefusalError, customRoute } from "./emulation";
import type { Endpoint } from "./endpoint";

/** The tenant name the emulator's items report (`tenant`). */
export const EMULATED_TENANT_NAME = "tenant-emulator";

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A collection of the tenant as the platform serves it. */
export interface EmulatedCollectionPlace {
  /** The collection's path, under which the emulator stores its items. */
  readonly path: string;
  /** What an item's id starts with (`pro_`, `tem_`); 22 letters and digits follow, as in every recorded one. */
  readonly idPrefix: string;
  /** The message of the platform's 404 for an id the tenant does not have. */
  readonly notFound: string;
}

/** A collection's items, as its routes read and change them. */
export interface EmulatedCollection {
  readonly path: string;
  /** A new item's id. */
  newId(): string;
  /** The item the path's `{id}` names, or the platform's 404 for an id the tenant lacks. */
  item<Item extends { id: string }>(context: RouteContext<unknown>): Item;
  /** `DELETE <path>/{id}`: removes the item (then 404), answers nothing. */
  deleteRoute(endpoint: Endpoint<undefined, undefined>): ReturnType<typeof customRoute>;
}

/** The items of the collection at `place.path`. */
export function emulatedCollection(place: EmulatedCollectionPlace): EmulatedCollection {
  const item = <Item extends { id: string }>(context: RouteContext<unknown>): Item => {
    const id = context.params["id"] ?? "";
    const found = context.tenant.items<Item>(place.path).find((stored) => stored.id === id);
    if (found === undefined) throw new RefusalError(404, place.notFound);
    return found;
  };
  return {
    path: place.path,
    newId: () =>
      `${place.idPrefix}${Array.from({ length: 22 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("")}`,
    item,
    deleteRoute: (endpoint) =>
      customRoute(endpoint, async (context) => {
        await context.tenant.setItem(place.path, item(context).id, undefined);
        return undefined;
      }),
  };
}

/** The list's `?disabled=`: `true`, `false` or absent (`undefined`), else the platform's query refusal. */
export function disabledFilter(query: URLSearchParams): boolean | undefined {
  const disabled = query.get("disabled");
  if (disabled === null) return undefined;
  if (disabled !== "true" && disabled !== "false") {
    throw new RefusalError(
      400,
      "Query validation error: 'Expected type boolean but found type string' on property disabled.",
      "invalid_query_string",
    );
  }
  return disabled === "true";
}
