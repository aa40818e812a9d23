import type { TenantEmulator } from "../../../src/emulator";
import type { CaptchaPatchRequest, CaptchaResponse } from "../../../src/resources/captchaConfig/api";
import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import type { StoredCaptcha } from "../../../src/resources/captchaConfig/emulation";
import type {
  PhoneNotificationTemplateResponse,
  PhoneNotificationType,
} from "../../../src/resources/phoneNotificationTemplate/api";
import { phoneNotificationTemplateEndpoints } from "../../../src/resources/phoneNotificationTemplate/api";
import type { PhoneTemplatesRequest } from "../../../src/resources/phoneTemplates/api";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import type { TenantSettingsResponse } from "../../../src/resources/tenantSettings/api";
import { TENANT_SETTINGS_PATH } from "../../../src/resources/tenantSettings/api";
import { API_PREFIX } from "../../../src/wire";

/**
 * What the e2e tests read and change of an emulated tenant, behind the API's back, through the emulator's
 * generic control (`emulator.tenant`), by object: one place that knows each object's API path.
 */
export interface TenantData {
  /** The CAPTCHA configuration as `GET /attack-protection/captcha` answers it (no secrets), if any. */
  captcha(): CaptchaResponse | undefined;
  /** The stored CAPTCHA configuration, secrets included. */
  captchaWithSecrets(): StoredCaptcha | undefined;
  /** Changes the CAPTCHA configuration as a dashboard user would (a PATCH). */
  patchCaptcha(body: CaptchaPatchRequest): Promise<unknown>;
  /** Removes the CAPTCHA configuration: the API answers 404 until {@link createCaptchaConfig}. */
  deleteCaptchaConfig(): Promise<void>;
  /** Gives the tenant a new tenant's CAPTCHA configuration. */
  createCaptchaConfig(): Promise<void>;
  /** The legacy phone templates (a legacy tenant's MFA messages). */
  phoneTemplates(): PhoneTemplatesRequest;
  /** Replaces the legacy phone templates as a dashboard user would (a PUT). */
  setPhoneTemplates(templates: PhoneTemplatesRequest): Promise<unknown>;
  /** The tenant's settings as a GET without `fields` answers them. */
  settings(): TenantSettingsResponse;
  /** Changes the tenant's settings (a PATCH). */
  updateSettings(patch: Record<string, unknown>): Promise<unknown>;
  /** The phone notification templates the tenant customized (each with an `id`), in creation order. */
  notificationTemplates(): (PhoneNotificationTemplateResponse & { id: string })[];
  /** The customized template of `type`, if the tenant has one. */
  notificationTemplate(
    type: PhoneNotificationType,
  ): (PhoneNotificationTemplateResponse & { id: string }) | undefined;
}

export const CAPTCHA_PATH = getCaptcha.path;
export const PHONE_TEMPLATES_PATH = getPhoneTemplates.path;
export const NOTIFICATION_TEMPLATES_PATH = phoneNotificationTemplateEndpoints.list.path;

/** The emulated tenant's data, by object. */
export function tenantData(emulator: TenantEmulator): TenantData {
  const control = emulator.tenant;
  const notificationTemplates = () =>
    control.items(NOTIFICATION_TEMPLATES_PATH) as (PhoneNotificationTemplateResponse & { id: string })[];
  return {
    captcha: () => control.read(CAPTCHA_PATH) as CaptchaResponse | undefined,
    captchaWithSecrets: () => control.stored(CAPTCHA_PATH) as StoredCaptcha | undefined,
    patchCaptcha: (body) => control.write("PATCH", CAPTCHA_PATH, body),
    deleteCaptchaConfig: () => control.remove(CAPTCHA_PATH),
    createCaptchaConfig: () => control.reset(CAPTCHA_PATH),
    phoneTemplates: () => control.read(PHONE_TEMPLATES_PATH) as PhoneTemplatesRequest,
    setPhoneTemplates: (templates) => control.write("PUT", PHONE_TEMPLATES_PATH, templates),
    settings: () => control.read(TENANT_SETTINGS_PATH) as TenantSettingsResponse,
    updateSettings: (patch) => control.write("PATCH", TENANT_SETTINGS_PATH, patch),
    notificationTemplates,
    notificationTemplate: (type) => notificationTemplates().find((template) => template.type === type),
  };
}

/**
 * Sends one management API request to the emulator with a token of its global client, as another tool (or
 * the dashboard) would: for the collections the generic control cannot write (phone notification templates).
 */
export async function apiRequest(
  emulator: TenantEmulator,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const token = await emulator.issueToken();
  const response = await fetch(`${emulator.url}${API_PREFIX}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}
