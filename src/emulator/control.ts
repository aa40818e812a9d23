import type { Endpoint, HttpMethod } from "../wire/endpoint";
import { HttpError } from "./errors";
import type { DocumentRules, NewTenant, ObjectEmulation, Plan } from "../wire/emulation";
import { BOT_DETECTION, withFeature } from "./plan";
import type { MemoryTenantStore } from "./tenantStore";
import { nextDocument, writtenView } from "./documents";
import { RULE_HOST } from "./templateWorker";
import { parsePayload } from "./validation";

/** A write the API would refuse, as an error whose message says what the API would answer. */
function refusedWrite(method: string, path: string, status: number, message: string): Error {
  return new Error(`${method} ${path} would be refused: ${status} ${message}`);
}

/**
 * Out-of-band access to the tenant's data, for tests and set-ups: read what the API stored, and change it
 * behind the API's back (to create drift, or to prepare a tenant). Paths are API paths without `/api/v2`
 * (as `Endpoint.path` spells them). Changes are validated as the API validates them and saved to the data file,
 * each in its turn with the API's writes of the same object.
 */
export interface TenantControl {
  /** The document at `path` as a GET answers it (no secrets), or `undefined` while the tenant has none. */
  read(path: string): unknown;
  /** The stored document at `path`, secrets included, or `undefined`. */
  stored(path: string): unknown;
  /** The stored items of the collection at `path`, in creation order; throws for a path that is no collection. */
  items(path: string): unknown[];
  /**
   * Applies `body` to the document at `path` as the API's `PATCH` (or `PUT`) there would: the endpoint's
   * schema and the document's rules, but not the plan or the tenant's generation. Returns what the API answers.
   */
  write(method: Extract<HttpMethod, "PATCH" | "PUT">, path: string, body: unknown): Promise<unknown>;
  /**
   * Stores `document` at `path` as it is, checked neither by the endpoint's schema nor by the document's rules:
   * a tenant holding what the API's rules of today would refuse (an allowlist over 100 entries, a shield or a
   * range the API does not know), as one set before a rule existed or by another means might. GET then answers
   * it (without secrets, as always). What a read of the package takes is tried against it.
   */
  seed(path: string, document: Record<string, unknown>): Promise<void>;
  /**
   * Gives the document at `path` back the content a new tenant of this emulator has (the tenant settings: the
   * `settings` it was started with, when given).
   */
  reset(path: string): Promise<void>;
  /** Removes the document at `path`: the API answers 404 until it is reset. */
  remove(path: string): Promise<void>;
  /** The tenant's plan: the features it lacks. */
  plan(): Plan;
  /** Changes the tenant's plan; not saved to the data file (it is a start option). */
  setPlan(plan: Plan): void;
  /** Whether the plan has bot detection: `!plan().lacks.includes("botDetection")`. */
  botDetection(): boolean;
  /** Gives the plan bot detection, or takes it away: {@link setPlan} with `botDetection` lacking or not. */
  setBotDetection(enabled: boolean): void;
}

/** The {@link TenantControl} of a store, with the emulations' document rules and what a new tenant is. */
export function tenantControl(
  store: MemoryTenantStore,
  emulations: readonly ObjectEmulation[],
  newTenant: NewTenant = {},
): TenantControl {
  const documents = emulations.flatMap(
    (emulation) => emulation.documents ?? [],
  ) as unknown as DocumentRules<unknown>[];
  const rulesAt = (path: string): DocumentRules<unknown> => {
    const rules = documents.find((candidate) => candidate.path === path);
    if (rules === undefined) {
      throw new TypeError(
        `No document at ${path}; documents: ${documents.map((known) => known.path).join(", ")}`,
      );
    }
    return rules;
  };
  /** An out-of-band write of the document at `path`, queued with the API's writes of its object. */
  const writing = async <T>(
    path: string,
    write: (rules: DocumentRules<unknown>) => Promise<T>,
  ): Promise<T> => {
    const rules = rulesAt(path);
    const owner = emulations.find((emulation) =>
      (emulation.documents ?? []).some((candidate) => (candidate as unknown) === rules),
    );
    return store.writing(owner ?? rules, () => write(rules));
  };
  const collections = emulations.flatMap((emulation) => emulation.collections ?? []).map(({ path }) => path);
  const view = (rules: DocumentRules<unknown>, stored: unknown): unknown =>
    rules.view === undefined ? stored : rules.view(stored);
  return {
    read(path) {
      const rules = rulesAt(path);
      const stored = store.document(path);
      return stored === undefined ? undefined : view(rules, stored);
    },
    stored: (path) => (rulesAt(path), store.document(path)),
    items(path) {
      if (!collections.includes(path)) {
        throw new TypeError(`No collection at ${path}; collections: ${collections.join(", ")}`);
      }
      return store.items(path);
    },
    write: (method, path, body) =>
      writing(path, async (rules) => {
        const endpoint = rules.endpoints.find(
          (candidate: Endpoint) => candidate.method === method && candidate.path === path,
        );
        if (endpoint?.request === undefined) throw new TypeError(`No ${method} of ${path}`);
        let sent: Record<string, unknown>;
        try {
          sent = parsePayload(endpoint.request, structuredClone(body)) as Record<string, unknown>;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const { message } = error.body;
          throw refusedWrite(
            method,
            path,
            error.status,
            typeof message === "string" ? message : error.message,
          );
        }
        const invalid = await rules.check?.(sent, RULE_HOST);
        if (invalid !== undefined) throw refusedWrite(method, path, invalid.status, invalid.message);
        const current = store.document(path);
        if (method === "PATCH" && current === undefined) throw new Error(`${path} does not exist`);
        const next = nextDocument(rules, method, current, sent);
        await store.setDocument(path, next);
        return writtenView(rules, next);
      }),
    seed: (path, document) =>
      writing(path, async () => {
        await store.setDocument(path, structuredClone(document));
      }),
    reset: (path) =>
      writing(path, async (rules) => {
        await store.setDocument(path, rules.initial(newTenant));
      }),
    remove: (path) =>
      writing(path, async () => {
        await store.setDocument(path, undefined);
      }),
    plan: () => store.currentPlan(),
    setPlan: (plan) => store.setPlan(plan),
    botDetection: () => !store.lacks(BOT_DETECTION),
    setBotDetection: (enabled) => store.setPlan(withFeature(store.currentPlan(), BOT_DETECTION, enabled)),
  };
}
