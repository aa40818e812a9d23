import type { HttpMethod } from "../wire/endpoint";
import { formatPropertyPath } from "../wire/propertyPath";
import type { SettingsRead } from "./hints";
import { settingName } from "./hints";

export type { HttpMethod } from "../wire/endpoint";

/** Options of every error constructor of the package: the underlying failure, if any. */
interface TenantErrorOptions {
  /** The failure this error wraps; kept as `cause`. */
  cause?: unknown;
}

/**
 * The base of every error the client throws. Its message stands alone (it is all Pulumi prints) and
 * never contains a credential, so it is safe to print or log as a whole.
 */
export class TenantAdminError extends Error {
  constructor(message: string, options: TenantErrorOptions = {}) {
    super(message);
    this.name = "TenantAdminError";
    if ("cause" in options)
      Object.defineProperty(this, "cause", { value: options.cause, writable: true, configurable: true });
    // Pulumi's program runner prints an error with this brand as its message alone, without the stack
    // (it is how `pulumi.RunError` is recognised): ours stand alone, a stack would only add noise. Marking
    // the error itself, rather than wrapping it, keeps its class for the program's own `instanceof`.
    Object.defineProperty(this, "__pulumiRunError", { value: true });
  }

  /** @internal Copies the members `keys` of `details` onto the error: its fields are what it was made from. */
  protected record<Details extends object, Key extends keyof Details & keyof this>(
    details: Details,
    keys: readonly Key[],
  ): void {
    for (const key of keys) (this as unknown as Record<Key, unknown>)[key] = details[key];
  }
}

/** What an error keeps of the request that failed: never its headers, token or body. */
export interface FailedRequest {
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** The API path without host and without `/api/v2`. */
  readonly path: string;
  /** The credentials of this request (token, client secret, body secrets), redacted from server text. */
  readonly secrets: readonly string[];
  /** How many times the request was sent; more than 1 when it was retried. */
  readonly attempts?: number | undefined;
  /** The endpoint's own hints, by status. */
  readonly hints?: Readonly<Partial<Record<number, string>>> | undefined;
  /** Where the command reads its settings, for the advice; default the stack config and the environment. */
  readonly settingsRead?: SettingsRead | undefined;
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
 * Message: `<METHOD> <path> failed: 403 insufficient_scope: Insufficient scope, expected
 * any of: update:attack_protection. Grant the scope to the machine-to-machine client …`
 */
export class TenantApiError extends TenantAdminError {
  /** The HTTP status. */
  declare readonly status: number;
  /** The platform's `errorCode` (or the token endpoint's `error`), when the body carries one. */
  declare readonly errorCode: string | undefined;
  declare readonly method: HttpMethod;
  /** The API path without host and without `/api/v2`. */
  declare readonly path: string;
  /** The server's `message` with credentials redacted, or a note that the body was not the platform's shape. */
  declare readonly serverMessage: string;
  /** The actionable hint appended to the message, if the case is a well-known one. */
  declare readonly hint: string | undefined;
  /** How many times the request was sent. */
  declare readonly attempts: number;

  constructor(message: string, details: TenantApiErrorDetails, options?: TenantErrorOptions) {
    super(message, options);
    this.name = "TenantApiError";
    this.record(details, ["status", "errorCode", "method", "path", "serverMessage", "hint", "attempts"]);
  }
}

/**
 * A request was answered 429 for longer than the rate-limit budget allows (config key
 * `tenant-admin:rateLimitBudgetSeconds`, environment variable `TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS`).
 */
export class TenantRateLimitError extends TenantApiError {
  /** Total time waited for rate limits before giving up. */
  declare readonly waitedMs: number;
  /** The budget that was exhausted. */
  declare readonly budgetMs: number;
  /** The wait the last 429 asked for. */
  declare readonly nextWaitMs: number;
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
    this.record(outcome, ["waitedMs", "budgetMs", "nextWaitMs"]);
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
interface TenantConnectionErrorDetails {
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
  /** Where the command reads its settings, for the advice; default the stack config and the environment. */
  readonly settingsRead?: SettingsRead | undefined;
}

/**
 * No response arrived: a timeout, a refused or reset connection, a failed DNS lookup. Message:
 * `<METHOD> <path> failed: connection refused (host localhost:4000, 5 attempts)`.
 */
export class TenantConnectionError extends TenantAdminError {
  declare readonly method: HttpMethod;
  declare readonly path: string;
  declare readonly host: string;
  declare readonly reason: string;
  declare readonly code: string | undefined;
  declare readonly attempts: number;
  /**
   * The message without its advice on the domain, for a caller that gives its own (a provider names the
   * tenant's URL and `tenant.domain` too).
   */
  readonly withoutAdvice: string;

  constructor(details: TenantConnectionErrorDetails) {
    const attempts = details.attempts === 1 ? "1 attempt" : `${details.attempts} attempts`;
    const stated = `${details.method} ${details.path} failed: ${details.reason} (host ${details.host}, ${attempts}).`;
    const advice =
      details.code === "ENOTFOUND" ? ` Check ${settingName("domain", details.settingsRead)}.` : "";
    super(`${stated}${advice}`, { cause: details.cause });
    this.withoutAdvice = stated;
    this.name = "TenantConnectionError";
    this.record(details, ["method", "path", "host", "reason", "code", "attempts"]);
  }
}

/** One reason a body did not match its schema: where (a dotted path) and what, never the value. */
interface SchemaIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The API answered 2xx with a body that is not JSON or does not match the operation's schema. The
 * message names the path and the mismatch, not the body's content.
 */
export class TenantResponseError extends TenantAdminError {
  declare readonly method: HttpMethod;
  declare readonly path: string;
  declare readonly status: number;
  declare readonly issues: readonly SchemaIssue[];

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
    this.record(details, ["method", "path", "status", "issues"]);
  }
}

/** A request the client was asked to send is invalid (unknown field name, body failing its schema); nothing was sent. */
export class TenantRequestError extends TenantAdminError {
  declare readonly method: HttpMethod;
  declare readonly path: string;
  declare readonly issues: readonly SchemaIssue[];

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
    this.record(details, ["method", "path", "issues"]);
  }
}

/** A setting (domain, credentials, timeout, budget) is missing or invalid. The message names where to set it. */
export class TenantConfigError extends TenantAdminError {
  constructor(message: string) {
    super(message);
    this.name = "TenantConfigError";
  }
}

/** Turns schema issues into {@link SchemaIssue}s: the path as `a.b[0].c` and zod's message, which carries no values. */
export function schemaIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): SchemaIssue[] {
  return issues.map((issue) => ({ path: formatPropertyPath(issue.path), message: issue.message }));
}

function describeIssues(issues: readonly SchemaIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return `${shown.join("; ")}${more}`;
}
