import { createHash, randomUUID } from "node:crypto";

import {
  AUTH_PATHS,
  CLIENT_ASSERTION_TYPE,
  tokenResponseSchema,
  type ClientAssertionTokenRequest,
  type TokenRequest,
} from "../wire";
import type { ClientAssertionSigningAlg, TenantConnection } from "./connection";
import { errorFromResponse } from "./errorResponse";
import { TenantConfigError } from "./errors";
import { CONFIG_KEYS, ENV_VARS } from "./settings";
import { parseResponseBody, type AccessTokenSource, type HttpTransport } from "./http";

/** A token is refreshed this long before it expires: 10 s, as the platform's official SDK does. */
export const TOKEN_REFRESH_MARGIN_MS = 10_000;

/** What identifies a cached client-credentials token. */
export interface TokenCacheKey {
  baseUrl: string;
  clientId: string;
  audience: string;
  /**
   * A hash of the credential the token was fetched with (the client secret or the assertion key), so a caller
   * with other credentials for the same client never gets it: its own credentials must earn a token.
   */
  credential?: string | undefined;
}

/** A token as the token endpoint issued it. */
export interface IssuedToken {
  accessToken: string;
  /** Lifetime from the moment it was requested. */
  expiresInSeconds: number;
}

/** Options of a {@link TokenCache}. */
interface TokenCacheOptions {
  /** The current time in ms since the epoch; default `Date.now`. Injected by tests. */
  now?: (() => number) | undefined;
  /** How long before expiry a token stops being served; default {@link TOKEN_REFRESH_MARGIN_MS}. */
  refreshMarginMs?: number | undefined;
}

type CacheEntry =
  | { readonly state: "ready"; readonly token: string; readonly refreshAt: number }
  | { readonly state: "pending"; readonly promise: Promise<string> };

/**
 * Caches client-credentials tokens per (baseUrl, clientId, audience) until 10 s before they expire.
 * Concurrent callers share one in-flight fetch; a failed fetch is not cached, so the next caller tries
 * again. Tokens are kept in a private field, so the cache never shows up in a log or a serialization.
 */
export class TokenCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #now: () => number;
  readonly #refreshMarginMs: number;

  constructor(options: TokenCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#refreshMarginMs = options.refreshMarginMs ?? TOKEN_REFRESH_MARGIN_MS;
  }

  /**
   * Returns the cached token for `key` while it is fresh; otherwise joins the fetch in flight, or starts
   * one with `fetchToken`.
   */
  getToken(key: TokenCacheKey, fetchToken: () => Promise<IssuedToken>): Promise<string> {
    const id = cacheId(key);
    const entry = this.#entries.get(id);
    if (entry?.state === "ready" && this.#now() < entry.refreshAt) return Promise.resolve(entry.token);
    if (entry?.state === "pending") return entry.promise;

    const requestedAt = this.#now();
    const slot: { pending?: CacheEntry } = {};
    // fetchToken runs in a microtask, so the pending entry is registered even if it throws synchronously.
    const promise = Promise.resolve()
      .then(fetchToken)
      .then(
        (issued) => {
          if (this.#entries.get(id) === slot.pending) {
            this.#entries.set(id, {
              state: "ready",
              token: issued.accessToken,
              refreshAt: requestedAt + issued.expiresInSeconds * 1000 - this.#refreshMarginMs,
            });
          }
          return issued.accessToken;
        },
        (error: unknown) => {
          if (this.#entries.get(id) === slot.pending) this.#entries.delete(id);
          throw error;
        },
      );
    slot.pending = { state: "pending", promise };
    this.#entries.set(id, slot.pending);
    return promise;
  }

  /** Whether a fresh token for `key` is cached (a fetch in flight does not count). */
  hasFreshToken(key: TokenCacheKey): boolean {
    const entry = this.#entries.get(cacheId(key));
    return entry?.state === "ready" && this.#now() < entry.refreshAt;
  }

  /**
   * Drops the cached token for `key`, so the next {@link TokenCache.getToken} fetches a fresh one. With
   * `rejected`, drops it only if it is still that token: a 401 on an old token must not throw away the
   * fresh token another request already fetched.
   */
  invalidate(key: TokenCacheKey, rejected?: string): void {
    const id = cacheId(key);
    const entry = this.#entries.get(id);
    if (entry?.state === "ready" && (rejected === undefined || entry.token === rejected)) {
      this.#entries.delete(id);
    }
  }

  /** Drops every cached token. */
  clear(): void {
    this.#entries.clear();
  }
}

function cacheId(key: TokenCacheKey): string {
  return JSON.stringify([key.baseUrl, key.clientId, key.audience, key.credential ?? ""]);
}

/** How long a client assertion is valid: long enough for one token request and its retries. */
const CLIENT_ASSERTION_LIFETIME_SECONDS = 60;

/**
 * Requests a token with the client-credentials grant: `POST ${baseUrl}/oauth/token` with a JSON body
 * `{grant_type: "client_credentials", client_id, client_secret, audience}`. 429, 5xx and connection
 * failures are retried like other requests.
 *
 * @throws TokenRequestError when the endpoint refuses (e.g. `POST /oauth/token failed: 401 access_denied: Unauthorized. …`)
 * @throws TenantResponseError when a 2xx body is not a token response
 * @throws TenantConnectionError / TenantRateLimitError as any request
 */
