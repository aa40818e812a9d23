import type { TemplateDialect } from "../../templates";
import { templates } from "../lazyTemplates";
import { ENABLED_LOCALES } from "../tenantSettings/names";

/**
 * The variables the platform gives the legacy guardian phone templates (its documentation page "Customize
 * SMS or voice messages"). The table there spells the friendly name `tenant.friendlyName`; its examples and
 * the default templates use `tenant.friendly_name`: both are known.
 */
export const PHONE_TEMPLATE_VARIABLES = [
  "message_type",
  "code",
  "locale",
  "requestInfo.lang",
  "tenant.friendly_name",
  "tenant.friendlyName",
  "custom_domain.domain",
  "custom_domain.domain_metadata",
  "pause",
] as const;

/**
 * The legacy guardian templates (`enrollment_message`, `verification_message`): one template serves SMS
 * and voice, branching on `message_type`; a voice message reads the code's digits one at a time (`1.2.3`).
 */
export const LEGACY_PHONE_DIALECT: TemplateDialect = {
  variables: PHONE_TEMPLATE_VARIABLES,
  freeForm: ["custom_domain.domain_metadata"],
  enums: { message_type: ["sms", "voice"], locale: ENABLED_LOCALES },
  locales: ENABLED_LOCALES,
  voiceCodeSeparator: ".",
  context: {
    message_type: { $sample: "messageType" },
    code: { $sample: "code" },
    locale: { $sample: "locale" },
    requestInfo: { lang: { $sample: "requestLang" } },
    tenant: { friendly_name: { $sample: "friendlyName" }, friendlyName: { $sample: "friendlyName" } },
    custom_domain: { $sample: "customDomain" },
    pause: { $sample: "pause" },
  },
};

/** The kind of phone message a template is rendered for (the template's `message_type`). */
export type PhoneMessageType = "sms" | "voice";

/** The values a phone template is rendered with; every one is optional. */
export interface PhoneTemplateValues {
  /** `message_type`; default `"sms"`. */
  messageType?: PhoneMessageType | undefined;
  /** The verification code's digits; default `"123456"`. A voice message gets them dot-separated (`1.2.3.4.5.6`), as the platform sends them. */
  code?: string | undefined;
  /** `locale` (Universal Login or MFA API language, e.g. `fr-CA`); default unset. */
  locale?: string | undefined;
  /** `requestInfo.lang` (the browser's Accept-Language header, classic login); default unset. */
  requestLang?: string | undefined;
  /** `tenant.friendly_name` (and `tenant.friendlyName`); default the platform's `"My Company"`. */
  friendlyName?: string | undefined;
  /** `custom_domain.domain` and `custom_domain.domain_metadata`; default none. */
  customDomain?:
    { domain: string; domainMetadata?: Readonly<Record<string, string>> | undefined } | undefined;
  /** What `{{pause}}` renders as (the platform's voice pause marker is not documented); default `""`. */
  pause?: string | undefined;
}

/**
 * Renders a phone MFA template with Liquid as the platform does, so a program's own tests can check its
 * messages: `message_type`, `code` (dot-separated digits in voice messages), `locale`,
 * `requestInfo.lang`, `tenant.friendly_name`, `custom_domain.*` and `pause`, within the template limits on
 * its length, nesting, render time, output and allocations.
 *
 * @throws TemplateSyntaxError when the template does not parse (an unclosed tag, an unknown tag or
 *   filter), or fails while rendering.
 * @throws TemplateLimitError when the template or its rendering exceeds a template limit.
 * @example renderPhoneTemplate("{{code}} for {{tenant.friendly_name}}", { code: "42", friendlyName: "Acme" }) // "42 for Acme"
 */
export function renderPhoneTemplate(template: string, values: PhoneTemplateValues = {}): string {
  const { DEFAULT_FRIENDLY_NAME, SAMPLE_CODE, renderTemplate } = templates();
  return renderTemplate(template, LEGACY_PHONE_DIALECT, {
    channel: values.messageType ?? "sms",
    code: values.code ?? SAMPLE_CODE,
    locale: values.locale,
    requestLang: values.requestLang,
    friendlyName: values.friendlyName ?? DEFAULT_FRIENDLY_NAME,
    customDomain: values.customDomain,
    pause: values.pause ?? "",
  });
}
