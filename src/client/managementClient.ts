import { createHash } from "node:crypto";

import type { z } from "zod";
import type * as Jose from "jose";

import {
  OPERATIONS,
  TENANT_SETTINGS_FIELDS,
  type CaptchaPatchRequest,
  type CaptchaResponse,
  type OperationRequest,
  type OperationResponse,
  type OperationSpec,
  type PackageOperationName,
  type PhoneTemplatesRequest,
  type PhoneTemplatesResponse,
  type TenantSettingsResponse,
} from "../wire";
import type { TenantConnection } from "./connection";
import { TenantRequestError, schemaIssues } from "./errors";
import { HttpTransport, callApi, type AccessTokenSource } from "./http";
import { secretsInBody } from "./redact";
import type { RunCache } from "./runCache";
import { accessTokenSource, sharedTokenCache, type TokenCache } from "./tokens";

/** Options of a {@link ManagementClient}; all optional, mostly for tests. */
export interface ManagementClientOptions {
  /** Where client-credentials tokens are cached; default the process-wide {@link sharedTokenCache}. */
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
   * Shares the reads of the CAPTCHA configuration and the phone templates between the processes of one
   * `pulumi` command (see {@link RunCache}); default none.
   */
  runCache?: RunCache | undefined;
}

/** Reads a {@link RunCache} may serve: the resources' reads, not the settings a program asks for. */
const CACHED_READS: ReadonlySet<PackageOperationName> = new Set(["getCaptcha", "getPhoneTemplates"]);

/** What an access token grants, from its claims. */
export interface TokenGrant {
  /** The machine-to-machine client the token was issued to, when the claims say. */
  clientId: string | undefined;
  /** The granted scopes. */
  scopes: readonly string[];
}

