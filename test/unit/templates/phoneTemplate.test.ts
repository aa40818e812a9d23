import { TemplateSyntaxError } from "../../../src/templates";
import { renderPhoneTemplate } from "../../../src/resources/phoneTemplates/dialect";
import type { PhoneTemplateValues } from "../../../src/resources/phoneTemplates/dialect";
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
    [
      "an unknown filter, at the filter",
      "{{code}}\n\n  {{ code | xyzzy }}",
      3,
      13,
      "undefined filter: xyzzy",
    ],
    [
      "a misspelt filter, with the filter it likely means",
      "{{ code | append: '|' | upcasee }}",
      1,
      25,
      'undefined filter: upcasee; did you mean "upcase"?',
    ],
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
    expect(thrown).toBeInstanceOf(TemplateSyntaxError);
    expect(thrown).toMatchObject({
      line,
      column,
      reason,
      message: `line ${line}, column ${column}: ${reason}`,
    });
  });
});
