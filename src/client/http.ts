import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";

import axios, { type AxiosInstance } from "axios";

import { RATE_LIMIT_HEADERS, parseRateLimitReset } from "../wire/errors";
import type { Schema } from "../wire/shape";
import { errorFromResponse } from "./errorResponse";
import {
  TenantConnectionError,
  TenantResponseError,
  schemaIssues,
  type HttpMethod,
  type HttpResponseSnapshot,
} from "./errors";
import type { SettingsRead } from "./hints";
import { describeFailure } from "./transportFailure";
import { normalizeHeaders, parseRetryAfter } from "./responseHeaders";
import { formatSeconds } from "./settings";
import { LONG_PACING_WAIT_MS, type RequestPacer } from "./pacing";

/**
 * Retry and backoff constants.
 *
 * - 5xx answers and connection failures (reset, refused, timeout, socket hang up) of retryable requests
 *   are retried up to `maxRetries` times, after `baseDelayMs * 2^n` plus up to `jitterMs` of random
 *   jitter: about 200 ms, 400 ms, 800 ms, 1.6 s.
 * - A 429 waits until `X-RateLimit-Reset` (UNIX seconds); if that is missing or past, `Retry-After`
 *   (seconds or an HTTP date); else `rateLimitFallbackBaseMs * 2^n` (at most `rateLimitFallbackMaxMs`).
 *   Up to `rateLimitJitterMs` of jitter is added. Waiting stops when the total would exceed the
 *   rate-limit budget (`tenant-admin:rateLimitBudgetSeconds`, default 60 s).
 */
export const RETRY_POLICY = {
  maxRetries: 4,
  baseDelayMs: 200,
  jitterMs: 100,
  rateLimitJitterMs: 250,
  rateLimitFallbackBaseMs: 1000,
  rateLimitFallbackMaxMs: 30_000,
} as const;

/**
 * Connections one client may hold open to its tenant at once. One: the engine's parallel calls to a tenant
 * are few and short, and waiting for the kept-alive connection costs less than a new connection's handshakes
 * (TCP, and TLS, each a round trip to a distant tenant).
 */
const MAX_SOCKETS = 1;

/** Largest response body accepted, in bytes. */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** Options of an {@link HttpTransport}; `sleep`, `random` and `now` are injectable for tests. */
export interface HttpTransportOptions {
  /** Per-request timeout (connect to last byte). */
  timeoutMs: number;
  /** Total time one request may wait for rate limits. */
  rateLimitBudgetMs: number;
  /** Waits; default a `setTimeout` promise. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Returns a number in [0, 1) for jitter; default `Math.random`. */
  random?: (() => number) | undefined;
  /** The current time in ms since the epoch, to read `X-RateLimit-Reset`; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Receives one line per retry; never given a credential. */
  log?: ((message: string) => void) | undefined;
  /** Where the command reads its settings, for the advice of errors; default the stack config and the environment. */
  settingsRead?: SettingsRead | undefined;
  /**
   * Receives each response's method, path, status and headers (never its body or the request's headers), e.g.
   * for `tenant-admin doctor` to read `X-RateLimit-Remaining`.
   */
  onResponse?: ((response: ObservedResponse) => void) | undefined;
  /**
   * Paces the requests by the tenant's rate-limit headers before they are sent (see `pacing.ts`); default
   * none: only a 429 makes a request wait.
   */
  pacer?: RequestPacer | undefined;
}

/** What {@link HttpTransportOptions.onResponse} is given of a response. */
export interface ObservedResponse {
  readonly method: HttpMethod;
  /** The path as errors name it: no host, no `/api/v2`. */
  readonly path: string;
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
}

/** One logical request to send (retries included). */
interface TransportRequest {
  method: HttpMethod;
  /** Absolute URL without query string. */
  url: string;
  /** The path named in errors and logs: no host, no `/api/v2`. */
  path: string;
  headers?: Readonly<Record<string, string>> | undefined;
  query?: Readonly<Record<string, string>> | undefined;
  /** Sent as JSON when present. */
  body?: unknown;
  /** Credentials of this request, redacted from anything the server says. */
  secrets: readonly string[];
  /** Whether 5xx and connection failures are retried; default: every method but POST. */
  retryable?: boolean | undefined;
}

/** The final response of a request, after retries. */
interface TransportResponse extends HttpResponseSnapshot {
  /** How many times the request was sent. */
  attempts: number;
}

/**
 * Sends HTTP requests over one axios instance, retrying 5xx answers, connection failures and 429s as
 * {@link RETRY_POLICY} says. It maps no status itself beyond that: the caller turns the final response
 * into a value or an error. Every failure without a response becomes a {@link TenantConnectionError}
 * holding only a sanitized summary, never the axios error (its config carries the token).
 */
