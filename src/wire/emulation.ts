/**
 * How each API object tells the emulator to serve it: a document object's description (`document.ts`) gives its
 * {@link DocumentRules}, and an object's `emulation.ts` (in its folder under src/resources) may export an
 * {@link ObjectEmulation} for the rest; the registry lists both. The emulator is a host: it does the rest
 * generically: routing, tokens and scopes, rate limits, body parsing and validation with each endpoint's
 * schema, the platform's error bodies, and the store (singleton documents by path, collections by id) with
 * its data file.
 */
import type { Endpoint } from "./endpoint";
import type { Schema } from "./shape";

/** What every rule may read of the tenant: its documents and collections as stored (secrets included). */
export interface TenantView {
  /** The stored document at `path` (a copy), or `undefined` when there is none. */
  document<T = unknown>(path: string): T | undefined;
  /** The stored items of the collection at `path` (copies), in creation order. */
  items<T = unknown>(path: string): T[];
  /**
   * Whether the tenant's plan lacks a feature an object names (`botDetection`, `highlyRegulatedIdentity`): a
   * plan is data, the features it lacks ({@link Plan}).
   */
  lacks(feature: string): boolean;
}

/** The tenant, as a handler changes it: every change is saved before the answer goes out. */
export interface TenantStore extends TenantView {
  /** Replaces (or with `undefined`, removes) the document at `path`. */
  setDocument(path: string, document: unknown): Promise<void>;
  /** Adds or replaces (or with `undefined`, removes) the item `id` of the collection at `path`. */
  setItem(path: string, id: string, item: unknown): Promise<void>;
}

/**
 * A tenant's plan, as data: the features it lacks, by the names the objects' rules use (a document's
 * `entitlement.feature`, such as `botDetection`). A plan that lacks nothing has every feature.
 */
export interface Plan {
  readonly lacks: readonly string[];
}

/** A platform error: status, message, optional `errorCode`; the emulator answers it in the platform's body. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
  readonly errorCode?: string | undefined;
}

/** What a new tenant is, for the rules that give it its first documents. */
export interface NewTenant {
  /** The settings the emulator was started with, when given instead of a new tenant's. */
  readonly settings?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A singleton document at `path`: GET answers it, PATCH merges a body into it, PUT replaces it; each answers
 * the document as the platform shows it ({@link DocumentRules.view}).
 */
export interface DocumentRules<Stored = unknown> {
  readonly path: string;
  /** The endpoints at `path` (GET, PATCH, PUT), served with the document semantics above. */
  readonly endpoints: readonly Endpoint[];
  /** The document of a new tenant; `undefined` when a new tenant has none (a GET then answers `missing`). */
  initial(tenant: NewTenant): Stored | undefined;
  /** Checks a stored document when the data file is loaded. */
  readonly stored?: Schema<Stored>;
  /** What a GET answers for the stored document (without secrets, with what the platform adds); default as stored. */
  view?(stored: Stored): unknown;
  /** What a PATCH or PUT answers, when it differs from a GET's answer; default the view. */
  written?(stored: Stored): unknown;
  /** A PATCH as the platform applies it; default: each top-level property sent replaces the stored one. */
  merge?(stored: Stored, patch: Record<string, unknown>): Stored;
  /**
   * Validation beyond the endpoint's schema (a template's Liquid): the 400 to answer, or `undefined`; with
   * the emulator's {@link RuleHost} for work that must not block it.
   */
  check?(body: Record<string, unknown>, host: RuleHost): Promise<Refusal | undefined>;
  /**
   * Why the tenant does not serve the document now (its plan, its generation), or `undefined`; `sent` is the
   * body of a PATCH or PUT (for a refusal that depends on what is written), `undefined` for a GET. A refusal
   * applies nothing.
   */
  unavailable?(tenant: TenantView, sent?: Readonly<Record<string, unknown>>): Refusal | undefined;
  /** The 404 a request gets while the document does not exist. */
  readonly missing?: Refusal;
  /** The member a data file of format 1 kept this document under. */
  readonly legacyKey?: string;
}

/** What a custom route's handler gets. */
export interface RouteContext<Request = unknown> {
  /** The body, parsed and validated with the endpoint's request schema. */
  readonly body: Request;
  readonly query: URLSearchParams;
  /** The path parameters (`{id}`), decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly tenant: TenantStore;
  /** What the emulator does for a rule off its event loop. */
  readonly host: RuleHost;
  /** A line in the emulator's log (never a secret). */
  log(line: string): void;
}

/**
 * Work the emulator does for a rule, off its event loop: a rule gets it with each request rather than importing
 * the emulator, which sits above the objects. The module the work belongs to adds its method here by
 * augmentation (`src/templates/review.ts` adds `reviewTemplates`), so this contract names no module above it,
 * and the emulator does not compile unless its host has every method added.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface RuleHost {}

/**
 * An endpoint served by its own handler (collections, actions such as a reset): it returns the answer's body
 * (its status is the endpoint's), or throws a {@link RefusalError}.
 */
interface CustomRoute<Request = unknown, Response = unknown> {
  readonly endpoint: Endpoint<Request, Response>;
  handle(context: RouteContext<Request>): Promise<Response>;
}

/** A document object's rules where they differ from what its description gives (`document.ts`). */
export type DocumentOverrides<Stored = unknown> = Partial<Omit<DocumentRules<Stored>, "path">>;

/** What one API object adds to the emulator. */
export interface ObjectEmulation {
  /** For a document object (the registry gives its description): what its rules do differently. */
  readonly document?: DocumentOverrides<never>;
  readonly documents?: readonly DocumentRules<never>[];
  readonly routes?: readonly CustomRoute<never, unknown>[];
  /** Collections the object keeps, by path, with the schema their stored items are checked with on load. */
  readonly collections?: readonly { readonly path: string; readonly stored?: Schema<unknown> }[];
}

/** A refusal thrown by a rule or handler; the emulator answers it in the platform's error body. */
export class RefusalError extends Error implements Refusal {
  override readonly name = "RefusalError";
  readonly errorCode: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    errorCode?: string,
  ) {
    super(message);
    this.errorCode = errorCode;
  }
}

/** A document's rules, typed by what it stores (the registry keeps them untyped). */
export function documentRules<Stored>(rules: DocumentRules<Stored>): DocumentRules<never> {
  return rules as unknown as DocumentRules<never>;
}

/** A document's overrides, typed by what it stores (the registry keeps them untyped). */
export function documentOverrides<Stored>(overrides: DocumentOverrides<Stored>): DocumentOverrides<never> {
  return overrides as unknown as DocumentOverrides<never>;
}

/** A custom route, typed by its endpoint (the registry keeps them untyped). */
export function customRoute<Request, Response>(
  endpoint: Endpoint<Request, Response>,
  handle: (context: RouteContext<Request>) => Promise<Response>,
): CustomRoute<never, unknown> {
  return { endpoint, handle } as unknown as CustomRoute<never, unknown>;
}
