import type { CollectionDescription } from "../../../wire/collection";
import { pathWith } from "../../../wire/endpoint";
import { tenantObjectId } from "../adoption";
import type { ObjectExport, SecretSetting } from "./exporting";
import { commentLines, newResource } from "./exporting";
import { exportedMembers } from "./putDocumentExport";

/** What an export keeps of a collection's member: its id and its members in the user's spelling. */
interface MemberSnapshot {
  readonly id: string;
  readonly members: Readonly<Record<string, unknown>>;
}

/**
 * `tenant-admin export` of a one-per-tenant collection: its member, when the tenant has one, declared with the
 * `import` option (someone made it: a create would be refused), each field the API never answers read from
 * stack config; a tenant without one declares nothing.
 */
export function collectionExport(
  collection: CollectionDescription,
): ObjectExport<MemberSnapshot | undefined> {
  return {
    async read({ client }) {
      const [first] = collection.items(await client.send(collection.list));
      if (first === undefined) return { skipped: [`${collection.label}: the tenant has none`] };
      const members = collection.fromAnswer(first);
      const declared = Object.fromEntries(
        Object.entries(members).filter(([, value]) => value !== undefined && !isEmpty(value)),
      );
      return { snapshot: { id: first.id, members: declared }, skipped: [] };
    },
    declare(snapshot, host) {
      if (snapshot === undefined) return { declarations: [], skipped: [] };
      const secrets: SecretSetting[] = [];
      const withUnanswered = Object.fromEntries(
        Object.entries(snapshot.members).map(([key, value]) => [
          key,
          typeof value === "object" && value !== null && !Array.isArray(value)
            ? { ...value, ...Object.fromEntries(collection.unanswered.map((field) => [field, ""])) }
            : value,
        ]),
      );
      const members = exportedMembers(
        collection.name,
        collection.label,
        withUnanswered,
        collection.unanswered,
        secrets,
      );
      const importId = tenantObjectId(host, pathWith(collection.get.path, { id: snapshot.id }));
      const lines = [
        ...commentLines(
          `The tenant's ${collection.label} ${snapshot.id}: the import option adopts it, writing nothing.`,
        ),
        newResource(collection.resource.type, collection.name, members, [["import", importId]]),
      ];
      return { declarations: [{ imports: [collection.resource.type], lines, secrets }], skipped: [] };
    },
  };
}

/** An empty object: a block the member does not have (a custom provider's Twilio account). */
function isEmpty(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}

/** What `tenant-admin doctor` finds in the collection's list: its member, which a program adopts by id. */
export function collectionAdoptable(collection: CollectionDescription) {
  return (answer: unknown, host: string) =>
    collection.items(answer).map(({ id }) => ({
      label: `${collection.resource.type} ${id}`,
      differs: [id],
      importId: `${host}${pathWith(collection.get.path, { id })}`,
    }));
}
