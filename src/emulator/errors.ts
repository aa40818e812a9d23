import type { ApiErrorBody, OAuthErrorBody } from "../wire";

/** The reason phrases the platform puts in the `error` member of an error body. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Request Entity Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** The reason phrase for a status, as the platform writes it in error bodies. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? "Error";
}

/**
 * A failure that becomes an HTTP response: a status, the JSON body and any extra headers. Handlers throw it;
 * the server turns it into the response.
 */
export class HttpError extends Error {
  override readonly name = "HttpError";

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | OAuthErrorBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${status} ${body.error}`);
  }
}

/** The management API's error body: `{statusCode, error, message, errorCode?}`. */
export function apiErrorBody(status: number, message: string, errorCode?: string): ApiErrorBody {
  return errorCode === undefined
    ? { statusCode: status, error: statusText(status), message }
    : { statusCode: status, error: statusText(status), message, errorCode };
}

/** A management API error, in the platform's body shape. */
export function apiError(
  status: number,
  message: string,
  errorCode?: string,
  headers?: Readonly<Record<string, string>>,
): HttpError {
  return new HttpError(status, apiErrorBody(status, message, errorCode), headers);
}

/** A token endpoint error, in the OAuth body shape `{error, error_description}`. */
export function oauthError(
  status: number,
  error: string,
  description: string,
  headers?: Readonly<Record<string, string>>,
): HttpError {
  return new HttpError(status, { error, error_description: description }, headers);
}
