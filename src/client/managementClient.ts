import { createHash } from "node:crypto";

import { pathWith, type Endpoint } from "../wire/endpoint";
import type { TenantConnection } from "./connection";
import { TenantRequestError, schemaIssues } from "./errors";
import { HttpTransport, callApi, type AccessTokenSource, type HttpTransportOptions } from "./http";
import { jwtClaims } from "./jwtClaims";
import { RequestPacer } from "./pacing";
import { secretsInBody } from "./redact";
import type { RunCache } from "./runCache";
import { TokenCache, accessTokenSource } from "./tokens";

/**
 * Options of a {@link ManagementClient}; all optional. What a client shares with others (its token cache, its
 * pacer, its run cache) is given by whoever makes it; without them it has its own.
 */
export interface ManagementClientOptions {
  /** Where client-credentials tokens are cached; default a cache of this client's own. */
  tokenCache?: TokenCache | undefined;
  /** Waits between retries; default a `setTimeout` promise. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Jitter source in [0, 1); default `Math.random`. */
  random?: (() => number) | undefined;
  /** Clock in ms since the epoch, to read `X-RateLimit-Reset`; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Receives one line per retry or rate-limit wait (e.g. `pulumi.log.debug`); never given a credential. */
  log?: ((message: string) => void) | undefined;
  /**
   * Shares the reads of endpoints marked `sharedRead` (the resources' reads of their own object) between the
   * processes of one `pulumi` command (see {@link RunCache}); default none.
   */
  runCache?: RunCache | undefined;
  /** Receives each response's method, path, status and headers, never a body (see `HttpTransportOptions`). */
  onResponse?: HttpTransportOptions["onResponse"];
  /**
   * Paces requests by the tenant's rate-limit headers (one pacer for every client of a tenant); default a pacer
   * of this client's own on the given `sleep` and `now`.
   */
  pacer?: RequestPacer | undefined;
}

/** What an access token grants, from its claims. */
export interface TokenGrant {
  /** The machine-to-machine client the token was issued to, when the claims say. */
  clientId: string | undefined;
  /** The granted scopes. */
  scopes: readonly string[];
  /** When the token was issued (its `iat`), in UNIX seconds, when the claims say. */
  issuedAt: number | undefined;
  /** When it expires (its `exp`), in UNIX seconds, when the claims say. */
  expiresAt: number | undefined;
}

/**
 * A typed client of the tenant management API (`${baseUrl}/api/v2`). Each method sends one operation,
 * with retries (see `RETRY_POLICY`), and returns the zod-parsed response.
 *
 * Errors: `TenantApiError` (error status), `TenantRateLimitError` (429 beyond the budget),
 * `TenantConnectionError` (no response), `TenantResponseError` (2xx with an unexpected body),
 * `TokenRequestError` (token endpoint refused), `TenantRequestError` (invalid input; nothing sent).
 */
export class ManagementClient {
  /** `https://host[:port]` of the tenant. */
  readonly baseUrl: string;
  readonly #apiBaseUrl: string;
  readonly #transport: HttpTransport;
  readonly #auth: AccessTokenSource;
  readonly #secrets: readonly string[];
  readonly #runCache: RunCache | undefined;
  readonly #cacheScope: string;
  readonly #reads = new Map<string, Promise<unknown>>();

