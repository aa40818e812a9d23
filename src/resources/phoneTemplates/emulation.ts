import type { DocumentRules, ObjectEmulation, TenantView } from "../../wire/emulation";
import { documentRules } from "../../wire/emulation";
import { reviewTemplatesInWorker } from "../../templates";
import { TENANT_SETTINGS_PATH, usesUnifiedPhoneExperience } from "../tenantSettings/api";
import type { PhoneMessageTypes, PhoneTemplatesRequest } from "./api";
import {
  DEFAULT_PHONE_TEMPLATES,
  LEGACY_PHONE_DIALECT,
  getPhoneMessageTypes,
  getPhoneTemplates,
  getSmsTemplates,
  phoneTemplatesRequestSchema,
  putPhoneMessageTypes,
  putPhoneTemplates,
  putSmsTemplates,
} from "./api";

/** A tenant enrolled in the Unified Phone Experience refuses the legacy template endpoints, as the platform does. */
function legacyEndpointRefusal(tenant: TenantView) {
  const settings = tenant.document<Record<string, unknown>>(TENANT_SETTINGS_PATH) ?? {};
  return usesUnifiedPhoneExperience(settings)
    ? {
        status: 403,
        message:
          "Insufficient privileges to use this deprecated feature. To handle Phone Provider/Templates refer to Tenant Phone Settings",
        errorCode: "legacy_mfa_phone_provider_not_allowed",
      }
    : undefined;
}

const FIELDS = ["enrollment_message", "verification_message"] as const;

/**
 * The legacy MFA phone templates, served at both their paths (`/phone/templates` and the older
 * `/sms/templates`) on a tenant that still uses the legacy set-up. A PUT replaces both; each must be empty or
 * a valid template (checked off the event loop, within the template budget), with or without `{{code}}`, as
 * real tenants take them.
 */
const templatesDocument: DocumentRules<PhoneTemplatesRequest> = {
  path: getPhoneTemplates.path,
  endpoints: [getPhoneTemplates, putPhoneTemplates, getSmsTemplates, putSmsTemplates],
  stored: phoneTemplatesRequestSchema,
  initial: () => ({ ...DEFAULT_PHONE_TEMPLATES }),
  legacyKey: "phoneTemplates",
  unavailable: legacyEndpointRefusal,
  async check(body) {
    const fields = FIELDS.filter((field) => body[field] !== "");
    const results = await reviewTemplatesInWorker(
      fields.map((field) => ({
        template: String(body[field]),
        dialect: LEGACY_PHONE_DIALECT,
        options: { channels: ["sms", "voice"], requireCode: false },
      })),
    );
    for (const [index, result] of results.entries()) {
      const [first] = result.errors;
      if (first !== undefined) {
        return {
          status: 400,
          message: `Invalid ${fields[index]} template: ${first}`,
          errorCode: "invalid_body",
        };
      }
    }
    return undefined;
  },
};

/** Which message types phone MFA uses: served on every tenant generation. */
const messageTypesDocument: DocumentRules<PhoneMessageTypes> = {
  path: getPhoneMessageTypes.path,
  endpoints: [getPhoneMessageTypes, putPhoneMessageTypes],
  initial: () => ({ message_types: [] }),
};

/** The guardian phone factor's legacy templates and its message types. */
export const emulation: ObjectEmulation = {
  documents: [documentRules(templatesDocument), documentRules(messageTypesDocument)],
};
