import type { DocumentRules, ObjectEmulation } from "../../wire/emulation";
import { documentRules } from "../../wire/emulation";
import { legacyEndpointRefusal } from "../tenantSettings/emulation";
import type { PhoneTemplatesRequest } from "./api";
import {
  DEFAULT_PHONE_TEMPLATES,
  LEGACY_PHONE_DIALECT,
  getPhoneTemplates,
  getSmsTemplates,
  phoneTemplatesRequestSchema,
  putPhoneTemplates,
  putSmsTemplates,
} from "./api";

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
  async check(body, host) {
    const fields = FIELDS.filter((field) => body[field] !== "");
    const results = await host.reviewTemplates(
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

/** The guardian phone factor's legacy templates. */
export const emulation: ObjectEmulation = {
  documents: [documentRules(templatesDocument)],
};
