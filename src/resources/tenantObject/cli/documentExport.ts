import { toCamelDeep, toCamelKey } from "../../../wire/casing";
import { TenantApiError } from "../../../client/errors";
import type { DocumentDescription, ResourceIdentity } from "../../../wire/document";
import { schemaFailures } from "../checkFailures";
import type { ObjectExport } from "./exporting";
import type { Member } from "./exporting";
import { adoptionOf, newResource } from "./exporting";
import { differencesFromNewTenant } from "../singleton";

/**
 * `tenant-admin export` of a document: one resource declaring every member of the tenant's document that
 * its PATCH takes (a member it refuses, read-only, unknown to this version or holding a value beyond the input
 * rules, is left out with a `Skipped` line naming the rule). A plan that lacks the document's feature, or a tenant without the document, skips it. Secret fields
 * are never returned, so a document with secrets gives its own export.
 */
export function documentExport(
  document: DocumentDescription & { readonly resource: ResourceIdentity },
): ObjectExport<Record<string, unknown>> {
  return {
    async read({ client }) {
      try {
        return { snapshot: (await client.send(document.get)) as Record<string, unknown>, skipped: [] };
      } catch (error) {
        const refusal = document.entitlement?.refusal;
        if (
          error instanceof TenantApiError &&
          refusal !== undefined &&
          error.errorCode === refusal.errorCode
        ) {
          return {
            skipped: [`${document.label}: the tenant's plan does not include it (${refusal.message})`],
          };
        }
        if (error instanceof TenantApiError && error.status === 404) {
          return { skipped: [`${document.label}: the tenant has none`] };
        }
        throw error;
      }
    },

    declare(snapshot, host) {
      const skipped: string[] = [];
      const members: Member[] = [];
      for (const [key, value] of Object.entries(snapshot).sort(([a], [b]) => a.localeCompare(b))) {
        if (value === undefined || value === null) continue;
        const [refused] =
          document.patch.request === undefined
            ? [{ property: toCamelKey(key), reason: "is not one a PATCH takes" }]
            : schemaFailures(document.patch.request, { [key]: value }, document.verbatim ?? []);
        if (refused !== undefined) {
          // A tenant may hold what a program may not declare: the program leaves the member as it is.
          skipped.push(
            `${document.label} member ${toCamelKey(key)}: the tenant's value is not one a program may declare ` +
              `(${refused.property}: ${refused.reason}); left as the tenant has it`,
          );
          continue;
        }
        const camel = toCamelDeep({ [key]: value }, document.verbatim ?? []) as Record<string, unknown>;
        members.push([toCamelKey(key), camel[toCamelKey(key)]]);
      }
      const adoption = adoptionOf(host, document.get.path, differencesFromNewTenant(document, snapshot));
      const lines = [
        `// The ${document.label}, as the tenant has it.`,
        ...adoption.comment,
        newResource(document.resource.type, document.name, members, adoption.options),
      ];
      return { declarations: [{ imports: [document.resource.type], lines, secrets: [] }], skipped };
    },
  };
}
