import { TenantApiError } from "../../../client/errors";
import type { ManagementClient } from "../../../client/managementClient";
import { engineLog } from "../../../engine/log";
import type { ProviderContext } from "../../../engine/providerContext";
import type { CollectionDescription } from "../../../wire/collection";
import { pathWith } from "../../../wire/endpoint";
import { isRecord } from "../../../wire/json";
import { declaredMembers } from "./document";
import { describedMemberFailures } from "./memberFailures";
import type { DocumentInputs } from "./document";
import type { ProviderImplementation, TenantObjectHooks } from "./hooks";
import { asDeclared, asSets } from "../putDocumentRead";
import { tenantObjectProvider } from "./tenantObjectProvider";

type Members = Record<string, unknown>;

/** The output that holds the member's id (Pulumi keeps `id` for the resource id). */
const MEMBER_ID = "memberId";

/** The inputs of a collection's resource, and in state the member's id. */
type CollectionInputs = DocumentInputs & { [MEMBER_ID]?: string | undefined };

/** The member with `id` as the tenant answers it, or `undefined` when it is gone (a 404). */
async function memberAt(
  client: ManagementClient,
  collection: CollectionDescription,
  id: string,
): Promise<unknown> {
  try {
    return await client.send(collection.get, { params: { id } });
  } catch (error) {
    if (error instanceof TenantApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The id of the member an answer is about. */
function idOf(collection: CollectionDescription, answer: unknown): string {
  const id = isRecord(answer) ? answer.id : undefined;
  if (typeof id !== "string") throw new TypeError(`${collection.label}: the answer has no id`);
  return id;
}

/**
 * The hooks of a one-per-tenant collection's resource (see {@link CollectionDescription}): check with the
 * description's input schema and rules; a create that refuses when the tenant already has a member (naming its
 * import id), else a POST; an update that PATCHes the member the state records; a read of that member (gone
 * when it answers 404), fields it never answers from state; a delete of it.
 */
function collectionHooks(collection: CollectionDescription): TenantObjectHooks<CollectionInputs, object> {
  const sets = collection.sets ?? [];
  const memberPath = (id: string) => pathWith(collection.get.path, { id });
  const projected = (answer: unknown, declared: Members) =>
    asDeclared(collection.fromAnswer(answer), declared, collection.unanswered, sets);
  const memberOf = (client: ManagementClient, id: string) => memberAt(client, collection, id);

  return {
    properties: () => collection.members,
    pathPattern: collection.get.path,
    path: (stored) => memberPath(String(stored[MEMBER_ID])),
    label: collection.label,
    unreadable: collection.unanswered,
    outputs: [MEMBER_ID],
    printable: [],
    comparable: (settings) => asSets(sets, settings),
    needs: {
      resource: collection.resource.type,
      scopes: [collection.create.scope, collection.update.scope],
      createScopes: [collection.list.scope],
      ...(collection.probe === undefined ? {} : { probe: collection.probe }),
    },
    failures: (news) => describedMemberFailures(declaredMembers(news), collection),
    async write(client, inputs, state) {
      const declared = declaredMembers(inputs);
      delete declared[MEMBER_ID];
      const id = state?.[MEMBER_ID];
      const answer =
        id === undefined
          ? await client.send(collection.create, { body: collection.body(declared, true) })
          : await client.send(collection.update, { params: { id }, body: collection.body(declared, false) });
      return { ...projected(answer, declared), [MEMBER_ID]: idOf(collection, answer) };
    },
    refusesOccupied: {
      async occupant(client, _inputs, moment) {
        const answer =
          moment === "create"
            ? await client.send(collection.list, { fresh: true })
            : await client.readOnce(collection.list);
        const [first] = collection.items(answer);
        return first === undefined
          ? undefined
          : { name: `${collection.label} ${first.id}`, path: memberPath(first.id) };
      },
    },
    async read(client, state) {
      const id = state[MEMBER_ID];
      if (id === undefined) return undefined;
      const answer = await memberOf(client, id);
      if (answer === undefined) return undefined;
      const declared = declaredMembers(state);
      delete declared[MEMBER_ID];
      return { ...projected(answer, declared), [MEMBER_ID]: id };
    },
    async adopt(client, path, declared) {
      const id = path.slice(path.lastIndexOf("/") + 1);
      const answer = await memberOf(client, id);
      if (answer === undefined) return undefined;
      return { ...projected(answer, declaredMembers(declared)), [MEMBER_ID]: id };
    },
    async remove(client, state) {
      const id = state[MEMBER_ID];
      if (id !== undefined) {
        try {
          await client.send(collection.remove, { params: { id } });
        } catch (error) {
          if (!(error instanceof TenantApiError && error.status === 404)) throw error;
        }
      }
      // The engine previews a delete without asking the provider, so the delete itself says what it did.
      engineLog(
        `${collection.resource.type} on ${client.baseUrl}: the ${collection.label}${id === undefined ? "" : ` ${id}`} ` +
          `was deleted; ${collection.afterDelete}`,
      );
    },
  };
}

/** The provider of a one-per-tenant collection's resource (see {@link collectionHooks}). */
export function collectionProvider(
  context: ProviderContext,
  collection: CollectionDescription,
): ProviderImplementation {
  return tenantObjectProvider(context, collectionHooks(collection));
}
