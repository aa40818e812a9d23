import {
  captchaPatchRequestSchema,
  phoneTemplatesRequestSchema,
  tenantSettingsResponseSchema,
} from "../wire";
import type {
  CaptchaPatchRequest,
  CaptchaResponse,
  PhoneTemplatesRequest,
  PhoneTemplatesResponse,
  TenantSettingsPatchRequest,
  TenantSettingsResponse,
} from "../wire/model";

import { defaultCaptchaConfig } from "./defaults";
import type { StoredCaptcha } from "./stateTypes";

/** The tenant's mutable state. `captcha` is `null` while the CAPTCHA configuration does not exist. */
export interface TenantState {
  captcha: StoredCaptcha | null;
  phoneTemplates: PhoneTemplatesRequest;
  settings: TenantSettingsResponse;
}

/**
 * The stored configuration as the API returns it: every provider set so far, without any `secret` or
 * `api_key`, with `simple_captcha` and `auth_challenge` always present. Built field by field (never by
 * deleting secrets from a copy), so a credential cannot leak through a field added later.
 */
export function publicCaptcha(stored: StoredCaptcha): CaptchaResponse {
  const response: CaptchaResponse = {
    active_provider_id: stored.active_provider_id,
    simple_captcha: stored.simple_captcha,
    auth_challenge: { fail_open: stored.auth_challenge.fail_open },
  };
  if (stored.recaptcha_v2) response.recaptcha_v2 = { site_key: stored.recaptcha_v2.site_key };
  if (stored.recaptcha_enterprise) {
    const { site_key, project_id } = stored.recaptcha_enterprise;
    response.recaptcha_enterprise = { site_key, project_id };
  }
  if (stored.hcaptcha) response.hcaptcha = { site_key: stored.hcaptcha.site_key };
  if (stored.friendly_captcha) response.friendly_captcha = { site_key: stored.friendly_captcha.site_key };
  if (stored.arkose) {
    const { site_key, client_subdomain, verify_subdomain, fail_open } = stored.arkose;
    response.arkose = {
      site_key,
      ...(client_subdomain === undefined ? {} : { client_subdomain }),
      ...(verify_subdomain === undefined ? {} : { verify_subdomain }),
      fail_open: fail_open ?? false,
    };
  }
  return response;
}

/**
 * The platform's partial merge: every top-level property sent replaces the stored one (a provider object is
 * replaced whole, with its credentials); properties not sent, and so providers set earlier, are kept.
 */
export function mergeCaptcha(stored: StoredCaptcha, patch: CaptchaPatchRequest): StoredCaptcha {
  const merged: StoredCaptcha = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  return merged;
}

/**
 * Out-of-band access to the tenant's state, for tests: read what the API stored, and change it behind the
 * API's back (to create drift, or to set up a tenant). Changes are saved to the data file like API changes.
 */
export interface TenantControl {
  /** The CAPTCHA configuration as the API returns it (no secrets), or `undefined` while it does not exist. */
  captcha(): CaptchaResponse | undefined;
  /** The stored CAPTCHA configuration with its secrets, or `undefined`; for tests that check credentials. */
  captchaWithSecrets(): StoredCaptcha | undefined;
  /**
   * Creates the CAPTCHA configuration if it does not exist (the platform's initial one: `auth_challenge`
   * active, failing closed). After this, GET and PATCH answer 200. Returns the configuration either way.
   */
  createCaptchaConfig(): Promise<CaptchaResponse>;
  /** Deletes the CAPTCHA configuration: GET and PATCH answer 404 `inexistent_captcha_config` again. */
  deleteCaptchaConfig(): Promise<void>;
  /**
   * Applies a CAPTCHA PATCH body out of band (validated with the wire schema; throws on an invalid body or
   * when the configuration does not exist).
   */
  patchCaptcha(patch: CaptchaPatchRequest): Promise<CaptchaResponse>;
  /** Whether the tenant's plan includes bot detection (without it the CAPTCHA endpoints answer 403). */
  botDetection(): boolean;
  /** Changes the tenant's plan; not saved to the data file (it is a start option). */
  setBotDetection(enabled: boolean): void;
  /** The stored phone templates. */
  phoneTemplates(): PhoneTemplatesResponse;
  /** Replaces the phone templates out of band (validated with the wire schema). */
  setPhoneTemplates(templates: PhoneTemplatesRequest): Promise<PhoneTemplatesResponse>;
  /** The full tenant settings. */
  settings(): TenantSettingsResponse;
  /** Merges top-level tenant settings out of band (validated with the wire response schema). */
  updateSettings(changes: TenantSettingsResponse): Promise<TenantSettingsResponse>;
}