  constructor(connection: TenantConnection, options: ManagementClientOptions = {}) {
    this.baseUrl = connection.baseUrl;
    this.#apiBaseUrl = connection.apiBaseUrl;
    this.#transport = new HttpTransport({
      timeoutMs: connection.timeoutMs,
      rateLimitBudgetMs: connection.rateLimitBudgetMs,
      sleep: options.sleep,
      random: options.random,
      now: options.now,
      log: options.log,
      settingsRead: connection.settingsRead,
      onResponse: options.onResponse,
      pacer: options.pacer ?? new RequestPacer({ sleep: options.sleep, now: options.now }),
    });
    this.#auth = accessTokenSource(connection, this.#transport, options.tokenCache ?? new TokenCache());
    const credentials = connection.credentials;
    this.#secrets =
      credentials.kind === "apiToken"
        ? [credentials.token]
        : credentials.kind === "clientCredentials"
          ? [credentials.clientSecret]
          : [credentials.privateKey];
    this.#runCache = options.runCache;
    this.#cacheScope = connectionIdentity(connection);
  }

  /**
   * What the token this client sends grants, read from its claims (decoded, not verified: the token is
   * our own): the client id (`azp`, else `sub` without `@clients`), the scopes, and when it was issued and expires.
   * `undefined` when the token is not a JWT. Fetches a token when none is cached; sends nothing else.
   */
  async tokenGrant(): Promise<TokenGrant | undefined> {
    const claims = jwtClaims(await this.#auth.getToken());
    if (claims === undefined) return undefined;
    const scope = typeof claims["scope"] === "string" ? claims["scope"] : "";
    const subject = typeof claims["sub"] === "string" ? claims["sub"].replace(/@clients$/, "") : undefined;
    const clientId = typeof claims["azp"] === "string" ? claims["azp"] : subject;
    const seconds = (claim: unknown): number | undefined => (typeof claim === "number" ? claim : undefined);
    return {
      clientId,
      scopes: scope.split(" ").filter((name) => name !== ""),
      issuedAt: seconds(claims["iat"]),
      expiresAt: seconds(claims["exp"]),
    };
  }

  /**
   * Whether this process already holds a fresh client-credentials token for the tenant, fetched by an
   * earlier request of the run (always `false` for an API token, which no request has vouched for).
   */
  hasFetchedToken(): boolean {
    return this.#auth.hasFetchedToken?.() ?? false;
  }

  /**
   * A GET of `endpoint` sent once per client, that is once per process: later calls with the same path and
   * query get the first one's answer, joining it while it is in flight. For what a preview's checks read, which
   * several resources read at once and nothing writes while a preview runs (the tenant settings, the list of
   * phone notification templates); never for a read that must see a write of this process. A failed read is
   * not kept, so the next caller asks again.
   */
  readOnce<Response>(
    endpoint: Endpoint<undefined, Response>,
    request: { query?: Readonly<Record<string, string>>; params?: Readonly<Record<string, string>> } = {},
  ): Promise<Response> {
    if (endpoint.method !== "GET")
      throw new Error(`readOnce is for reads: ${endpoint.method} ${endpoint.path}`);
    const query = Object.entries(request.query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const key = JSON.stringify([endpoint.method, pathWith(endpoint.path, request.params), query]);
    const known = this.#reads.get(key) as Promise<Response> | undefined;
    if (known !== undefined) return known;
    const read = this.send(endpoint, request);
    this.#reads.set(key, read);
    read.catch(() => {
      if (this.#reads.get(key) === read) this.#reads.delete(key);
    });
    return read;
  }

  /**
   * Sends one request to `endpoint`: validates `body` with the endpoint's request schema (an invalid body is a
   * `TenantRequestError` and is not sent), fills in the path's `params`, retries as `RETRY_POLICY` says and
   * returns the answer parsed with the endpoint's response schema (`undefined` for an endpoint that answers
   * without a body). A shared read is served from the run cache when the command already made it; a write
   * drops the cached read of its path.
   */
  async send<Request, Response>(
    endpoint: Endpoint<Request, Response>,
    request: {
      body?: Request;
      query?: Readonly<Record<string, string>>;
      params?: Readonly<Record<string, string>>;
      /** Ask the tenant even when the run cache holds the read: what a create decides on must be current. */
      fresh?: boolean;
    } = {},
  ): Promise<Response> {
    const path = pathWith(endpoint.path, request.params);
    const body = endpoint.request === undefined ? undefined : validate(endpoint, path, request.body);
    const cacheKey = `${this.#cacheScope}\n${path}`;
    if (
      this.#runCache !== undefined &&
      endpoint.sharedRead &&
      endpoint.response !== undefined &&
      request.fresh !== true
    ) {
      const cached = await this.#runCache.get(cacheKey);
      const parsed = cached === undefined ? undefined : endpoint.response.safeParse(cached);
      if (parsed?.success === true) return parsed.data;
    }
    const response = await callApi(this.#transport, this.#apiBaseUrl, this.#auth, {
      method: endpoint.method,
      path,
      query: request.query,
      body,
      responseSchema: endpoint.response,
      hints: endpoint.hints,
      secrets: [...this.#secrets, ...secretsInBody(body)],
    });
    if (this.#runCache !== undefined) {
      // The service never returns a secret in these reads; should one ever carry one, it is not written to disk.
      if (endpoint.sharedRead && secretsInBody(response).length === 0) {
        await this.#runCache.set(cacheKey, response);
      } else if (endpoint.method !== "GET") await this.#runCache.drop(cacheKey);
    }
    return response;
  }
}

/** Parses a request body with its endpoint's schema; an invalid body is a {@link TenantRequestError}. */
function validate<Request>(endpoint: Endpoint<Request, unknown>, path: string, body: unknown): Request {
  const parsed = endpoint.request?.safeParse(body);
  if (parsed === undefined || parsed.success) return parsed?.data as Request;
  throw new TenantRequestError({ method: endpoint.method, path, issues: schemaIssues(parsed.error.issues) });
}

function fingerprint(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * What tells one connection's client from another's: the tenant, the settings a client is made with and the
 * credentials, each secret as its SHA-256 hash, never the secret itself. Keys the run cache's entries, and
 * whoever shares clients between callers.
 */
export function connectionIdentity(connection: TenantConnection): string {
  const credentials = connection.credentials;
  const identity =
    credentials.kind === "apiToken"
      ? ["apiToken", fingerprint(credentials.token)]
      : credentials.kind === "clientCredentials"
        ? ["clientCredentials", credentials.clientId, fingerprint(credentials.clientSecret)]
        : [
            "privateKeyJwt",
            credentials.clientId,
            credentials.signingAlg,
            fingerprint(credentials.privateKey),
          ];
  return JSON.stringify([
    connection.baseUrl,
    connection.audience,
    connection.timeoutMs,
    connection.rateLimitBudgetMs,
    ...identity,
  ]);
}