/** Options of {@link ManagementClient.getTenantSettings}. */
export interface TenantSettingsQuery {
  /** Top-level field names (from `TENANT_SETTINGS_FIELDS`); empty or absent means all fields. */
  fields?: readonly string[] | undefined;
  /** `true` (default): return only `fields`; `false`: return all but `fields`. */
  includeFields?: boolean | undefined;
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
    });
    this.#auth = accessTokenSource(connection, this.#transport, options.tokenCache ?? sharedTokenCache());
    const credentials = connection.credentials;
    this.#secrets =
      credentials.kind === "apiToken"
        ? [credentials.token]
        : credentials.kind === "clientCredentials"
          ? [credentials.clientSecret]
          : [credentials.privateKey];
    this.#runCache = options.runCache;
    this.#cacheScope = clientKey(connection);
  }

  /**
   * What the token this client sends grants, read from its claims (jose `decodeJwt`, no verification:
   * the token is our own): the client id (`azp`, else `sub` without `@clients`) and the scopes.
   * `undefined` when the token is not a JWT. Fetches a token when none is cached; sends nothing else.
   */
  async tokenGrant(): Promise<TokenGrant | undefined> {
    const token = await this.#auth.getToken();
    let claims: Record<string, unknown>;
    try {
      // Loaded here: only a preview's write check reads the claims.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      claims = (require("jose") as typeof Jose).decodeJwt(token);
    } catch {
      return undefined;
    }
    const scope = typeof claims["scope"] === "string" ? claims["scope"] : "";
    const subject = typeof claims["sub"] === "string" ? claims["sub"].replace(/@clients$/, "") : undefined;
    const clientId = typeof claims["azp"] === "string" ? claims["azp"] : subject;
    return { clientId, scopes: scope.split(" ").filter((name) => name !== "") };
  }

  /**
   * Whether this process already holds a fresh client-credentials token for the tenant, fetched by an
   * earlier request of the run (always `false` for an API token, which no request has vouched for).
   */
  hasFetchedToken(): boolean {
    return this.#auth.hasFetchedToken?.() ?? false;
  }

  /** `getCaptcha` of `OPERATIONS`: the CAPTCHA configuration, without secrets. */
  getCaptcha(): Promise<CaptchaResponse> {
    return this.call("getCaptcha");
  }

  /**
   * `patchCaptcha` of `OPERATIONS`: merges `body` into the CAPTCHA configuration and returns the whole
   * merged configuration (without secrets). `body` is validated with `captchaPatchRequestSchema` first;
   * an invalid body is a `TenantRequestError` and is not sent.
   */
  patchCaptcha(body: CaptchaPatchRequest): Promise<CaptchaResponse> {
    return this.call("patchCaptcha", { body });
  }

  /**
   * `getTenantSettings` of `OPERATIONS`. `fields` is sent comma-joined with `include_fields` (default
   * `true`); every name is checked against `TENANT_SETTINGS_FIELDS` before anything is sent, and an
   * unknown one is a `TenantRequestError` listing the valid names.
   */
  async getTenantSettings(query: TenantSettingsQuery = {}): Promise<TenantSettingsResponse> {
    const { method, path } = OPERATIONS.getTenantSettings;
    const fields = [...new Set(query.fields ?? [])];
    const known: ReadonlySet<string> = new Set(TENANT_SETTINGS_FIELDS);
    const unknown = fields.filter((field) => !known.has(field));
    if (unknown.length > 0) {
      const names = unknown.map((field) => JSON.stringify(field)).join(", ");
      throw new TenantRequestError({
        method,
        path,
        issues: unknown.map((field) => ({
          path: "fields",
          message: `unknown field ${JSON.stringify(field)}`,
        })),
        message:
          `${method} ${path} was not sent: unknown tenant settings field${unknown.length > 1 ? "s" : ""} ` +
          `${names} in fields. Valid fields: ${TENANT_SETTINGS_FIELDS.join(", ")}.`,
      });
    }
    const params: Record<string, string> = {};
    if (fields.length > 0) params["fields"] = fields.join(",");
    if (fields.length > 0 || query.includeFields !== undefined) {
      params["include_fields"] = String(query.includeFields ?? true);
    }
    return await this.call("getTenantSettings", { query: params });
  }

  /** `getPhoneTemplates` of `OPERATIONS`: the stored phone MFA templates. */
  getPhoneTemplates(): Promise<PhoneTemplatesResponse> {
    return this.call("getPhoneTemplates");
  }

  /**
   * `putPhoneTemplates` of `OPERATIONS`: replaces both templates and returns the stored ones. `body` is
   * validated with `phoneTemplatesRequestSchema` first.
   */
  putPhoneTemplates(body: PhoneTemplatesRequest): Promise<PhoneTemplatesResponse> {
    return this.call("putPhoneTemplates", { body });
  }

  /**
   * Sends the operation `name` of `OPERATIONS` (its method, path and schemas), one of the operations the
   * package uses (`PACKAGE_OPERATION_NAMES`, whose scopes make `ALL_SCOPES`): validates `body` with the
   * operation's request schema (an invalid body is a `TenantRequestError` and is not sent), retries as
   * `RETRY_POLICY` says and returns the response parsed with the operation's response schema.
   */
  async call<N extends PackageOperationName>(
    name: N,
    request: { body?: OperationRequest<N>; query?: Record<string, string> } = {},
  ): Promise<OperationResponse<N>> {
    const operation: OperationSpec = OPERATIONS[name];
    const body =
      operation.request === undefined ? undefined : validate(operation, operation.request, request.body);
    const cacheKey = `${this.#cacheScope}\n${operation.path}`;
    if (this.#runCache !== undefined && CACHED_READS.has(name)) {
      const cached = await this.#runCache.get(cacheKey);
      const parsed = cached === undefined ? undefined : operation.response.safeParse(cached);
      if (parsed?.success === true) return parsed.data as OperationResponse<N>;
    }
    const response = (await callApi(this.#transport, this.#apiBaseUrl, this.#auth, {
      method: operation.method,
      path: operation.path,
      query: request.query,
      body,
      responseSchema: operation.response,
      secrets: [...this.#secrets, ...secretsInBody(body)],
    })) as OperationResponse<N>;
    if (this.#runCache !== undefined) {
      // The service never returns a secret in these reads; should one ever carry one, it is not written to disk.
      if (CACHED_READS.has(name) && secretsInBody(response).length === 0) {
        await this.#runCache.set(cacheKey, response);
      } else if (operation.method !== "GET") await this.#runCache.drop(cacheKey);
    }
    return response;
  }
}

/** Parses a request body with its operation's schema; an invalid body is a {@link TenantRequestError}. */
function validate(operation: OperationSpec, schema: z.ZodType, body: unknown): unknown {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new TenantRequestError({
    method: operation.method,
    path: operation.path,
    issues: schemaIssues(parsed.error.issues),
  });
}

const SHARED_CLIENTS = Symbol.for("pulumi-tenant-admin.client.managementClients");

function fingerprint(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function clientKey(connection: TenantConnection): string {
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

/**
 * Returns the process-wide client for `connection`, creating it on first use: one client (one axios
 * instance, the shared token cache) per base URL and credentials identity. The registry is kept on
 * `globalThis` and keyed by a hash of the secret, never the secret itself. `options.log` is the first
 * caller's: every caller in one process passes the same sink.
 */
export function managementClientFor(
  connection: TenantConnection,
  options: Pick<ManagementClientOptions, "log" | "runCache"> = {},
): ManagementClient {
  const registry = globalThis as unknown as Record<symbol, Map<string, ManagementClient> | undefined>;
  const clients = (registry[SHARED_CLIENTS] ??= new Map<string, ManagementClient>());
  const key = clientKey(connection);
  const existing = clients.get(key);
  if (existing !== undefined) return existing;
  const created = new ManagementClient(connection, options);
  clients.set(key, created);
  return created;
}
