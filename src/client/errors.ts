import { API_PATHS, AUTH_PATHS, RATE_LIMIT_HEADERS, apiErrorBodySchema, oauthErrorBodySchema } from "../wire";
import { redactSecrets } from "./redact";
import { CONFIG_KEYS, ENV_VARS, formatSeconds } from "./settings";

/** The HTTP methods the client uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Longest server message kept in an error; the rest is cut, so one odd response cannot flood the log. */
const MAX_SERVER_MESSAGE_LENGTH = 1000;

/**
 * The base of every error the client throws. Its message stands alone (it is all Pulumi prints) and
 * never contains a credential, so it is safe to print or log as a whole.
 */
export class TenantAdminError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "TenantAdminError";
  }
}

/** What an error keeps of the request that failed: never its headers, token or body. */
export interface FailedRequest {
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** The API path without host and without `/api/v2`, e.g. `/attack-protection/captcha`. */
  readonly path: string;
  /** The credentials of this request (token, client secret, body secrets), redacted from server text. */
  readonly secrets: readonly string[];
  /** How many times the request was sent; more than 1 when it was retried. */
  readonly attempts?: number | undefined;
}

/** The parts of an HTTP response the error factory reads. */
export interface HttpResponseSnapshot {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The raw response body text. */
  readonly body: string;
}

/** How long a rate-limited request waited before giving up; turns the error into a {@link TenantRateLimitError}. */
export interface RateLimitOutcome {
  /** Total time waited for rate limits during this operation. */
  readonly waitedMs: number;
  /** The configured budget (`tenant-admin:rateLimitBudgetSeconds`). */
  readonly budgetMs: number;
  /** The wait the last 429 asked for, which would have exceeded the budget. */
  readonly nextWaitMs: number;
}

/** The fields of a {@link TenantApiError}, as the factory extracts them from a response. */
export interface TenantApiErrorDetails {
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly serverMessage: string;
  readonly hint: string | undefined;
  readonly attempts: number;
}

/**
 * The API answered with an error status. Build it with {@link errorFromResponse}, never directly.
 *
 * Message: `PATCH /attack-protection/captcha failed: 403 insufficient_scope: Insufficient scope, expected
 * any of: update:attack_protection. Grant the scope to the machine-to-machine client …`
 */
export class TenantApiError extends TenantAdminError {
  /** The HTTP status. */
  readonly status: number;
  /** The platform's `errorCode` (or the token endpoint's `error`), when the body carries one. */
  readonly errorCode: string | undefined;
  readonly method: HttpMethod;
  /** The API path without host and without `/api/v2`. */
  readonly path: string;
  /** The server's `message` with credentials redacted, or a note that the body was not the platform's shape. */
  readonly serverMessage: string;
  /** The actionable hint appended to the message, if the case is a well-known one. */
  readonly hint: string | undefined;
  /** How many times the request was sent. */
  readonly attempts: number;

  constructor(message: string, details: TenantApiErrorDetails) {
    super(message);
    this.name = "TenantApiError";
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.method = details.method;
    this.path = details.path;
    this.serverMessage = details.serverMessage;
    this.hint = details.hint;
    this.attempts = details.attempts;
  }
}

/**
 * A request was answered 429 for longer than the rate-limit budget allows (config key
 * `tenant-admin:rateLimitBudgetSeconds`, environment variable `TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS`).
 */
export class TenantRateLimitError extends TenantApiError {
  /** Total time waited for rate limits before giving up. */
  readonly waitedMs: number;
  /** The budget that was exhausted. */
  readonly budgetMs: number;
  /** The wait the last 429 asked for. */
  readonly nextWaitMs: number;
  /** The last `X-RateLimit-Reset` (UNIX seconds), when the server sent one. */
  readonly rateLimitReset: number | undefined;

  constructor(
    message: string,
    details: TenantApiErrorDetails,
    outcome: RateLimitOutcome,
    reset: number | undefined,
  ) {
    super(message, details);
    this.name = "TenantRateLimitError";
    this.waitedMs = outcome.waitedMs;
    this.budgetMs = outcome.budgetMs;
    this.nextWaitMs = outcome.nextWaitMs;
    this.rateLimitReset = reset;
  }
}

/**
 * The token endpoint (`POST /oauth/token`) refused to issue a token, e.g.
 * `POST /oauth/token failed: 401 access_denied: Unauthorized. Check the client id and client secret …`
 */
export class TokenRequestError extends TenantApiError {
  constructor(message: string, details: TenantApiErrorDetails) {
    super(message, details);
    this.name = "TokenRequestError";
  }
}

/** A sanitized summary of a transport failure: what is left of an axios error (whose config carries the token). */
export class TransportFailure extends Error {
  /** The system or library code, e.g. `ECONNREFUSED`, `ECONNABORTED`. */
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = "TransportFailure";
    this.code = code;
  }
}

