import { z } from "zod";

import {
  captchaPatchRequestSchema,
  phoneTemplatesRequestSchema,
  tenantSettingsResponseSchema,
} from "../wire";
import { sameType } from "../wire/sameType";

import { defaultPhoneTemplates, defaultTenantSettings } from "./defaults";
import type { PersistedState, StoredCaptcha } from "./stateTypes";

export type { PersistedState, StoredCaptcha } from "./stateTypes";

/**
 * The stored CAPTCHA configuration: the request shape with its secrets, where the active provider, the
 * `auth_challenge` options and `simple_captcha` always exist.
 */
export const storedCaptchaSchema = captchaPatchRequestSchema.required({
  active_provider_id: true,
  auth_challenge: true,
  simple_captcha: true,
});

/** The stored CAPTCHA configuration, secrets included. */
sameType<StoredCaptcha, z.infer<typeof storedCaptchaSchema>>(true);

const credentialsSchema = z.strictObject({ clientId: z.string().min(1), clientSecret: z.string().min(1) });

/** The version of the data file's format. */
export const STATE_FORMAT_VERSION = 1;

/**
 * The data file: the clients' credentials (so they stay stable across restarts) and the tenant's state, the
 * CAPTCHA secrets included. `captcha` is `null` while the configuration does not exist.
 *
 * Compatibility: a data directory written by one version must load in the next, so every field added
 * after `clients` and `captcha` is optional with the default a new tenant has. Add new fields the same way
 * rather than raising {@link STATE_FORMAT_VERSION}.
 */
export const persistedStateSchema = z.strictObject({
  version: z.literal(STATE_FORMAT_VERSION),
  clients: z.strictObject({ global: credentialsSchema, nonGlobal: credentialsSchema }),
  captcha: storedCaptchaSchema.nullable(),
  phoneTemplates: phoneTemplatesRequestSchema.default(defaultPhoneTemplates),
  settings: tenantSettingsResponseSchema.default(defaultTenantSettings),
});

sameType<PersistedState, z.infer<typeof persistedStateSchema>>(true);
