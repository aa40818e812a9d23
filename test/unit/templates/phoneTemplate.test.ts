import {
  PhoneTemplateSyntaxError,
  invalidTemplateMessage,
  multiSegmentWarning,
  previewLine,
  previewPhoneTemplate,
  renderPhoneTemplate,
  reviewPhoneTemplate,
  unknownVariableWarning,
} from "../../../src/templates";
import type { PhoneTemplateValues } from "../../../src/templates";
import { DEFAULT_PHONE_TEMPLATES } from "../../../src/wire";
import { DOCUMENTED_TEMPLATE } from "./documented";

/** Rendered text with the template's indentation and line breaks folded, as a reader compares it. */
const folded = (text: string) => text.replace(/\s+/g, " ").trim();

describe("renderPhoneTemplate", () => {
  it.each<[string, string, PhoneTemplateValues, string]>([
    ["message_type of an SMS", "{{message_type}}", {}, "sms"],
    ["message_type of a voice call", "{{message_type}}", { messageType: "voice" }, "voice"],
    ["code of an SMS", "{{code}}", { code: "908172" }, "908172"],
    [
      "code of a voice call, one digit at a time",
      "{{code}}",
      { messageType: "voice", code: "9081" },
      "9.0.8.1",
    ],
    ["code's default sample", "{{code}}", {}, "123456"],
    ["locale", "{{locale}}", { locale: "fr-CA" }, "fr-CA"],
    ["requestInfo.lang", "{{requestInfo.lang}}", { requestLang: "es-AR,es;q=0.8" }, "es-AR,es;q=0.8"],
    ["tenant.friendly_name", "{{tenant.friendly_name}}", { friendlyName: "Acme" }, "Acme"],
    [
      "tenant.friendlyName, the table's spelling",
      "{{tenant.friendlyName}}",
      { friendlyName: "Acme" },
      "Acme",
    ],
    ["the platform's default friendly name", "{{tenant.friendly_name}}", {}, "My Company"],
    [
      "custom_domain.domain",
      "{{custom_domain.domain}}",
      { customDomain: { domain: "login.acme.com" } },
      "login.acme.com",
    ],
    [
      "a custom_domain.domain_metadata field",
      "{{custom_domain.domain_metadata.brand}}",
      { customDomain: { domain: "login.acme.com", domainMetadata: { brand: "Acme Blue" } } },
      "Acme Blue",
    ],
    ["no custom domain", "[{{custom_domain.domain}}]", {}, "[]"],
    ["pause, empty by default", "a{{pause}}b", {}, "ab"],
    ["pause, as given", "a{{pause}}b", { pause: "<break/>" }, "a<break/>b"],
  ])("renders %s", (_case, template, values, expected) => {
    expect(renderPhoneTemplate(template, values)).toBe(expected);
  });

  it.each<[string, string, PhoneTemplateValues, string]>([
    [
      "if == / else",
      '{% if message_type == "voice" %}V{% else %}S{% endif %}',
      { messageType: "voice" },
      "V",
    ],
    [
      "elsif with contains",
      '{% if locale contains "fr" %}F{% elsif locale contains "es" %}E{% endif %}',
      { locale: "es-AR" },
      "E",
    ],
    ["a filter", "{{ tenant.friendly_name | upcase }}", { friendlyName: "Acme" }, "ACME"],
    ["a filter with an argument", '{{ locale | default: "en" }}', {}, "en"],
    ["whitespace control", "{%- if true -%}  {{code}}  {%- endif -%}", { code: "1" }, "1"],
  ])("supports the tag or filter: %s", (_case, template, values, expected) => {
    expect(renderPhoneTemplate(template, values)).toBe(expected);
  });

  it.each<[string, PhoneTemplateValues, string]>([
    [
      "French voice",
      { messageType: "voice", locale: "fr-FR", friendlyName: "Acme", code: "4711" },
      "Bonjour, vous avez demandé à recevoir un code de vérification pour vous enregister avec Acme. Votre code est: 4.7.1.1. Je répète, votre code est: 4.7.1.1.",
    ],
    [
      "Spanish voice",
      { messageType: "voice", locale: "es", friendlyName: "Acme", code: "4711" },
      "Usted ha requerido un código de verificación para inscribirse con Acme. Su código es: 4.7.1.1. Repito, su código es: 4.7.1.1.",
    ],
    [
      "English voice",
      { messageType: "voice", locale: "en", friendlyName: "Acme", code: "4711" },
      "Hello, you requested a verification code to enroll with Acme. Your code is: 4.7.1.1. I repeat, your code is: 4.7.1.1.",
    ],
    [
      "French SMS",
      { locale: "fr-CA", friendlyName: "Acme", code: "4711" },
      "4711 est votre code de vérification pour vous enregistrer avec Acme.",
    ],
    [
      "Spanish SMS",
      { locale: "es-419", friendlyName: "Acme", code: "4711" },
      "4711 es su código para inscribirse con Acme.",
    ],
    [
      "SMS without a locale",
      { friendlyName: "Acme", code: "4711" },
      "4711 is your verification code to enroll with Acme.",
    ],
  ])("renders the documentation's example: %s", (_case, values, expected) => {
    expect(folded(renderPhoneTemplate(DOCUMENTED_TEMPLATE, values))).toBe(expected);
  });

  it.each<[string, string, number, number, string]>([
    ["an unclosed tag", "Hi {{code}}\n{% if locale %}fr", 2, 1, "tag {% if locale %} not closed"],
    ["an unknown tag", "{{code}} {% translate %}", 1, 10, 'tag "translate" not found'],
    ["an unknown filter", "{{code}}\n\n  {{ code | shout }}", 3, 3, "undefined filter: shout"],
    ["an unclosed output", "{{ code", 1, 1, 'output "{{ code" not closed'],
    [
      "a file tag (there are no template files)",
      '{{code}}{% include "/etc/hostname" %}',
      1,
      9,
      'tag "include" not found',
    ],
  ])("refuses %s with its line, column and the parser's message", (_case, template, line, column, reason) => {
    let thrown: unknown;
    try {
      renderPhoneTemplate(template);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PhoneTemplateSyntaxError);
    expect(thrown).toMatchObject({
      line,
      column,
      reason,
      message: `line ${line}, column ${column}: ${reason}`,
    });
  });
});

