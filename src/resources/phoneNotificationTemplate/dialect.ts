import type { ContextTree, TemplateDialect } from "../../templates";
import { ENABLED_LOCALES } from "../tenantSettings/names";

/** The branding phone notification templates' variables (the platform's "supported liquid syntax" page). */
/** The variables the branding phone notification templates are given. */
export const PHONE_NOTIFICATION_VARIABLES = [
  "tenant",
  "friendly_name",
  "support_email",
  "support_url",
  "logo_url",
  "home_url",
  "region",
  "locale",
  "code",
  "connection",
  "user.name",
  "user.nickname",
  "user.given_name",
  "user.family_name",
  "user.picture",
  "user.login_count",
  "user.user_metadata",
  "user.app_metadata",
  "user.email_verified",
  "user.email",
  "user.phone_number",
  "user.phone_verified",
  "user.multifactor",
  "user.source_ip",
  "user.country",
  "user.city",
  "client.name",
  "client.clientID",
  "client.metadata",
  "application.name",
  "application.client_metadata",
  "organization.id",
  "organization.name",
  "organization.display_name",
  "organization.metadata",
  "organization.branding.logo_url",
  "organization.branding.colors.primary",
  "organization.branding.colors.page_background",
  "custom_domain.domain",
  "custom_domain.domain_metadata",
  // Not on the page, but the platform's own default voice texts use it.
  "pause",
];

/** Sample values for what the samples do not vary: a plausible user, client and organization. */
const BRANDING_CONTEXT: Record<string, ContextTree> = {
  tenant: "sample-tenant",
  friendly_name: { $sample: "friendlyName" },
  support_email: "support@example.com",
  support_url: "https://example.com/support",
  logo_url: "https://example.com/logo.png",
  home_url: "https://example.com",
  region: "us",
  locale: { $sample: "locale" },
  code: { $sample: "code" },
  connection: "sms",
  user: {
    name: "Jane Doe",
    nickname: "jane",
    given_name: "Jane",
    family_name: "Doe",
    picture: "https://example.com/jane.png",
    login_count: 3,
    user_metadata: {},
    app_metadata: {},
    email_verified: true,
    email: "jane@example.com",
    phone_number: "+15555550123",
    phone_verified: true,
    multifactor: ["sms"],
    source_ip: "203.0.113.7",
    country: "France",
    city: "Paris",
  },
  client: { name: "Sample App", clientID: "sample-client-id", metadata: {} },
  application: { name: "Sample App", client_metadata: {} },
  organization: {
    id: "org_sample",
    name: "sample-org",
    display_name: "Sample Org",
    metadata: {},
    branding: {
      logo_url: "https://example.com/org-logo.png",
      colors: { primary: "#0059d6", page_background: "#ffffff" },
    },
  },
  custom_domain: { $sample: "customDomain" },
  pause: { $sample: "pause" },
};

const BRANDING_FREE_FORM = [
  "user.user_metadata",
  "user.app_metadata",
  "client.metadata",
  "application.client_metadata",
  "organization.metadata",
  "custom_domain.domain_metadata",
];

/**
 * The branding phone notification templates (otp_verify, otp_enroll,
 * change_password, blocked_account, password_breach): `body.text` is sent by SMS and `body.voice` read out
 * in a call, each its own template. The code's voice form is not documented: its digits are left as they are.
 */
export const BRANDING_PHONE_DIALECT: TemplateDialect = {
  variables: PHONE_NOTIFICATION_VARIABLES,
  freeForm: BRANDING_FREE_FORM,
  enums: { locale: ENABLED_LOCALES },
  locales: ENABLED_LOCALES,
  voiceCodeSeparator: "",
  context: BRANDING_CONTEXT,
};

/**
 * The branding dialect of one template type: a `blocked_account` message has no code (the platform
 * documents `code` for the others; for `password_breach` it says nothing, so `code` stays known there).
 */
export function brandingPhoneDialect(type: string): TemplateDialect {
  if (type !== "blocked_account") return BRANDING_PHONE_DIALECT;
  const context = Object.fromEntries(Object.entries(BRANDING_CONTEXT).filter(([key]) => key !== "code"));
  return {
    ...BRANDING_PHONE_DIALECT,
    variables: PHONE_NOTIFICATION_VARIABLES.filter((name) => name !== "code"),
    context,
  };
}