/** The fields of a {@link TenantConnectionError}. */
export interface TenantConnectionErrorDetails {
  readonly method: HttpMethod;
  readonly path: string;
  /** The host (and port) that was called; never carries credentials. */
  readonly host: string;
  /** A plain reason: `timed out after 30 s`, `connection refused`, `connection reset`, `host not found`. */
  readonly reason: string;
  readonly code: string | undefined;
  readonly attempts: number;
  /** A sanitized summary of the underlying failure. */
  readonly cause: TransportFailure;
}

/**
 * No response arrived: a timeout, a refused or reset connection, a failed DNS lookup. Message:
 * `GET /tenants/settings failed: connection refused (host localhost:4000, 5 attempts)`.
 */
export class TenantConnectionError extends TenantAdminError {
  readonly method: HttpMethod;
  readonly path: string;
  readonly host: string;
  readonly reason: string;
  readonly code: string | undefined;
  readonly attempts: number;

  constructor(details: TenantConnectionErrorDetails) {
    const attempts = details.attempts === 1 ? "1 attempt" : `${details.attempts} attempts`;
    const hint = details.code === "ENOTFOUND" ? ` Check ${CONFIG_KEYS.domain} / ${ENV_VARS.domain}.` : "";
    super(
      `${details.method} ${details.path} failed: ${details.reason} (host ${details.host}, ${attempts}).${hint}`,
      {
        cause: details.cause,
      },
    );
    this.name = "TenantConnectionError";
    this.method = details.method;
    this.path = details.path;
    this.host = details.host;
    this.reason = details.reason;
    this.code = details.code;
    this.attempts = details.attempts;
  }
}

/** One reason a body did not match its schema: where (a dotted path) and what, never the value. */
export interface SchemaIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The API answered 2xx with a body that is not JSON or does not match the operation's schema. The
 * message names the path and the mismatch, not the body's content.
 */
export class TenantResponseError extends TenantAdminError {
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number;
  readonly issues: readonly SchemaIssue[];

  constructor(details: {
    method: HttpMethod;
    path: string;
    status: number;
    issues: readonly SchemaIssue[];
    contentType: string | undefined;
  }) {
    const what =
      details.issues.length === 0
        ? `a body that is not JSON (content-type ${details.contentType ?? "missing"})`
        : `a body that does not match the expected shape: ${describeIssues(details.issues)}`;
    super(
      `${details.method} ${details.path} returned ${details.status} with ${what}. ` +
        "The response was not used; the API may have changed, please report it.",
    );
    this.name = "TenantResponseError";
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.issues = details.issues;
  }
}

/** A request the client was asked to send is invalid (unknown field name, body failing its schema); nothing was sent. */
export class TenantRequestError extends TenantAdminError {
  readonly method: HttpMethod;
  readonly path: string;
  readonly issues: readonly SchemaIssue[];

  constructor(details: {
    method: HttpMethod;
    path: string;
    issues: readonly SchemaIssue[];
    message?: string;
  }) {
    super(
      details.message ??
        `${details.method} ${details.path} was not sent: the request is invalid: ${describeIssues(details.issues)}`,
    );
    this.name = "TenantRequestError";
    this.method = details.method;
    this.path = details.path;
    this.issues = details.issues;
  }
}

/** A setting (domain, credentials, timeout, budget) is missing or invalid. The message names where to set it. */
export class TenantConfigError extends TenantAdminError {
  constructor(message: string) {
    super(message);
    this.name = "TenantConfigError";
  }
}

/** Turns zod issues into {@link SchemaIssue}s: the path as `a.b[0].c` and zod's message, which carries no values. */
export function schemaIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): SchemaIssue[] {
  return issues.map((issue) => ({
    path: issue.path
      .map((part, index) =>
        typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
      )
      .join(""),
    message: issue.message,
  }));
}

function describeIssues(issues: readonly SchemaIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return `${shown.join("; ")}${more}`;
}

interface HintRule {
  readonly status?: number | readonly [min: number, max: number];
  readonly errorCode?: string;
  readonly path?: string;
  readonly hint: string;
}

/** Hints for well-known failures, first match wins. Every hint is a sentence. */
const HINTS: readonly HintRule[] = [
  {
    path: AUTH_PATHS.token,
    status: 401,
    hint: `Check the client id and client secret (${CONFIG_KEYS.clientId} / ${ENV_VARS.clientId}, ${CONFIG_KEYS.clientSecret} / ${ENV_VARS.clientSecret})`,
  },
  {
    path: AUTH_PATHS.token,
    status: 403,
    hint: `Authorize the machine-to-machine client for the management API audience (${CONFIG_KEYS.audience} / ${ENV_VARS.audience})`,
  },
  {
    errorCode: "insufficient_scope",
    hint: "Grant the scope to the machine-to-machine client, or use an API token that has it",
  },
  {
    errorCode: "insufficient_entitlement",
    hint: "The tenant's plan does not include bot detection",
  },
  {
    path: API_PATHS.captcha,
    status: 404,
    hint: "The tenant has no CAPTCHA configuration yet",
  },
  {
    path: API_PATHS.captcha,
    status: 401,
    hint: "Check the client credentials or API token; a token for the CAPTCHA settings must belong to a global client",
  },
  {
    status: 401,
    hint: "Check the client credentials or API token",
  },
  {
    path: API_PATHS.tenantSettings,
    status: 400,
    hint: "Check the names passed in fields",
  },
  {
    status: [300, 399],
    hint: `The management API does not redirect; check ${CONFIG_KEYS.domain} / ${ENV_VARS.domain}`,
  },
  {
    status: [500, 599],
    hint: "The service failed; re-running usually succeeds once it recovers",
  },
];

