import { isDeepStrictEqual } from "node:util";

import { TenantAdminError, TenantApiError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import { engineLog } from "../../engine/log";
import type { ProviderContext } from "../../engine/providerContext";
import { containsUnknown } from "../../engine/unknowns";
import { isRecord } from "../../wire/json";
import type { PutDocumentDescription, PutDocumentPart } from "../../wire/putDocument";
import { schemaFailures } from "./checkFailures";
import { declaredMembers, misspeltNestedMembers, resetOnDeleteFailures } from "./document";
import type { DocumentInputs } from "./document";
import type { ProviderImplementation, TenantObjectHooks } from "./hooks";
import type { Occupant } from "./ownership";
import { inOneOrder } from "./singleton";
import { tenantObjectProvider } from "./tenantObjectProvider";

type Members = Record<string, unknown>;

/** `value` without `null` members at any depth: a PUT-replace document reads a member left out as `null`. */
function withoutNulls(value: unknown): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null && member !== undefined)
      .map(([key, member]) => [key, withoutNulls(member)]),
  );
}

/**
 * The fields named `fields` of `from`, at any depth, put into `into` where `into` has the same object: what a
 * read takes from state because the platform never answers it.
 */
function withFieldsOf(into: unknown, from: unknown, fields: readonly string[]): unknown {
  if (!isRecord(into) || !isRecord(from)) return into;
  const result: Members = { ...into };
  for (const [key, value] of Object.entries(from)) {
    if (fields.includes(key) && value !== undefined) result[key] = value;
    else if (isRecord(result[key])) result[key] = withFieldsOf(result[key], value, fields);
  }
  return result;
}

/** `value` without the fields named `fields`, at any depth. */
function withoutFields(value: unknown, fields: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !fields.includes(key))
      .map(([key, member]) => [key, withoutFields(member, fields)]),
  );
}

/** The members declared of `part`. */
function declaredOf(part: PutDocumentPart, declared: Members): Members {
  return Object.fromEntries(
    part.members.flatMap((m) => (declared[m] === undefined ? [] : [[m, declared[m]]])),
  );
}

/** A call of the document's, its other-generation refusal turned into the one line that says what to use. */
async function onPutDocument<T>(document: PutDocumentDescription, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const refusal = document.otherGeneration;
    if (refusal !== undefined && error instanceof TenantApiError && error.errorCode === refusal.errorCode)
      throw new TenantAdminError(refusal.message, { cause: error });
    throw error;
  }
}

/**
 * The members of `parts` (default every part) as the tenant has them, in one round of GETs: with `shared`,
 * reads the provider process shares (a preview's); else afresh (a write of one part's PUT does not drop the
 * cached read of another path). A tenant of the other generation fails with the description's line.
 */
export async function putDocumentMembers(
  client: ManagementClient,
  document: PutDocumentDescription,
  parts: readonly PutDocumentPart[] = document.parts,
  shared = false,
): Promise<Members> {
  const answers = await Promise.all(
    parts.map((part) =>
      onPutDocument(document, () =>
        shared ? client.readOnce(part.get) : client.send(part.get, { fresh: true }),
      ),
    ),
  );
  return Object.assign({}, ...parts.map((part, index) => part.fromAnswer(answers[index]))) as Members;
}

/** Lists in one order where a member is a set, so two spellings of one set compare equal. */
export function asSets(sets: readonly string[], members: Members): Members {
  return Object.fromEntries(
    Object.entries(members).map(([key, value]) => [key, sets.includes(key) ? inOneOrder(value) : value]),
  );
}

/**
 * The members of `expected` where `found` differs (sets as sets, `null` as absent, fields the GET never
 * answers not compared): with a new tenant's values, what shows someone configured the document.
 */
export function putDocumentDifferences(
  document: PutDocumentDescription,
  expected: Readonly<Members>,
  found: Readonly<Members>,
): string[] {
  const unanswered = document.unanswered ?? [];
  const seen = (member: string, value: unknown) =>
    asSets(document.sets ?? [], { [member]: withoutFields(withoutNulls(value), unanswered) });
  return Object.keys(expected).filter(
    (member) => !isDeepStrictEqual(seen(member, expected[member]), seen(member, found[member])),
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

/**
 * The declared members as `found` holds them, but for what the platform cannot show differently: a member or
 * field it never answers comes from `declared`, and a set with the declared entries in another order reads
 * as declared.
 */
export function asDeclared(
  found: Readonly<Members>,
  declared: Readonly<Members>,
  unanswered: readonly string[],
  sets: readonly string[],
): Members {
  return Object.fromEntries(
    Object.keys(declared).map((member) => {
      const value = unanswered.includes(member)
        ? declared[member]
        : withFieldsOf(found[member], declared[member], unanswered);
      const same =
        sets.includes(member) && isDeepStrictEqual(inOneOrder(value), inOneOrder(declared[member]));
      return [member, same ? declared[member] : value];
    }),
  );
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
export function putDocumentHooks(
  document: PutDocumentDescription,
): TenantObjectHooks<DocumentInputs, object> {
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
    failures(news) {
      const declared = declaredMembers(news);
      const spelling = [...misspeltNestedMembers(declared, []), ...resetOnDeleteFailures(news)];
      if (spelling.length > 0) return spelling;
      const schema = schemaFailures(document.inputs, declared);
      if (schema.length > 0 || document.rules === undefined || containsUnknown(declared)) return schema;
      return document.rules(declared).map(({ path, reason }) => ({ property: path, reason }));
    },
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
    async occupant(client, inputs, moment): Promise<Occupant | undefined> {
      const found = await putDocumentMembers(client, document, document.parts, moment === "preview");
      const differs = putDocumentDifferences(document, document.newTenant, found);
      const declared = declaredMembers(inputs);
      const asDeclared = putDocumentDifferences(document, { ...document.newTenant, ...declared }, found);
      if (differs.length === 0 || asDeclared.length === 0) return undefined;
      return { name: document.label, path: document.path, differs };
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
