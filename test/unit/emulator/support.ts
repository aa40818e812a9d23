import type { CaptchaResponse } from "../../../src/resources/captchaConfig/api";
import { captchaResponseSchema, getCaptcha } from "../../../src/resources/captchaConfig/api";
import type { StoredCaptcha } from "../../../src/resources/captchaConfig/emulation";
import { phoneNotificationTemplateEndpoints } from "../../../src/resources/phoneNotificationTemplate/api";
import type { PhoneTemplatesResponse } from "../../../src/resources/phoneTemplates/api";
import { getPhoneMessageTypes } from "../../../src/resources/phoneMfa/api";
import {
  getPhoneTemplates,
  getSmsTemplates,
  phoneTemplatesResponseSchema,
} from "../../../src/resources/phoneTemplates/api";
import type { TenantSettingsResponse } from "../../../src/resources/tenantSettings/api";
import { getTenantSettings, tenantSettingsResponseSchema } from "../../../src/resources/tenantSettings/api";
import { API_PREFIX, AUTH_PATHS } from "../../../src/wire";
import { startEmulator } from "../../../src/emulator";
import { legacyPhoneSettings } from "../../support/tenants";
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

/** The documents' paths as `TenantControl` takes them (API paths without `/api/v2`). */
export const CAPTCHA_DOCUMENT = getCaptcha.path;
export const SETTINGS_DOCUMENT = getTenantSettings.path;
export const PHONE_TEMPLATES_DOCUMENT = getPhoneTemplates.path;
export const MESSAGE_TYPES_DOCUMENT = getPhoneMessageTypes.path;
/** The branding phone templates' collection, as `TenantControl.items` takes it. */
export const BRANDING_TEMPLATES_COLLECTION = phoneNotificationTemplateEndpoints.list.path;

export const CAPTCHA_PATH = `${API_PREFIX}${getCaptcha.path}`;
export const SETTINGS_PATH = `${API_PREFIX}${getTenantSettings.path}`;
export const PHONE_TEMPLATES_PATH = `${API_PREFIX}${getPhoneTemplates.path}`;
export const SMS_TEMPLATES_PATH = `${API_PREFIX}${getSmsTemplates.path}`;
export const MESSAGE_TYPES_PATH = `${API_PREFIX}${getPhoneMessageTypes.path}`;
export const BRANDING_TEMPLATES_PATH = `${API_PREFIX}${phoneNotificationTemplateEndpoints.list.path}`;
export const TOKEN_PATH = AUTH_PATHS.token;
export const JWKS_PATH = AUTH_PATHS.jwks;

export { legacyPhoneSettings };

/** Starts an emulator of a legacy phone tenant (see {@link legacyPhoneSettings}). */
export function startLegacyPhoneEmulator(options: EmulatorOptions = {}): Promise<TenantEmulator> {
  return startTestEmulator({ settings: legacyPhoneSettings(), ...options });
}

/** The refusal of the legacy phone template endpoints on a tenant enrolled in the Unified Phone Experience. */
export const LEGACY_PHONE_REFUSAL = {
  statusCode: 403,
  error: "Forbidden",
  message:
    "Insufficient privileges to use this deprecated feature. To handle Phone Provider/Templates refer to Tenant Phone Settings",
  errorCode: "legacy_mfa_phone_provider_not_allowed",
} as const;

/** The CAPTCHA configuration as the API answers it, or `undefined` while the tenant has none. */
export function captchaOf(emulator: TenantEmulator): CaptchaResponse | undefined {
  const read = emulator.tenant.read(CAPTCHA_DOCUMENT);
  return read === undefined ? undefined : captchaResponseSchema.parse(read);
}

/** The stored CAPTCHA configuration, secrets included, or `undefined`. */
export function storedCaptchaOf(emulator: TenantEmulator): StoredCaptcha | undefined {
  return emulator.tenant.stored(CAPTCHA_DOCUMENT) as StoredCaptcha | undefined;
}

/** The legacy phone templates as the API answers them. */
export function phoneTemplatesOf(emulator: TenantEmulator): PhoneTemplatesResponse {
  return phoneTemplatesResponseSchema.parse(emulator.tenant.read(PHONE_TEMPLATES_DOCUMENT));
}

/** The whole tenant settings. */
export function settingsOf(emulator: TenantEmulator): TenantSettingsResponse {
  return tenantSettingsResponseSchema.parse(emulator.tenant.read(SETTINGS_DOCUMENT));
}

/** Polls `check` until it returns true, or fails after `timeoutMs` (long: a busy machine is slow, not wrong). */
export async function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
