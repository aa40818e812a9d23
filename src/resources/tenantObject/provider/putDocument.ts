import { isDeepStrictEqual } from "node:util";

import { TenantAdminError, TenantApiError } from "../../../client/errors";
import type { ManagementClient } from "../../../client/managementClient";
import { engineLog } from "../../../engine/log";
import type { ProviderContext } from "../../../engine/providerContext";
import { isRecord } from "../../../wire/json";
import type { PutDocumentDescription, PutDocumentPart } from "../../../wire/putDocument";
import { declaredMembers } from "./document";
import { describedMemberFailures, resetOnDeleteFailures } from "./memberFailures";
import type { DocumentInputs } from "./document";
import type { ProviderImplementation, TenantObjectHooks } from "./hooks";
import type { Occupant } from "../ownership";
import {
  asDeclared,
  asSets,
  onPutDocument,
  putDocumentDifferences,
  putDocumentMembers,
  withoutNulls,
} from "../putDocumentRead";
import { tenantObjectProvider } from "./tenantObjectProvider";

type Members = Record<string, unknown>;

/** The members declared of `part`. */
function declaredOf(part: PutDocumentPart, declared: Members): Members {
  return Object.fromEntries(
    part.members.flatMap((m) => (declared[m] === undefined ? [] : [[m, declared[m]]])),
  );
}

/** The pairs of `document` that hold a member of `declared`, in write order. */
function partsDeclared(document: PutDocumentDescription, declared: Members): PutDocumentPart[] {
  return document.parts.filter((part) => part.members.some((member) => member in declared));
}

/** The declared members as the tenant has them: `null` as absent, unanswered fields and same-set lists as declared. */
async function readDeclared(
  client: ManagementClient,
  document: PutDocumentDescription,
  state: DocumentInputs,
): Promise<Members> {
  const declared = declaredMembers(state);
  const found = await putDocumentMembers(client, document, partsDeclared(document, declared));
  const present = Object.fromEntries(
    Object.keys(declared).map((member) => [member, withoutNulls(found[member])]),
  );
  return asDeclared(present, declared, document.unanswered ?? [], document.sets ?? []);
}

/** Sends each of `parts`' PUT, its body made from `members`. */
async function put(
  client: ManagementClient,
  document: PutDocumentDescription,
  parts: readonly PutDocumentPart[],
  members: Readonly<Members>,
): Promise<void> {
  for (const part of parts) {
    const body = part.body(declaredOf(part, members)) as never;
    await onPutDocument(document, () => client.send(part.put, { body }));
  }
}

/** What a preview's write check reads on a document of one generation: the other's refusal, as its line. */
function otherGenerationProbe(document: PutDocumentDescription) {
  const [first] = document.parts;
  if (document.otherGeneration === undefined || first === undefined) return {};
  return {
    probe: {
      scope: first.get.scope,
      read: async (client: ManagementClient) => {
        try {
          await onPutDocument(document, () => client.readOnce(first.get));
          return undefined;
        } catch (error) {
          if (error instanceof TenantAdminError && !(error instanceof TenantApiError)) return error.message;
          throw error;
        }
      },
    },
  };
}

/**
 * The PUT-replace document's hooks (see {@link PutDocumentDescription}): check with the description's input
 * schema and rules, write each declared part in order, read the declared parts in one round of GETs, a create
 * that takes the document only as a new tenant has it (or as the program declares it), a destroy that resets
 * only on `resetOnDelete`.
 */
function putDocumentHooks(document: PutDocumentDescription): TenantObjectHooks<DocumentInputs, object> {
  const secrets = document.secretFields ?? [];
  const printable = Object.entries(document.newTenant)
    .filter(([key, value]) => !isRecord(value) && !Array.isArray(value) && !secrets.includes(key))
    .map(([key]) => key);
  const comparable = (members: Members) => asSets(document.sets ?? [], members);
  const read = (client: ManagementClient, state: DocumentInputs) => readDeclared(client, document, state);
  return {
    properties: () => [...Object.keys(document.newTenant), "resetOnDelete"],
    engineOnly: ["resetOnDelete"],
    pathPattern: document.path,
    path: () => document.path,
    label: document.label,
    unreadable: document.unanswered ?? [],
    printable: [...printable, "resetOnDelete"],
    comparable,
    needs: {
      resource: document.resource.type,
      scopes: [...new Set(document.parts.map((part) => part.put.scope))],
      createScopes: [...new Set(document.parts.map((part) => part.get.scope))],
      // On the other generation every endpoint is refused: the preview says so, naming what serves it.
      ...otherGenerationProbe(document),
    },
    failures: (news) => describedMemberFailures(declaredMembers(news), document, resetOnDeleteFailures(news)),
    async write(client, inputs, state) {
      const declared = declaredMembers(inputs);
      // An update sends only the pairs whose members changed (a rotated token is one PUT of the account).
      const stored = (state ?? {}) as Members;
      const changed = (part: PutDocumentPart) =>
        state === undefined ||
        part.members.some(
          (member) =>
            !isDeepStrictEqual(
              comparable({ [member]: declared[member] }),
              comparable({ [member]: stored[member] }),
            ),
        );
      await put(client, document, partsDeclared(document, declared).filter(changed), declared);
      // Each PUT succeeded: the tenant holds what was sent.
      return declared;
    },
    refusesOccupied: {
      async occupant(client, inputs, moment): Promise<Occupant | undefined> {
        const found = await putDocumentMembers(client, document, document.parts, moment === "preview");
        const differs = putDocumentDifferences(document, document.newTenant, found);
        const declared = declaredMembers(inputs);
        const asDeclared = putDocumentDifferences(document, { ...document.newTenant, ...declared }, found);
        if (differs.length === 0 || asDeclared.length === 0) return undefined;
        return { name: document.label, path: document.path, differs };
      },
    },
    read,
    adopt: (client, _path, declared) => read(client, declared),
    async remove(client, state) {
      if (state.resetOnDelete !== true) {
        // The engine previews a delete without asking the provider, so the delete itself says what it did.
        engineLog(
          `${document.resource.type} on ${client.baseUrl}: the tenant's ${document.label} is left as it is ` +
            "(resetOnDelete is not true); the stack no longer manages it.",
        );
        return;
      }
      const parts = partsDeclared(document, declaredMembers(state)).reverse();
      await put(client, document, parts, document.newTenant);
    },
  };
}

/** The provider of a PUT-replace document's resource (see {@link putDocumentHooks}). */
export function putDocumentProvider(
  context: ProviderContext,
  document: PutDocumentDescription,
): ProviderImplementation {
  return tenantObjectProvider(context, putDocumentHooks(document));
}
