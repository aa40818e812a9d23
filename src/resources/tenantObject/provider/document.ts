import * as pulumi from "@pulumi/pulumi";

import type { CamelCased } from "../../../wire/casing";
import { toCamelDeep, toCamelKey, toSnakeDeep, toSnakeKey } from "../../../wire/casing";
import { TenantAdminError, TenantApiError } from "../../../client/errors";
import type { ManagementClient } from "../../../client/managementClient";
import { engineLog } from "../../../engine/log";
import type { ProviderContext } from "../../../engine/providerContext";
import { containsUnknown } from "../../../engine/unknowns";
import type { DocumentDescription, ResourceIdentity } from "../../../wire/document";
import { isRecord } from "../../../wire/json";
import { zodOf } from "../../../wire/schema";
import { closestMatch } from "../../../wire/suggestions";
import { IMPORT_ID_KEY } from "../adoption";
import { schemaFailures } from "../checkFailures";
import type { ProviderImplementation, TenantObjectHooks, TenantObjectInputs } from "./hooks";
import { readDocument } from "../documentRead";
import { withoutEngineKeys, withoutUndefined } from "../inputs";
import { documentOccupant, inOneOrder, unconfigured, wholeMembers } from "../singleton";
import { misspeltNestedMembers, resetOnDeleteFailures } from "./memberFailures";
import { tenantObjectProvider } from "./tenantObjectProvider";

/** The resolved inputs of a document's resource: its members in the user's spelling, and the common inputs. */
export type DocumentInputs<Request extends object = object> = CamelCased<Request> &
  TenantObjectInputs & { resetOnDelete?: boolean | undefined };

/** A document the package manages with a resource. */
export type ManagedDocument = DocumentDescription & { readonly resource: ResourceIdentity };

/** The hooks of a document's resource; `special` may replace or extend them (it gets the generic ones). */
type DocumentSpecials = (
  generic: TenantObjectHooks<DocumentInputs, object>,
) => Partial<TenantObjectHooks<DocumentInputs, object>>;

/** Inputs that configure the resource, not the tenant's document. */
const NOT_SETTINGS = ["resetOnDelete", "tenant", "domain", IMPORT_ID_KEY];

/** The declared members of a document, in the user's spelling. */
export function declaredMembers(inputs: DocumentInputs): Record<string, unknown> {
  return withoutEngineKeys(inputs, NOT_SETTINGS) as Record<string, unknown>;
}

/** The declared members in wire spelling, free-form maps verbatim. */
function wireBody(document: DocumentDescription, members: Record<string, unknown>): unknown {
  return toSnakeDeep(members, document.verbatim ?? []);
}

/** A wire path's spelling in {@link DocumentDescription} paths: `a.b`, `a[].b`. */
const joined = (path: string, key: string): string => (path === "" ? key : `${path}.${key}`);

/** Two lists with the same entries, in any order: equal once {@link inOneOrder} has ordered both. */
function sameEntries(a: readonly unknown[], b: readonly unknown[]): boolean {
  return JSON.stringify(inOneOrder(a)) === JSON.stringify(inOneOrder(b));
}

/**
 * The declared members as the tenant has them (`current`, in the user's spelling): nested objects member by
 * member, members the PATCH replaces whole and free-form maps whole, secret fields (never returned) as
 * declared, a member nobody configured ({@link DocumentDescription.unconfiguredWhen}) absent. A list with the
 * declared entries in another order reads as declared: its order is no change.
 */
export function projectedToDeclared(
  document: DocumentDescription,
  declared: Record<string, unknown>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const secrets = (document.secretFields ?? []).map(toCamelKey);
  const whole = wholeMembers(document);
  const project = (wanted: unknown, found: unknown, path: string): unknown => {
    if (!path.includes(".") && unconfigured(document, found, "user")) return undefined;
    if (Array.isArray(wanted) && Array.isArray(found) && sameEntries(wanted, found)) return wanted;
    if (whole.has(path) || !isRecord(wanted) || !isRecord(found)) return found;
    return Object.fromEntries(
      Object.entries(wanted).map(([key, value]) => [
        key,
        secrets.includes(key) ? value : project(value, found[key], joined(path, toSnakeKey(key))),
      ]),
    );
  };
  return project(declared, current, "") as Record<string, unknown>;
}