/**
 * A settings PATCH as the platform applies it: each top-level property sent replaces the stored one, except
 * that an object sent over a stored object (`flags`, `error_page`, …) is merged into it, member by member.
 * Members are copied as data, so a key such as `__proto__` cannot become a prototype.
 */
export function mergeSettings(
  stored: Readonly<TenantSettingsResponse>,
  patch: Readonly<TenantSettingsPatchRequest>,
): TenantSettingsResponse {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === "object" && !Array.isArray(value);
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = merged[key];
    const next = isObject(value) && isObject(current) ? { ...current, ...value } : value;
    Object.defineProperty(merged, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

/** The tenant: its state, the operations the routes perform on it, and the {@link TenantControl} for tests. */
export class Tenant implements TenantControl {
  constructor(
    private readonly state: TenantState,
    private botDetectionEnabled: boolean,
    private readonly persist: () => Promise<void>,
  ) {}

  /**
   * Sets one part of the state and saves it. When the save fails (disk full, read-only), the part goes back to
   * what it was, unless another change replaced it meanwhile, and the error propagates (a 500 to the client).
   */
  private async commit<K extends keyof TenantState>(key: K, value: TenantState[K]): Promise<void> {
    const previous = this.state[key];
    this.state[key] = value;
    try {
      await this.persist();
    } catch (error) {
      if (this.state[key] === value) this.state[key] = previous;
      throw error;
    }
  }

  /** The state to save; the caller serializes it at once. */
  snapshot(): TenantState {
    return this.state;
  }

  /** Whether the CAPTCHA configuration exists. */
  hasCaptcha(): boolean {
    return this.state.captcha !== null;
  }

  /** Merges an already validated PATCH body; the caller has checked that the configuration exists. */
  async applyCaptchaPatch(patch: CaptchaPatchRequest): Promise<CaptchaResponse> {
    const current = this.state.captcha;
    if (current === null) throw new Error("The CAPTCHA configuration does not exist");
    const merged = mergeCaptcha(current, patch);
    await this.commit("captcha", merged);
    return publicCaptcha(merged);
  }

  /** Replaces the phone templates with an already validated body. */
  async applyPhoneTemplates(templates: PhoneTemplatesRequest): Promise<PhoneTemplatesResponse> {
    const stored = {
      enrollment_message: templates.enrollment_message,
      verification_message: templates.verification_message,
    };
    await this.commit("phoneTemplates", stored);
    return { ...stored };
  }

  /** Applies an already validated settings PATCH body; returns the whole settings. */
  async applySettingsPatch(patch: TenantSettingsPatchRequest): Promise<TenantSettingsResponse> {
    const merged = mergeSettings(this.state.settings, patch);
    await this.commit("settings", merged);
    return merged;
  }

  /** The settings object itself, for a read that serializes it at once. */
  settingsView(): Readonly<TenantSettingsResponse> {
    return this.state.settings;
  }

  captcha(): CaptchaResponse | undefined {
    return this.state.captcha === null ? undefined : structuredClone(publicCaptcha(this.state.captcha));
  }

  captchaWithSecrets(): StoredCaptcha | undefined {
    return this.state.captcha === null ? undefined : structuredClone(this.state.captcha);
  }

  async createCaptchaConfig(): Promise<CaptchaResponse> {
    const created = this.state.captcha ?? defaultCaptchaConfig();
    if (this.state.captcha === null) await this.commit("captcha", created);
    return structuredClone(publicCaptcha(created));
  }

  async deleteCaptchaConfig(): Promise<void> {
    await this.commit("captcha", null);
  }

  async patchCaptcha(patch: CaptchaPatchRequest): Promise<CaptchaResponse> {
    const parsed = captchaPatchRequestSchema.parse(structuredClone(patch));
    return structuredClone(await this.applyCaptchaPatch(parsed));
  }

  botDetection(): boolean {
    return this.botDetectionEnabled;
  }

  setBotDetection(enabled: boolean): void {
    this.botDetectionEnabled = enabled;
  }

  phoneTemplates(): PhoneTemplatesResponse {
    return { ...this.state.phoneTemplates };
  }

  async setPhoneTemplates(templates: PhoneTemplatesRequest): Promise<PhoneTemplatesResponse> {
    return this.applyPhoneTemplates(phoneTemplatesRequestSchema.parse(templates));
  }

  settings(): TenantSettingsResponse {
    return structuredClone(this.state.settings);
  }

  async updateSettings(changes: TenantSettingsResponse): Promise<TenantSettingsResponse> {
    const parsed = tenantSettingsResponseSchema.parse(structuredClone(changes));
    await this.commit("settings", { ...this.state.settings, ...parsed });
    return this.settings();
  }
}