export class HttpTransport {
  /** Where the command reads its settings: the advice of every error this transport's requests raise names them. */
  readonly settingsRead: SettingsRead | undefined;
  readonly #axios: AxiosInstance;
  readonly #timeoutMs: number;
  readonly #rateLimitBudgetMs: number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #log: (message: string) => void;
  readonly #onResponse: ((response: ObservedResponse) => void) | undefined;
  readonly #pacer: RequestPacer | undefined;

  constructor(options: HttpTransportOptions) {
    this.settingsRead = options.settingsRead;
    this.#timeoutMs = options.timeoutMs;
    this.#rateLimitBudgetMs = options.rateLimitBudgetMs;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? (() => undefined);
    this.#onResponse = options.onResponse;
    this.#pacer = options.pacer;
    this.#axios = axios.create({
      // Node's http and https, whose agents below keep connections; the vendored axios has no fetch adapter.
      adapter: "http",
      timeout: options.timeoutMs,
      maxRedirects: 0,
      validateStatus: () => true,
      responseType: "text",
      transformResponse: [(data: unknown) => data],
      maxContentLength: MAX_RESPONSE_BYTES,
      headers: { Accept: "application/json" },
      // One keep-alive connection per client (per tenant), reused by its token and API requests: each new
      // connection costs a round trip (and a TLS handshake), which is most of a request to a distant tenant.
      // Idle sockets are unref'd by the agent, so they never hold the process open.
      httpAgent: new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
    });
  }

  /** Sends `request`, retrying as {@link RETRY_POLICY} says, and returns the last response. */
  async send(request: TransportRequest): Promise<TransportResponse> {
    const retryable = request.retryable ?? request.method !== "POST";
    let attempts = 0;
    let failures = 0;
    let rateLimited = 0;
    let waitedMs = 0;
    for (;;) {
      attempts += 1;
      let response: HttpResponseSnapshot;
      await this.#paced(request);
      const sentAt = this.#now();
      try {
        response = await this.#sendOnce(request);
        this.#pacer?.observe(response.status, response.headers, sentAt);
        this.#onResponse?.({
          method: request.method,
          path: request.path,
          status: response.status,
          headers: response.headers,
        });
      } catch (error) {
        this.#pacer?.release();
        const failure = describeFailure(error, this.#timeoutMs, request.secrets);
        if (retryable && failure.retryable && failures < RETRY_POLICY.maxRetries) {
          const delay = this.#backoff(failures++);
          this.#log(
            `${request.method} ${request.path}: ${failure.reason}; retrying in ${formatSeconds(delay)}`,
          );
          await this.#sleep(delay);
          continue;
        }
        throw new TenantConnectionError({
          method: request.method,
          path: request.path,
          host: new URL(request.url).host,
          reason: failure.reason,
          code: failure.code,
          attempts,
          cause: failure.summary,
          settingsRead: this.settingsRead,
        });
      }

      if (response.status === 429) {
        const delay = this.#rateLimitDelay(response.headers, rateLimited++);
        if (waitedMs + delay > this.#rateLimitBudgetMs) {
          throw errorFromResponse(
            {
              method: request.method,
              path: request.path,
              secrets: request.secrets,
              attempts,
              settingsRead: this.settingsRead,
            },
            response,
            { waitedMs, budgetMs: this.#rateLimitBudgetMs, nextWaitMs: delay },
          );
        }
        this.#log(
          `${request.method} ${request.path}: rate-limited (429); waiting ${formatSeconds(delay)} ` +
            `(${formatSeconds(waitedMs)} of the ${formatSeconds(this.#rateLimitBudgetMs)} budget used so far)`,
        );
        // With a pacer, the retry's acquire makes the wait, and holds the tenant's other requests with it.
        if (this.#pacer === undefined) await this.#sleep(delay);
        else this.#pacer.holdFor(delay);
        waitedMs += delay;
        continue;
      }

      if (isRetryableStatus(response.status) && retryable && failures < RETRY_POLICY.maxRetries) {
        const delay = this.#backoff(failures++);
        this.#log(
          `${request.method} ${request.path}: ${response.status}; retrying in ${formatSeconds(delay)}`,
        );
        await this.#sleep(delay);
        continue;
      }
      return { ...response, attempts };
    }
  }

  /** Waits for the tenant's budget; says so only when the wait was long. */
  async #paced(request: TransportRequest): Promise<void> {
    if (this.#pacer === undefined) return;
    const waited = await this.#pacer.acquire();
    if (waited >= LONG_PACING_WAIT_MS) {
      this.#log(
        `${request.method} ${request.path}: waited ${formatSeconds(waited)} for the tenant's rate limit ` +
          "(X-RateLimit-Remaining) before sending",
      );
    }
  }

  async #sendOnce(request: TransportRequest): Promise<HttpResponseSnapshot> {
    const hasBody = request.body !== undefined;
    const response = await this.#axios.request<unknown>({
      method: request.method,
      url: request.url,
      params: request.query,
      data: hasBody ? JSON.stringify(request.body) : undefined,
      headers: { ...(hasBody ? { "Content-Type": "application/json" } : {}), ...request.headers },
      // Axios's own timeout is an idle timeout on the socket; this bounds the whole request.
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    return {
      status: response.status,
      headers: normalizeHeaders(response.headers),
      body: typeof response.data === "string" ? response.data : "",
    };
  }

  #backoff(failures: number): number {
    return RETRY_POLICY.baseDelayMs * 2 ** failures + Math.floor(this.#random() * RETRY_POLICY.jitterMs);
  }

  #rateLimitDelay(headers: Readonly<Record<string, string | undefined>>, previous: number): number {
    const jitter = Math.floor(this.#random() * RETRY_POLICY.rateLimitJitterMs);
    const now = this.#now();
    const reset = parseRateLimitReset(headers[RATE_LIMIT_HEADERS.reset]);
    if (reset !== undefined && reset * 1000 > now) return Math.ceil(reset * 1000 - now) + jitter;
    const retryAfter = parseRetryAfter(headers["retry-after"], now);
    if (retryAfter !== undefined) return retryAfter + jitter;
    const fallback = RETRY_POLICY.rateLimitFallbackBaseMs * 2 ** previous;
    return Math.min(fallback, RETRY_POLICY.rateLimitFallbackMaxMs) + jitter;
  }
}