describe("reviewPhoneTemplate", () => {
  it.each([
    ["the documentation's example", DOCUMENTED_TEMPLATE],
    ["the default enrollment template", DEFAULT_PHONE_TEMPLATES.enrollment_message],
    ["the default verification template", DEFAULT_PHONE_TEMPLATES.verification_message],
    ["a code inside a filter chain", "Code: {{ code | strip }}"],
    [
      "a code shown only with a custom domain, or else",
      "{% if custom_domain %}{{code}} on {{custom_domain.domain}}{% else %}{{code}}{% endif %}",
    ],
  ])("accepts %s", (_case, template) => {
    expect(reviewPhoneTemplate(template)).toEqual({ errors: [], unknownVariables: [] });
  });

  const rule = "must output {{code}}, the verification code, on every path; ";
  it.each<[string, string, string]>([
    ["no code at all", "Your code is on its way", "the sms and voice messages do not"],
    [
      "a voice branch without the code",
      '{% if message_type == "voice" %}Hello{% else %}{{code}}{% endif %}',
      "the voice message does not",
    ],
    [
      "an SMS branch without the code",
      '{% if message_type == "sms" %}Hi{% else %}{{code}}{% endif %}',
      "the sms message does not",
    ],
    [
      "a French branch without the code",
      '{% if locale contains "fr" %}Bonjour{% else %}{{code}}{% endif %}',
      "the sms message (locale fr, fr-CA, fr-FR) and the voice message (locale fr, fr-CA, fr-FR) do not",
    ],
    [
      "a locale the platform does not list, compared in the template",
      '{% if locale == "de-CH" %}Grüezi{% else %}{{code}}{% endif %}',
      "the sms message (locale de-CH) and the voice message (locale de-CH) do not",
    ],
    [
      "a branch on requestInfo.lang",
      '{% if requestInfo.lang contains "es" %}Hola{% else %}{{code}}{% endif %}',
      "locale es, es-419, es-AR, es-MX",
    ],
    [
      "a custom-domain branch without the code",
      "{% if custom_domain %}Hi from {{custom_domain.domain}}{% else %}{{code}}{% endif %}",
      "the sms message (with a custom domain) and the voice message (with a custom domain) do not",
    ],
  ])("refuses %s, naming the branch", (_case, template, which) => {
    const { errors } = reviewPhoneTemplate(template);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${rule}`);
    expect(errors[0]).toContain(which);
  });

  it("refuses an empty template", () => {
    expect(reviewPhoneTemplate(" \n ").errors).toEqual(["must not be empty"]);
  });

  it("bounds a runaway loop instead of hanging", () => {
    const { errors } = reviewPhoneTemplate("{% for i in (1..100000000) %}{{code}}{% endfor %}");
    expect(errors).toEqual([expect.stringMatching(/^line 1, column 1: .*limit exceeded/)]);
  });

  it.each<[string, string, { name: string; suggestion?: string }[]]>([
    ["a misspelt variable", "{{code}} {{cod}}", [{ name: "cod", suggestion: "code" }]],
    [
      "another tenant field",
      "{{code}} {{tenant.name}}",
      [{ name: "tenant.name", suggestion: "tenant.friendly_name" }],
    ],
    ["an unrelated object", "{{code}} {{user.email}}", [{ name: "user.email" }]],
  ])("reports %s as an unknown variable, with a suggestion", (_case, template, expected) => {
    const review = reviewPhoneTemplate(template);
    expect(review.errors).toEqual([]);
    expect(review.unknownVariables).toEqual(
      expected.map((unknown) => ({ name: unknown.name, suggestion: unknown.suggestion })),
    );
  });

  it("knows every documented variable, metadata fields, and the template's own variables", () => {
    const template =
      "{{code}} {{message_type}} {{locale}} {{requestInfo.lang}} {{tenant.friendly_name}} {{tenant.friendlyName}} " +
      "{{custom_domain.domain}} {{custom_domain.domain_metadata.region}} {{pause}} " +
      "{% assign greeting = 'Hi' %}{{greeting}} {% for part in (1..2) %}{{part}}{% endfor %}";
    expect(reviewPhoneTemplate(template).unknownVariables).toEqual([]);
  });

  it("words the warning with the property, the variable, the suggestion and the known variables", () => {
    expect(
      unknownVariableWarning("verificationMessage", {
        name: "tenant.name",
        suggestion: "tenant.friendly_name",
      }),
    ).toBe(
      "verificationMessage uses the variable tenant.name, which the platform does not document (it renders empty " +
        "unless the platform provides it); did you mean tenant.friendly_name? known: message_type, code, locale, " +
        "requestInfo.lang, tenant.friendly_name, tenant.friendlyName, custom_domain.domain, " +
        "custom_domain.domain_metadata, pause",
    );
  });

  it("gives the emulator the platform's message for the first problem", () => {
    expect(invalidTemplateMessage("enrollment_message", "{{code}}")).toBeUndefined();
    expect(invalidTemplateMessage("enrollment_message", "{{code}}\n{% unless %}")).toBe(
      'Invalid enrollment_message template: line 2, column 10: invalid value expression: ""',
    );
  });
});

describe("previewPhoneTemplate", () => {
  it("shows the SMS without a locale, its length, encoding and one segment", () => {
    const preview = previewPhoneTemplate("{{code}} is your code for {{tenant.friendly_name}}", "Acme");
    expect(preview).toEqual({
      message: "123456 is your code for Acme",
      count: { encoding: "GSM-7", characters: 28, units: 28, segments: 1 },
      multiSegmentLocales: [],
    });
    expect(previewLine("enrollmentMessage", preview)).toBe(
      'enrollmentMessage SMS preview: "123456 is your code for Acme" (28 characters, GSM-7, 1 segment)',
    );
    expect(multiSegmentWarning("enrollmentMessage", preview)).toBeUndefined();
  });

  it("warns when the SMS needs more than one segment", () => {
    const preview = previewPhoneTemplate(`{{code}} ${"x".repeat(160)}`, "Acme");
    expect(preview.count).toMatchObject({ encoding: "GSM-7", units: 167, segments: 2 });
    expect(multiSegmentWarning("verificationMessage", preview)).toBe(
      "verificationMessage needs 2 SMS segments (167 septets); each segment is billed as one SMS",
    );
  });

  it("warns about the locales whose SMS needs more segments than the default one", () => {
    const template = `{% if locale contains "ja" %}{{code}} ${"認証".repeat(40)}{% else %}{{code}}{% endif %}`;
    const preview = previewPhoneTemplate(template, "Acme");
    expect(preview.count.segments).toBe(1);
    expect(preview.multiSegmentLocales).toEqual([{ locale: "ja", segments: 2 }]);
    expect(multiSegmentWarning("enrollmentMessage", preview)).toBe(
      "enrollmentMessage needs more than one SMS segment (by locale: ja: 2); each segment is billed as one SMS",
    );
  });
});
