import { toCamelDeep, toCamelKey } from "../../client/casing";
import { TenantApiError } from "../../client/errors";
import type { DocumentDescription, ResourceIdentity } from "../../wire/document";
import type { ObjectExport } from "./exporting";
import { adoptionOf, literal, objectLiteral } from "./exporting";
import { differencesFromNewTenant } from "./singleton";

/**
 * `tenant-admin export` of a document: one resource declaring every member of the tenant's document that
 * its PATCH takes (a member it refuses, read-only or unknown to this version, is left out with a `Skipped`
 * line). A plan that lacks the document's feature, or a tenant without the document, skips it. Secret fields
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
      const members: [string, string][] = [];
      for (const [key, value] of Object.entries(snapshot).sort(([a], [b]) => a.localeCompare(b))) {
        if (value === undefined || value === null) continue;
        if (document.patch.request?.safeParse({ [key]: value }).success !== true) {
          skipped.push(`${document.label} member ${key}: not one a PATCH takes in this version`);
          continue;
        }
        const camel = toCamelDeep({ [key]: value }, document.verbatim ?? []) as Record<string, unknown>;
        members.push([toCamelKey(key), literal(camel[toCamelKey(key)])]);
      }
      const adoption = adoptionOf(host, document.get.path, differencesFromNewTenant(document, snapshot));
      const lines = [
        `// The ${document.label}, as the tenant has it.`,
        ...adoption.comment,
        `new ${document.resource.type}(${literal(document.name)}, ${objectLiteral(members)}${adoption.end}`,
      ];
      return { declarations: [{ imports: [document.resource.type], lines, secrets: [] }], skipped };
    },
  };
}