async function requestClientCredentialsToken(
  transport: HttpTransport,
  params: { baseUrl: string; clientId: string; clientSecret: string; audience: string },
): Promise<IssuedToken> {
  const body: TokenRequest = {
    grant_type: "client_credentials",
    client_id: params.clientId,
    client_secret: params.clientSecret,
    audience: params.audience,
  };
  return await postTokenRequest(transport, params.baseUrl, body, [params.clientSecret]);
}

/**
 * Signs a `private_key_jwt` client assertion with jose: `iss` and `sub` the client id, `aud`
 * `${baseUrl}/` (the tenant that receives it), a random `jti`, `iat` now and `exp` 60 s later.
 *
 * @throws TenantConfigError when the key cannot be read for the algorithm (the key is never quoted)
 */
async function signClientAssertion(params: {
  baseUrl: string;
  clientId: string;
  privateKey: string;
  signingAlg: ClientAssertionSigningAlg;
}): Promise<string> {
  try {
    // Loaded here: only private_key_jwt credentials sign anything.
    const { SignJWT, importPKCS8 } = await import("jose");
    const key = await importPKCS8(params.privateKey, params.signingAlg);
    return await new SignJWT({})
      .setProtectedHeader({ alg: params.signingAlg, typ: "JWT" })
      .setIssuer(params.clientId)
      .setSubject(params.clientId)
      .setAudience(`${params.baseUrl}/`)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${CLIENT_ASSERTION_LIFETIME_SECONDS}s`)
      .sign(key);
  } catch {
    // jose's reasons may quote key material: only the settings to check are named.
    throw new TenantConfigError(
      `The client assertion private key (${CONFIG_KEYS.clientAssertionPrivateKey} / ` +
        `${ENV_VARS.clientAssertionPrivateKey}) is not a PKCS#8 PEM key usable with ${params.signingAlg} ` +
        `(${CONFIG_KEYS.clientAssertionSigningAlg} / ${ENV_VARS.clientAssertionSigningAlg}).`,
    );
  }
}

/**
 * Requests a token with the client-credentials grant and `private_key_jwt` client authentication:
 * `POST ${baseUrl}/oauth/token` with `{grant_type, client_id, client_assertion_type, client_assertion,
 * audience}`. The assertion is signed for `baseUrl` only and redacted from anything the server says.
 *
 * @throws as {@link requestClientCredentialsToken}, and TenantConfigError for an unusable key
 */
async function requestClientAssertionToken(
  transport: HttpTransport,
  params: {
    baseUrl: string;
    clientId: string;
    privateKey: string;
    signingAlg: ClientAssertionSigningAlg;
    audience: string;
  },
): Promise<IssuedToken> {
  const assertion = await signClientAssertion(params);
  const body: ClientAssertionTokenRequest = {
    grant_type: "client_credentials",
    client_id: params.clientId,
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: assertion,
    audience: params.audience,
  };
  return await postTokenRequest(transport, params.baseUrl, body, [assertion]);
}

async function postTokenRequest(
  transport: HttpTransport,
  baseUrl: string,
  body: TokenRequest | ClientAssertionTokenRequest,
  secrets: readonly string[],
): Promise<IssuedToken> {
  const request = { method: "POST", path: AUTH_PATHS.token } as const;
  const response = await transport.send({
    ...request,
    url: `${baseUrl}${AUTH_PATHS.token}`,
    body,
    secrets,
    retryable: true,
  });
  if (response.status < 200 || response.status > 299) {
    throw errorFromResponse(
      { ...request, secrets, attempts: response.attempts, settingsRead: transport.settingsRead },
      response,
    );
  }
  const parsed = parseResponseBody(tokenResponseSchema, request, response);
  return { accessToken: parsed.access_token, expiresInSeconds: parsed.expires_in };
}

/**
 * The token source for a connection: an API token is used as is (and cannot be renewed); client
 * credentials (secret or assertion key) get a token from `cache`, fetched through `transport` from the
 * connection's own `baseUrl` when missing or about to expire. The cache key includes the host.
 */
export function accessTokenSource(
  connection: TenantConnection,
  transport: HttpTransport,
  cache: TokenCache,
): AccessTokenSource {
  const credentials = connection.credentials;
  if (credentials.kind === "apiToken") {
    const token = credentials.token;
    return { getToken: () => Promise.resolve(token) };
  }
  const secret = credentials.kind === "clientCredentials" ? credentials.clientSecret : credentials.privateKey;
  const key: TokenCacheKey = {
    baseUrl: connection.baseUrl,
    clientId: credentials.clientId,
    audience: connection.audience,
    credential: createHash("sha256").update(secret).digest("hex"),
  };
  const target = { baseUrl: key.baseUrl, clientId: key.clientId, audience: key.audience };
  const fetchToken =
    credentials.kind === "clientCredentials"
      ? () => requestClientCredentialsToken(transport, { ...target, clientSecret: credentials.clientSecret })
      : () =>
          requestClientAssertionToken(transport, {
            ...target,
            privateKey: credentials.privateKey,
            signingAlg: credentials.signingAlg,
          });
  return {
    getToken: () => cache.getToken(key, fetchToken),
    invalidate: (rejected) => cache.invalidate(key, rejected),
    hasFetchedToken: () => cache.hasFreshToken(key),
  };
}
