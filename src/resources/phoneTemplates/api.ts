import type { ObjectIdentity } from "../../wire/document";
import { putEndpoints } from "../../wire/putDocumentEndpoints";

export { LEGACY_PHONE_DIALECT, PHONE_TEMPLATE_VARIABLES, renderPhoneTemplate } from "./dialect";
export type { PhoneMessageType, PhoneTemplateValues } from "./dialect";
import { schema } from "../../wire/schema";

/** The platform's default phone templates, exactly as a tenant on the legacy phone set-up has them. */
export const DEFAULT_PHONE_TEMPLATES = {
  enrollment_message:
    "{{code}} is your verification code for {{tenant.friendly_name}}. Please enter this code to verify your enrollment.",
  verification_message: "{{code}} is your verification code for {{tenant.friendly_name}}",
} as const;

/**
 * Where the tenant's templates differ from the platform's defaults (with `declared`, wire spelling, from the
 * defaults with the declared texts over them), in the user's spelling (`enrollmentMessage`): what shows someone
 * configured them, since the platform records no owner.
 */
export function differencesFromDefaults(
  templates: Readonly<Record<string, unknown>>,
  declared: Readonly<Record<string, unknown>> = {},
): string[] {
  return Object.entries(DEFAULT_PHONE_TEMPLATES)
    .filter(([key, text]) => templates[key] !== undefined && templates[key] !== (declared[key] ?? text))
    .map(([key]) => (key === "enrollment_message" ? "enrollmentMessage" : "verificationMessage"));
}

/**
 * The longest template this package sends or its emulator stores, in characters. The platform documents no
 * maximum; this one keeps a PUT of both templates under the request size the emulator (and any proxy in
 * between) accepts, and is far above any message a phone can show.
 */
export const PHONE_TEMPLATE_MAX_LENGTH = 10_000;

/** The phone templates PUT body: both fields required, no others. */
export type PhoneTemplatesRequest = { enrollment_message: string; verification_message: string };

/** The phone templates GET and PUT response: the stored templates, unknown fields kept. */
export type PhoneTemplatesResponse = {
  [key: string]: unknown;
  enrollment_message: string;
  verification_message: string;
};

export const phoneTemplatesRequestSchema = schema<PhoneTemplatesRequest>()((z) =>
  z.strictObject({
    enrollment_message: z.string().max(PHONE_TEMPLATE_MAX_LENGTH),
    verification_message: z.string().max(PHONE_TEMPLATE_MAX_LENGTH),
  }),
);

export const phoneTemplatesResponseSchema = schema<PhoneTemplatesResponse>()((z) =>
  z.looseObject({ enrollment_message: z.string(), verification_message: z.string() }),
);

/** The `GET` and `PUT` of a guardian templates document: both templates in, the stored ones out. */
function templatesEndpoints(path: string, sharedRead: boolean) {
  return putEndpoints({
    path,
    scopes: { read: "read:guardian_factors", update: "update:guardian_factors" },
    request: phoneTemplatesRequestSchema,
    response: phoneTemplatesResponseSchema,
    encodings: ["json", "form"],
    sharedRead,
  });
}

const phoneTemplates = templatesEndpoints("/guardian/factors/phone/templates", true);
/** The older SMS-only twin of the phone templates (emulated only). */
const smsTemplates = templatesEndpoints("/guardian/factors/sms/templates", false);

/** `GET /guardian/factors/phone/templates`: the legacy MFA phone templates. */
export const getPhoneTemplates = phoneTemplates.get;
/** `PUT /guardian/factors/phone/templates`: replaces both templates, answers the stored ones. */
export const putPhoneTemplates = phoneTemplates.put;
/** `GET /guardian/factors/sms/templates` (emulated only). */
export const getSmsTemplates = smsTemplates.get;
/** `PUT /guardian/factors/sms/templates` (emulated only). */
export const putSmsTemplates = smsTemplates.put;

/** Who the legacy phone templates are, for the registry, the resource class and the provider entry. */
export const phoneTemplatesIdentity = {
  name: "phoneTemplates",
  label: "phone templates",
  resource: { type: "PhoneTemplates", docs: "docs/phone-templates.md" },
} as const satisfies ObjectIdentity;