/** The tenant's document in the user's spelling, or `undefined` when the tenant has none (a 404). */
async function currentDocument(
  client: ManagementClient,
  document: DocumentDescription,
): Promise<Record<string, unknown> | undefined> {
  try {
    return (await readDocument(client, document)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TenantApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * A new tenant's values of the members `declared` (wire spelling), nested objects member by member: what a
 * reset gives back. A member the resource does not manage keeps what the tenant has, as it does on an update.
 */
function newTenantOfDeclared(document: DocumentDescription, declared: unknown): Record<string, unknown> {
  const whole = wholeMembers(document);
  const pick = (fresh: unknown, wanted: unknown, path: string): unknown => {
    if (whole.has(path) || !isRecord(fresh) || !isRecord(wanted)) return fresh;
    return Object.fromEntries(
      Object.keys(wanted)
        .filter((key) => fresh[key] !== undefined)
        .map((key) => [key, pick(fresh[key], wanted[key], joined(path, key))]),
    );
  };
  return pick(document.newTenant, declared, "") as Record<string, unknown>;
}

/** The names a strict object schema knows at a wire path of the request, in the user's spelling. */
function knownNames(document: DocumentDescription, wirePath: readonly string[]): string[] {
  if (document.patch.request === undefined) return [];
  type Node = {
    def?: { type?: string; innerType?: Node; in?: Node; out?: Node; shape?: Record<string, Node> };
  };
  let node = zodOf(document.patch.request) as unknown as Node;
  const unwrapped = (start: Node): Node => {
    let current = start;
    for (let depth = 0; depth < 8; depth += 1) {
      const next = current.def?.innerType ?? (current.def?.type === "pipe" ? current.def.in : undefined);
      if (next === undefined) break;
      current = next;
    }
    return current;
  };
  for (const key of wirePath) {
    const shape = unwrapped(node).def?.shape;
    const member = shape?.[key];
    if (member === undefined) return [];
    node = member;
  }
  return Object.keys(unwrapped(node).def?.shape ?? {}).map(toCamelKey);
}

/** Failures of an unknown property, with the known name it most likely means. */
function withSuggestions(
  document: DocumentDescription,
  failures: pulumi.dynamic.CheckFailure[],
): pulumi.dynamic.CheckFailure[] {
  return failures.map((failure) => {
    if (failure.reason !== "is not a known property") return failure;
    const path = failure.property.split(".");
    const name = path.pop() ?? "";
    const meant = closestMatch(name, knownNames(document, path.map(toSnakeKey)));
    return meant === undefined
      ? failure
      : { ...failure, reason: `${failure.reason} (did you mean ${meant}?)` };
  });
}

/** The tenant's document as the GET answers it (wire spelling), or `undefined` when it has none (a 404). */
async function documentOnTenant(
  client: ManagementClient,
  document: DocumentDescription,
  fresh: boolean,
): Promise<Record<string, unknown> | undefined> {
  try {
    const answer = fresh ? await client.send(document.get, { fresh }) : await client.readOnce(document.get);
    return answer as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TenantApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * A destroy's reset refused because the tenant's plan lost the document's feature: what lets the stack go.
 */
function resetRefusal(document: ManagedDocument, error: unknown): TenantAdminError | undefined {
  const refusal = document.entitlement?.refusal;
  if (!(error instanceof TenantApiError) || refusal === undefined || error.errorCode !== refusal.errorCode)
    return undefined;
  return new TenantAdminError(
    `${document.resource.type} could not reset the tenant's ${document.label} (resetOnDelete is true): ` +
      `${error.message}. The plan no longer includes it, so nothing can be written to it: set resetOnDelete ` +
      "to false (or remove it) and run pulumi up, which writes nothing, then destroy again; the tenant keeps " +
      "its settings.",
    { cause: error },
  );
}

/** A member handed back to the engine with its secret fields in the engine's secret encoding, at any depth. */
function secretFieldsMarked(value: unknown, secrets: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, member]) => [
      field,
      secrets.includes(field) && member !== undefined
        ? { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: member }
        : secretFieldsMarked(member, secrets),
    ]),
  );
}

/**
 * The hooks of a document whose undeclared members stay on the tenant ({@link
 * DocumentDescription.undeclaredStay}): which members the program no longer declares, kept out of the diff and
 * carried over into an update's inputs (a dynamic provider's values are plain, so their secrets are marked
 * secret for the engine).
 */
function undeclaredStayHooks(
  document: DocumentDescription,
): Pick<TenantObjectHooks<DocumentInputs, object>, "keepsUndeclared"> {
  const stay = document.undeclaredStay;
  if (stay === undefined) return {};
  const except = (stay.except ?? []).map(toCamelKey);
  const secrets = (document.secretFields ?? []).map(toCamelKey);
  return {
    keepsUndeclared: {
      because: stay.because,
      paths(olds, news) {
        const declared = declaredMembers(news);
        return Object.keys(declaredMembers(olds)).filter(
          (member) => !except.includes(member) && declared[member] === undefined,
        );
      },
      carry(olds, news, kept) {
        const old = olds as Record<string, unknown>;
        return {
          ...news,
          ...Object.fromEntries(kept.map((member) => [member, secretFieldsMarked(old[member], secrets)])),
        };
      },
    },
  };
}

/** The top-level inputs a check failure may print: the resource's own switch, and members that are scalars. */
function printableMembers(document: DocumentDescription): string[] {
  const secrets = document.secretFields ?? [];
  const scalars = Object.entries(document.newTenant)
    .filter(([key, value]) => !isRecord(value) && !Array.isArray(value) && !secrets.includes(key))
    .map(([key]) => toCamelKey(key));
  return [...scalars, "resetOnDelete"];
}

/**
 * The hooks of a document's resource: check with the PATCH's request schema (an unknown property named with
 * its likely meaning), write with a PATCH of the declared members, read and adopt with a GET projected to the
 * declared members, and a destroy that leaves the tenant as it is unless `resetOnDelete` asks for the reset.
 */
export function documentHooks(
  document: ManagedDocument,
  special?: DocumentSpecials,
): TenantObjectHooks<DocumentInputs, object> {
  const verbatimRoots = (document.verbatim ?? []).filter((path) => !/[.[]/.test(path));
  const read = async (client: ManagementClient, declared: DocumentInputs) => {
    const current = await currentDocument(client, document);
    return current === undefined
      ? undefined
      : projectedToDeclared(document, declaredMembers(declared), current);
  };
  let properties: readonly string[] | undefined;
  const generic: TenantObjectHooks<DocumentInputs, object> = {
    // From the PATCH's schema, which loads zod: asked at check, not when the provider is made.
    properties: () => (properties ??= [...knownNames(document, []), "resetOnDelete"]),
    engineOnly: ["resetOnDelete"],
    ...undeclaredStayHooks(document),
    pathPattern: document.get.path,
    path: () => document.get.path,
    label: document.label,
    unreadable: (document.secretFields ?? []).map(toCamelKey),
    printable: printableMembers(document),
    // As a read projects a list to the declared order, a diff takes a list in another order for the same.
    comparable: (settings) => inOneOrder(settings) as Record<string, unknown>,
    needs: {
      resource: document.resource.type,
      scopes: [document.patch.scope],
      createScopes: [document.get.scope],
      // A plan without the document's feature, or a client that may not read it, fails the read as it
      // would fail the PATCH: the preview says so before anything is written.
      ...(document.entitlement !== undefined || document.get.globalClientOnly
        ? {
            probe: {
              scope: document.get.scope,
              shows: [
                ...(document.entitlement === undefined ? [] : [`plan has ${document.entitlement.feature}`]),
                ...(document.get.globalClientOnly ? ["client is global"] : []),
              ],
              read: async (client: ManagementClient) => {
                await client.readOnce(document.get);
                return undefined;
              },
            },
          }
        : {}),
    },
    failures(news) {
      if (document.patch.request === undefined) return [];
      const spelling = [
        ...misspeltNestedMembers(declaredMembers(news), verbatimRoots),
        ...resetOnDeleteFailures(news),
      ];
      if (spelling.length > 0) return spelling;
      const body = wireBody(document, declaredMembers(news));
      const schema = withSuggestions(document, schemaFailures(document.patch.request, body, verbatimRoots));
      if (schema.length > 0 || document.rules === undefined || containsUnknown(body)) return schema;
      return document.rules(body as never).map(({ path, reason }) => ({
        property: path.split(".").map(toCamelKey).join("."),
        reason,
      }));
    },
    async write(client, inputs) {
      const declared = declaredMembers(inputs);
      const answer = await client.send(document.patch, { body: wireBody(document, declared) as never });
      const current = toCamelDeep(answer, document.verbatim ?? []) as Record<string, unknown>;
      const written = projectedToDeclared(document, declared, current);
      // A declared member the answer lacks was taken all the same (the PATCH succeeded): dropping it from the
      // state would lose its secrets.
      return { ...declared, ...withoutUndefined(written) };
    },
    refusesOccupied: {
      async occupant(client, inputs, moment) {
        const current = await documentOnTenant(client, document, moment === "create");
        const declared = wireBody(document, declaredMembers(inputs)) as Record<string, unknown>;
        return current === undefined ? undefined : documentOccupant(document, current, declared);
      },
    },
    read,
    adopt: (client, _path, declared) => read(client, declared),
    async remove(client, state) {
      if (state.resetOnDelete === true) {
        const body =
          document.reset ?? newTenantOfDeclared(document, wireBody(document, declaredMembers(state)));
        try {
          if (Object.keys(body).length > 0) await client.send(document.patch, { body });
        } catch (error) {
          throw resetRefusal(document, error) ?? error;
        }
        return;
      }
      // The engine previews a delete without asking the provider, so the delete itself says what it did.
      engineLog(
        `${document.resource.type} on ${client.baseUrl}: the tenant's ${document.label} is left as it is ` +
          "(resetOnDelete is not true); the stack no longer manages it.",
      );
    },
  };
  return { ...generic, ...special?.(generic) };
}

/** The provider of a document's resource (see {@link documentHooks}). */
export function documentProvider(
  context: ProviderContext,
  document: ManagedDocument,
  special?: DocumentSpecials,
): ProviderImplementation {
  return tenantObjectProvider(context, documentHooks(document, special));
}
