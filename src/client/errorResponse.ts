import { isNamedSource, namedKey } from "./connectionSettings";
import { AUTH_PATHS } from "../wire/endpoint";
import {
  RATE_LIMIT_HEADERS,
  apiErrorBodySchema,
  oauthErrorBodySchema,
  parseRateLimitReset,
} from "../wire/errors";
import {
  TenantApiError,
  TenantRateLimitError,
  TokenRequestError,
  type FailedRequest,
  type HttpResponseSnapshot,
  type RateLimitOutcome,
  type TenantApiErrorDetails,
} from "./errors";
import { hintFor } from "./hints";
import { redactSecrets } from "./redact";
import { CONFIG_KEYS, ENV_VARS, formatSeconds } from "./settings";

/** Longest server message kept in an error; the rest is cut, so one odd response cannot flood the log. */
const MAX_SERVER_MESSAGE_LENGTH = 1000;

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
  const hint = hintFor(request.path, response.status, errorCode, request.hints, request.settingsRead);
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
      `(${budgetSetting(request)}). ` +
      "Raise the budget or re-run: every operation is safe to repeat, so re-running converges.";
    return new TenantRateLimitError(
      message,
      details,
      rateLimit,
      parseRateLimitReset(response.headers[RATE_LIMIT_HEADERS.reset]),
    );
  }
  if (request.path === AUTH_PATHS.token) return new TokenRequestError(withStop(message), details);
  return new TenantApiError(withStop(message), details);
}

/** Where the rate-limit budget is set, as the command reads its settings. */
function budgetSetting(request: FailedRequest): string {
  const variable = `environment variable ${ENV_VARS.rateLimitBudgetSeconds}`;
  if (request.settingsRead !== undefined && isNamedSource(request.settingsRead)) {
    return `stack config key ${namedKey(request.settingsRead, "rateLimitBudgetSeconds")}`;
  }
  return request.settingsRead === "env"
    ? variable
    : `stack config key ${CONFIG_KEYS.rateLimitBudgetSeconds}, ${variable}`;
}

function withStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