function isRetryableStatus(status: number): boolean {
  return status >= 500 && status <= 599 && status !== 501;
}

/**
 * Parses a 2xx response body as JSON and with `schema`. A non-JSON body or a mismatch is a
 * {@link TenantResponseError}, never a success.
 */
export function parseResponseBody<T>(
  schema: Schema<T>,
  request: { method: HttpMethod; path: string },
  response: HttpResponseSnapshot,
): T {
  let json: unknown;
  try {
    json = JSON.parse(response.body) as unknown;
  } catch {
    throw new TenantResponseError({
      ...request,
      status: response.status,
      issues: [],
      contentType: response.headers["content-type"],
    });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new TenantResponseError({
    ...request,
    status: response.status,
    issues: schemaIssues(parsed.error.issues),
    contentType: response.headers["content-type"],
  });
}

/** Supplies the bearer token of API requests. */
export interface AccessTokenSource {
  /** The token to send. */
  getToken(): Promise<string>;
  /**
   * Drops `rejected` so the next {@link AccessTokenSource.getToken} fetches a fresh token. Absent when the
   * token cannot be renewed (a static API token).
   */
  readonly invalidate?: ((rejected: string) => void) | undefined;
  /** Whether a fresh client-credentials token, fetched by an earlier request, is cached. */
  readonly hasFetchedToken?: (() => boolean) | undefined;
}

/** One management API request. */
interface ApiCall<T> {
  method: HttpMethod;
  /** Path under `/api/v2`, its parameters filled in. */
  path: string;
  query?: Readonly<Record<string, string>> | undefined;
  body?: unknown;
  /** Parses the 2xx body; absent when the endpoint answers without one. */
  responseSchema: Schema<T> | undefined;
  /** The endpoint's own hints, by status. */
  hints?: Readonly<Partial<Record<number, string>>> | undefined;
  /** Credentials of this request beyond the token (client secret, body secrets), for redaction. */
  secrets: readonly string[];
}

/**
 * Sends one management API operation: adds `Authorization: Bearer <token>`, retries through the
 * transport, on a 401 drops a renewable token and retries once with a fresh one, maps an error status
 * with {@link errorFromResponse} and parses a 2xx body with the operation's schema.
 */
export async function callApi<T>(
  transport: HttpTransport,
  apiBaseUrl: string,
  auth: AccessTokenSource,
  call: ApiCall<T>,
): Promise<T> {
  const secrets = [...call.secrets];
  const sendWith = async (token: string): Promise<TransportResponse> => {
    secrets.push(token);
    return transport.send({
      method: call.method,
      url: `${apiBaseUrl}${call.path}`,
      path: call.path,
      query: call.query,
      body: call.body,
      headers: { Authorization: `Bearer ${token}` },
      secrets,
    });
  };

  const token = await auth.getToken();
  let response = await sendWith(token);
  let attempts = response.attempts;
  if (response.status === 401 && auth.invalidate !== undefined) {
    auth.invalidate(token);
    response = await sendWith(await auth.getToken());
    attempts += response.attempts;
  }
  if (response.status >= 200 && response.status <= 299) {
    return call.responseSchema === undefined
      ? (undefined as T)
      : parseResponseBody(call.responseSchema, call, response);
  }
  throw errorFromResponse(
    {
      method: call.method,
      path: call.path,
      secrets,
      attempts,
      hints: call.hints,
      settingsRead: transport.settingsRead,
    },
    response,
  );
}
