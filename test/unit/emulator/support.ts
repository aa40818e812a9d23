import { API_PREFIX, AUTH_PATHS, OPERATIONS } from "../../../src/wire";
import { startEmulator } from "../../../src/emulator";
import type { EmulatorOptions, TenantEmulator } from "../../../src/emulator";

/** An HTTP response as the tests look at it. */
export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly body: unknown;
}

/** What to send. */
export interface TestRequest {
  readonly token?: string;
  /** Sent as a JSON body with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** Sent as an `application/x-www-form-urlencoded` body. */
  readonly form?: string;
  /** Sent verbatim, with `contentType` if given. */
  readonly raw?: string | Uint8Array;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

/** Sends one request to the emulator over loopback. */
export async function call(
  emulator: { readonly url: string },
  method: string,
  path: string,
  request: TestRequest = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  let body: string | Uint8Array | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers["content-type"] = "application/json";
  } else if (request.form !== undefined) {
    body = request.form;
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (request.raw !== undefined) {
    body = request.raw;
  }
  if (request.contentType !== undefined) headers["content-type"] = request.contentType;
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** Starts an emulator for a test file; rate limiting is off unless the options turn it on. */
export function startTestEmulator(options: EmulatorOptions = {}): Promise<TenantEmulator> {
  return startEmulator({ rateLimit: false, ...options });
}

/** Every key, at any depth, of a JSON value. */
export function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => [key, ...allKeys(child)]);
  }
  return [];
}

export const CAPTCHA_PATH = `${API_PREFIX}${OPERATIONS.getCaptcha.path}`;
export const SETTINGS_PATH = `${API_PREFIX}${OPERATIONS.getTenantSettings.path}`;
export const PHONE_TEMPLATES_PATH = `${API_PREFIX}${OPERATIONS.getPhoneTemplates.path}`;
export const TOKEN_PATH = AUTH_PATHS.token;
export const JWKS_PATH = AUTH_PATHS.jwks;

/** Polls `check` until it returns true, or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