function hintFor(path: string, status: number, errorCode: string | undefined): string | undefined {
  return HINTS.find((rule) => {
    if (rule.path !== undefined && rule.path !== path) return false;
    if (rule.errorCode !== undefined && rule.errorCode !== errorCode) return false;
    if (typeof rule.status === "number" && rule.status !== status) return false;
    if (Array.isArray(rule.status) && (status < rule.status[0] || status > rule.status[1])) return false;
    return true;
  })?.hint;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function clean(text: string, secrets: readonly string[]): string {
  const redacted = redactSecrets(text, secrets);
  return redacted.length > MAX_SERVER_MESSAGE_LENGTH
    ? `${redacted.slice(0, MAX_SERVER_MESSAGE_LENGTH)}…`
    : redacted;
}

/** Extracts status line parts from a platform (or, for the token endpoint, OAuth) error body. */
function describeBody(
  path: string,
  body: string,
  secrets: readonly string[],
): { errorCode: string | undefined; label: string | undefined; serverMessage: string } | undefined {
  const json = parseJson(body);
  if (path === AUTH_PATHS.token) {
    const oauth = oauthErrorBodySchema.safeParse(json);
    if (oauth.success) {
      const errorCode = clean(oauth.data.error, secrets);
      return {
        errorCode,
        label: errorCode,
        serverMessage: clean(oauth.data.error_description ?? oauth.data.error, secrets),
      };
    }
  }
  const platform = apiErrorBodySchema.safeParse(json);
  if (!platform.success) return undefined;
  const errorCode =
    platform.data.errorCode === undefined ? undefined : clean(platform.data.errorCode, secrets);
  return {
    errorCode,
    label: errorCode ?? clean(platform.data.error, secrets),
    serverMessage: clean(platform.data.message, secrets),
  };
}

function parseReset(headers: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = headers[RATE_LIMIT_HEADERS.reset];
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The one factory of API errors: turns a non-2xx response into a {@link TenantApiError}, a
 * {@link TokenRequestError} (for `/oauth/token`) or, given a {@link RateLimitOutcome}, a
 * {@link TenantRateLimitError}.
 *
 * Message: `<METHOD> <path> failed: <status> <errorCode or error>: <server message>. <Hint>.`; when the body
 * is not the platform's error shape: `<METHOD> <path> failed: <status> (unexpected response body).`
 * Server text is redacted of `request.secrets` and of anything shaped like a JSON Web Token.
 */
export function errorFromResponse(
  request: FailedRequest,
  response: HttpResponseSnapshot,
  rateLimit?: RateLimitOutcome,
): TenantApiError {
  const described = describeBody(request.path, response.body, request.secrets);
  const errorCode = described?.errorCode;
  const statusLine =
    described === undefined
      ? `${response.status} (unexpected response body)`
      : `${response.status}${described.label === undefined ? "" : ` ${described.label}`}: ${described.serverMessage}`;
  const hint = hintFor(request.path, response.status, errorCode);
  const attempts = request.attempts ?? 1;
  let message = `${request.method} ${request.path} failed: ${statusLine}`;
  if (hint !== undefined) message = `${withStop(message)} ${hint}.`;
  if (attempts > 1 && response.status >= 500)
    message = `${withStop(message)} Gave up after ${attempts} attempts.`;

  const details: TenantApiErrorDetails = {
    method: request.method,
    path: request.path,
    status: response.status,
    errorCode,
    serverMessage: described?.serverMessage ?? "(unexpected response body)",
    hint,
    attempts,
  };
  if (rateLimit !== undefined) {
    message =
      `${withStop(message)} Rate-limited: waited ${formatSeconds(rateLimit.waitedMs)} in total, and waiting ` +
      `${formatSeconds(rateLimit.nextWaitMs)} more would exceed the rate-limit budget of ${formatSeconds(rateLimit.budgetMs)} ` +
      `(stack config key ${CONFIG_KEYS.rateLimitBudgetSeconds}, environment variable ${ENV_VARS.rateLimitBudgetSeconds}). ` +
      "Raise the budget or re-run: every operation is safe to repeat, so re-running converges.";
    return new TenantRateLimitError(message, details, rateLimit, parseReset(response.headers));
  }
  if (request.path === AUTH_PATHS.token) return new TokenRequestError(withStop(message), details);
  return new TenantApiError(withStop(message), details);
}

function withStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
