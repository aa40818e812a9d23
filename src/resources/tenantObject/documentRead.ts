import type { CamelCased } from "../../wire/casing";
import { toCamelDeep } from "../../wire/casing";
import type { ManagementClient } from "../../client/managementClient";
import type { DocumentDescription } from "../../wire/document";

/**
 * A document as the tenant has it, in the user's spelling (free-form maps verbatim): one GET, narrowed by
 * `query` where the endpoint takes one (the settings' `fields`). What a resource's read projects to its
 * declared members, and what `getTenantSettings` returns.
 */
export async function readDocument<Response extends object>(
  client: ManagementClient,
  document: DocumentDescription<object, Response>,
  query?: Readonly<Record<string, string>>,
): Promise<CamelCased<Response>> {
  const answer: Response = await client.send(document.get, query === undefined ? {} : { query });
  return toCamelDeep<Response>(answer, document.verbatim ?? []);
}
