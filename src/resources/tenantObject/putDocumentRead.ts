import { isDeepStrictEqual } from "node:util";

import { TenantAdminError, TenantApiError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import { isRecord } from "../../wire/json";
import type { PutDocumentDescription, PutDocumentPart } from "../../wire/putDocument";
import { inOneOrder } from "./singleton";

/**
 * How a PUT-replace document reads (see {@link PutDocumentDescription}): what its provider, its export and
 * `tenant-admin doctor` share.
 */

type Members = Record<string, unknown>;

/** `value` without `null` members at any depth: a PUT-replace document reads a member left out as `null`. */
export function withoutNulls(value: unknown): unknown {
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

/** A call of the document's, its other-generation refusal turned into the one line that says what to use. */
export async function onPutDocument<T>(document: PutDocumentDescription, call: () => Promise<T>): Promise<T> {
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
