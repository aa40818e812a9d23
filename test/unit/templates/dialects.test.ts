import { renderContext } from "../../../src/templates";
import {
  LEGACY_PHONE_DIALECT,
  PHONE_TEMPLATE_VARIABLES,
} from "../../../src/resources/phoneTemplates/dialect";
import {
  BRANDING_PHONE_DIALECT,
  brandingPhoneDialect,
} from "../../../src/resources/phoneNotificationTemplate/dialect";
import type { TemplateDialect, TemplateSample } from "../../../src/templates";
import { ENABLED_LOCALES } from "../../../src/resources/tenantSettings/names";

const FULL_SAMPLE: TemplateSample = {
  channel: "voice",
  code: "4711",
  locale: "fr-CA",
  requestLang: "fr-CA,fr;q=0.8",
  friendlyName: "Acme",
  customDomain: { domain: "login.acme.com", domainMetadata: { brand: "blue" } },
  pause: "<break/>",
};

function valueAt(context: Record<string, unknown>, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], context);
}

const DIALECTS: [string, TemplateDialect][] = [
  ["legacy", LEGACY_PHONE_DIALECT],
  ["branding", BRANDING_PHONE_DIALECT],
  ["blocked_account", brandingPhoneDialect("blocked_account")],
];

describe("the dialects", () => {
  it.each(DIALECTS)(
    "%s is plain data: it survives JSON and a structured clone unchanged",
    (_name, dialect) => {
      expect(JSON.parse(JSON.stringify(dialect))).toEqual(dialect);
      expect(structuredClone(dialect)).toEqual(dialect);
    },
  );

  it.each(DIALECTS)("%s gives every documented variable a value in a full sample", (_name, dialect) => {
    const context = renderContext(dialect, FULL_SAMPLE);
    const missing = dialect.variables.filter((path) => valueAt(context, path) === undefined);
    expect(missing).toEqual([]);
  });

  it.each(DIALECTS)("%s offers the platform's enabled locales", (_name, dialect) => {
    expect(dialect.locales).toEqual(ENABLED_LOCALES);
    expect(dialect.enums["locale"]).toEqual(ENABLED_LOCALES);
  });

  it("fills the legacy placeholders: dotted voice code, both friendly names, the custom domain", () => {
    expect(renderContext(LEGACY_PHONE_DIALECT, FULL_SAMPLE)).toEqual({
      message_type: "voice",
      code: "4.7.1.1",
      locale: "fr-CA",
      requestInfo: { lang: "fr-CA,fr;q=0.8" },
      tenant: { friendly_name: "Acme", friendlyName: "Acme" },
      custom_domain: { domain: "login.acme.com", domain_metadata: { brand: "blue" } },
      pause: "<break/>",
    });
  });

  it("leaves out what a sample does not set", () => {
    const context = renderContext(LEGACY_PHONE_DIALECT, {
      channel: "sms",
      code: "4711",
      friendlyName: "Acme",
      pause: "",
    });
    expect(context).toEqual({
      message_type: "sms",
      code: "4711",
      requestInfo: {},
      tenant: { friendly_name: "Acme", friendlyName: "Acme" },
      pause: "",
    });
  });

  it("keeps a branding voice code's digits as they are", () => {
    expect(renderContext(BRANDING_PHONE_DIALECT, FULL_SAMPLE)["code"]).toBe("4711");
  });

  it("documents the legacy variables as PHONE_TEMPLATE_VARIABLES", () => {
    expect(LEGACY_PHONE_DIALECT.variables).toBe(PHONE_TEMPLATE_VARIABLES);
  });

  it.each(["otp_verify", "otp_enroll", "change_password", "password_breach"])(
    "gives %s messages the code",
    (type) => {
      expect(brandingPhoneDialect(type).variables).toContain("code");
    },
  );

  it("gives blocked_account messages no code", () => {
    const dialect = brandingPhoneDialect("blocked_account");
    expect(dialect.variables).not.toContain("code");
    expect(renderContext(dialect, FULL_SAMPLE)).not.toHaveProperty("code");
  });
});
