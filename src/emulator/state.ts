import type { ZodApi } from "../wire/schema";
import { schema } from "../wire/schema";
import type { TenantData } from "./tenantStore";

/** A client's credentials as the data file keeps them. */
type StoredClientCredentials = { clientId: string; clientSecret: string };

/** The version of the data file's format. */
export const STATE_FORMAT_VERSION = 2;

/**
 * The data file: the clients' credentials (so they stay stable across restarts) and the tenant's data, its
 * secrets included. Each document and item is checked on load by its object's rules.
 */
export type PersistedState = {
  version: 2;
  clients: { global: StoredClientCredentials; nonGlobal: StoredClientCredentials };
  documents: Record<string, unknown>;
  collections: Record<string, Record<string, unknown>>;
};

const credentials = (z: ZodApi) =>
  z.strictObject({ clientId: z.string().min(1), clientSecret: z.string().min(1) });

/** The schema of the data file in its current format, {@link PersistedState}. */
export const persistedStateSchema = schema<PersistedState>()((z) =>
  z.strictObject({
    version: z.literal(STATE_FORMAT_VERSION),
    clients: z.strictObject({ global: credentials(z), nonGlobal: credentials(z) }),
    documents: z.record(z.string(), z.unknown()),
    collections: z.record(z.string(), z.record(z.string(), z.unknown())),
  }),
);

/**
 * A data file of format 1 (one member per object) as format 2: each member becomes the document its object's
 * rules name with `legacyKey`; a `null` member was an absent document. A document the file does not name (a
 * member format 1 made optional, or an object added since) has a new tenant's content, `initialDocuments`.
 */
export function migratedState(
  json: unknown,
  legacyKeys: ReadonlyMap<string, string>,
  initialDocuments: Readonly<Record<string, unknown>> = {},
): unknown {
  if (typeof json !== "object" || json === null || (json as { version?: unknown }).version !== 1) return json;
  const { clients, ...members } = json as Record<string, unknown>;
  const documents: Record<string, unknown> = structuredClone({ ...initialDocuments });
  for (const [key, value] of Object.entries(members)) {
    if (key === "version") continue;
    const path = legacyKeys.get(key);
    if (path === undefined)
      throw new Error(`format 1 member ${JSON.stringify(key)} is not known to this version`);
    documents[path] = value;
  }
  return { version: STATE_FORMAT_VERSION, clients, documents, collections: {} };
}

/**
 * The tenant's data of a loaded state: a document the file does not name (its object came with a later
 * version) has a new tenant's content, `initialDocuments`; one the file keeps as `null` stays absent.
 */
export function tenantDataOf(
  state: PersistedState,
  initialDocuments: Readonly<Record<string, unknown>> = {},
): TenantData {
  const missing = Object.entries(initialDocuments).filter(
    ([path]) => !Object.prototype.hasOwnProperty.call(state.documents, path),
  );
  return {
    documents: { ...structuredClone(Object.fromEntries(missing)), ...state.documents },
    collections: state.collections,
  };
}
