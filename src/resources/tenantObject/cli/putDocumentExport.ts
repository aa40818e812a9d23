import { TenantAdminError, TenantApiError } from "../../../client/errors";
import { isRecord } from "../../../wire/json";
import type { PutDocumentDescription } from "../../../wire/putDocument";
import type { Member, ObjectExport, SecretSetting } from "./exporting";
import { adoptionOf, nested, newResource, secretRead } from "./exporting";
import { putDocumentDifferences, putDocumentMembers } from "../putDocumentRead";

/** The stack config key a generated program reads a secret field from: `legacyPhoneProviderAuthToken`. */
function secretConfigKey(objectName: string, field: string): string {
  return `${objectName}${field.replace(/^./, (first) => first.toUpperCase())}`;
}

/**
 * A member as program text: nested objects member by member, each secret field read from stack config (its
 * value is never written into the program, even where the API answers it).
 */
export function exportedMembers(
  objectName: string,
  label: string,
  members: Readonly<Record<string, unknown>>,
  secretFields: readonly string[],
  secrets: SecretSetting[],
): Member[] {
  return Object.entries(members).map(([key, value]): Member => {
    if (!isRecord(value)) return [key, value];
    const inner = Object.entries(value).map(([field, member]): Member => {
      if (!secretFields.includes(field)) return [field, member];
      const configKey = secretConfigKey(objectName, field);
      secrets.push({ key: configKey, description: `the ${label}'s ${key} ${field}` });
      return [field, secretRead(configKey)];
    });
    return [key, nested(inner)];
  });
}

/**
 * `tenant-admin export` of a PUT-replace document: one resource declaring every member as the tenant has it
 * (`null` ones left out), secrets read from stack config, and the `import` option when the document differs
 * from a new tenant's. A tenant of the other generation skips it, saying why.
 */
export function putDocumentExport(document: PutDocumentDescription): ObjectExport<Record<string, unknown>> {
  return {
    async read({ client }) {
      try {
        return { snapshot: await putDocumentMembers(client, document), skipped: [] };
      } catch (error) {
        if (error instanceof TenantAdminError && !(error instanceof TenantApiError))
          return { skipped: [`${document.label}: ${error.message}`] };
        throw error;
      }
    },
    declare(snapshot, host) {
      const secrets: SecretSetting[] = [];
      // A block the tenant does not have (a legacy tenant's Twilio account before one is written) is left out.
      const held = Object.fromEntries(
        Object.entries(snapshot).filter(([, value]) => !(isRecord(value) && Object.keys(value).length === 0)),
      );
      const members = exportedMembers(
        document.name,
        document.label,
        held,
        document.secretFields ?? [],
        secrets,
      );
      const adoption = adoptionOf(
        host,
        document.path,
        putDocumentDifferences(document, document.newTenant, snapshot),
      );
      const lines = [
        `// The ${document.label}, as the tenant has it.`,
        ...adoption.comment,
        newResource(document.resource.type, document.name, members, adoption.options),
      ];
      return { declarations: [{ imports: [document.resource.type], lines, secrets }], skipped: [] };
    },
  };
}

/**
 * What `tenant-admin doctor` finds configured in the answer of the document's first GET: its first pair's
 * members where they differ from a new tenant's (the import value adopts the whole document).
 */
export function putDocumentAdoptable(document: PutDocumentDescription) {
  return (answer: unknown, host: string) => {
    const [first] = document.parts;
    if (first === undefined) return [];
    const expected = Object.fromEntries(first.members.map((member) => [member, document.newTenant[member]]));
    const differs = putDocumentDifferences(document, expected, first.fromAnswer(answer));
    return differs.length === 0
      ? []
      : [{ label: document.resource.type, differs, importId: `${host}${document.path}` }];
  };
}
