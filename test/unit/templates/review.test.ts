import { reviewTemplate } from "../../../src/templates";
import { LEGACY_PHONE_DIALECT } from "../../../src/resources/phoneTemplates/dialect";
import {
  BRANDING_PHONE_DIALECT,
  brandingPhoneDialect,
} from "../../../src/resources/phoneNotificationTemplate/dialect";
import type { ReviewOptions } from "../../../src/templates";
import { DEFAULT_PHONE_TEMPLATES } from "../../../src/resources/phoneTemplates/api";
import { BRANDING_DEFAULT_BODIES, CODE_TYPES } from "./brandingDefaults";
import { DOCUMENTED_TEMPLATE } from "./documented";

const LEGACY: ReviewOptions = { channels: ["sms", "voice"], requireCode: true, subject: "enrollmentMessage" };
const legacyReview = (template: string) => reviewTemplate(template, LEGACY_PHONE_DIALECT, LEGACY);
const RULE = "must output {{code}}, the verification code, on every path; ";

describe("reviewTemplate, legacy dialect", () => {
  it.each([
    ["the documentation's example", DOCUMENTED_TEMPLATE],
    ["the default enrollment template", DEFAULT_PHONE_TEMPLATES.enrollment_message],
    ["the default verification template", DEFAULT_PHONE_TEMPLATES.verification_message],
    ["a code inside a filter chain", "Code: {{ code | strip }}"],
    [
      "a code shown only with a custom domain, or else",
      "{% if custom_domain %}{{code}} on {{custom_domain.domain}}{% else %}{{code}}{% endif %}",
    ],
    [
      "a code in a case on the message type",
      '{% case message_type %}{% when "voice" %}{{pause}}{{code}}{% else %}{{code}}{% endcase %}',
    ],
  ])("accepts %s, without warnings", (_case, template) => {
    expect(legacyReview(template)).toEqual({ errors: [], warnings: [] });
  });

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
      "the sms message (locale es, es-419, es-AR, es-MX) and the voice message (locale es, es-419, es-AR, es-MX) do not",
    ],
    [
      "a branch without a locale",
      "{% if locale %}{{code}}{% else %}Hello{% endif %}",
      "the sms message (locale none) and the voice message (locale none) do not",
    ],
    [
      "a custom-domain branch without the code",
      "{% if custom_domain %}Hi from {{custom_domain.domain}}{% else %}{{code}}{% endif %}",
      "the sms message (with a custom domain) and the voice message (with a custom domain) do not",
    ],
  ])("refuses %s, naming the paths", (_case, template, which) => {
    const { errors } = legacyReview(template);
    expect(errors).toEqual([`${RULE}${which}`]);
  });

  it.each<[string, string, string]>([
    ["an empty template", " \n ", "must not be empty"],
    ["an unclosed tag", "Hi {{code}}\n{% if locale %}fr", "line 2, column 1: tag {% if locale %} not closed"],
    ["an unknown filter, at the filter", "{{ code | xyzzy }}", "line 1, column 11: undefined filter: xyzzy"],
    [
      "a misspelt filter, with the filter it likely means",
      "{{ code | downcas }}",
      'line 1, column 11: undefined filter: downcas; did you mean "downcase"?',
    ],
    [
      "a file tag (there are no template files)",
      '{{code}}{% include "/etc/hostname" %}',
      'line 1, column 9: tag "include" not found',
    ],
    ["a render tag", '{{code}}{% render "x" %}', 'line 1, column 9: tag "render" not found'],
    ["a layout tag", '{% layout "x" %}{{code}}', 'line 1, column 1: tag "layout" not found'],
    ["a block tag", "{% block a %}{{code}}{% endblock %}", 'line 1, column 1: tag "block" not found'],
  ])("refuses %s with one line", (_case, template, error) => {
    expect(legacyReview(template)).toEqual({ errors: [error], warnings: [] });
  });

  it.each<[string, string, string]>([
    [
      "a misspelt variable",
      "{{code}} {{cod}}",
      "enrollmentMessage uses the variable cod, which the platform does not document (it renders empty unless " +
        "the platform provides it); did you mean code? known: message_type, code, locale, requestInfo.lang, " +
        "tenant.friendly_name, tenant.friendlyName, custom_domain.domain, custom_domain.domain_metadata, pause",
    ],
    [
      "another tenant field",
      "{{code}} {{tenant.name}}",
      "uses the variable tenant.name, which the platform does not document (it renders empty unless the platform provides it); did you mean tenant.friendly_name?",
    ],
    [
      "an object of another dialect",
      "{{code}} {{user.email}}",
      "uses the variable user.email, which the platform does not document (it renders empty unless the platform provides it); known:",
    ],
  ])("warns about %s, with a suggestion", (_case, template, warning) => {
    const review = legacyReview(template);
    expect(review.errors).toEqual([]);
    expect(review.warnings).toEqual([expect.stringContaining(warning)]);
  });

  it("knows every documented variable, metadata fields, and the template's own variables", () => {
    const template =
      "{{code}} {{message_type}} {{locale}} {{requestInfo.lang}} {{tenant.friendly_name}} {{tenant.friendlyName}} " +
      "{{custom_domain.domain}} {{custom_domain.domain_metadata.region}} {{pause}} " +
      "{% assign greeting = 'Hi' %}{{greeting}} {% for part in (1..2) %}{{part}}{% endfor %}";
    expect(legacyReview(template).warnings).toEqual([]);
  });

  it("names the subject 'the template' when none is given", () => {
    const { warnings } = reviewTemplate("{{code}}{{cod}}", LEGACY_PHONE_DIALECT, {
      channels: ["sms"],
      requireCode: true,
    });
    expect(warnings[0]).toMatch(/^the template uses the variable cod,/);
  });
});

describe("reviewTemplate, comparisons a platform variable can never satisfy", () => {
  const SMS_OR_VOICE = 'message_type is only "sms" or "voice"';
  it.each<[string, string, string]>([
    [
      "message_type == a type it never has",
      '{% if message_type == "enrollment" %}Enroll: {% endif %}{{code}}',
      `enrollmentMessage compares message_type == "enrollment" (line 1), which is never true: ${SMS_OR_VOICE}`,
    ],
    [
      "the literal on the left, and single quotes",
      "{{code}}{% if 'enrollment'==message_type %}!{% endif %}",
      `enrollmentMessage compares message_type == "enrollment" (line 1), which is never true: ${SMS_OR_VOICE}`,
    ],
    [
      "a case that differs",
      '{% if message_type == "SMS" %}{{code}}{% else %}{{pause}}{{code}}{% endif %}',
      `enrollmentMessage compares message_type == "SMS" (line 1), which is never true: ${SMS_OR_VOICE}; did you mean "sms"?`,
    ],
    [
      "!= a type it never has (always true)",
      '{{code}}{% unless message_type != "text" %}!{% endunless %}',
      `enrollmentMessage compares message_type != "text" (line 1), which is always true: ${SMS_OR_VOICE}`,
    ],
    [
      "contains a text no type contains",
      '{{code}}\n\n{% if message_type contains "call" %}!{% endif %}',
      `enrollmentMessage tests message_type contains "call" (line 3), which is never true: ${SMS_OR_VOICE}`,
    ],
    [
      "a literal that contains no type",
      '{{code}}{% if "phone call" contains message_type %}!{% endif %}',
      `enrollmentMessage tests "phone call" contains message_type (line 1), which is never true: ${SMS_OR_VOICE}`,
    ],
    [
      "a when under case that never matches",
      '{% case message_type %}\n{% when "voice", "call" %}{{code}}{% else %}{{code}}{% endcase %}',
      `enrollmentMessage has {% when "call" %} under {% case message_type %} (line 2), which never matches: ${SMS_OR_VOICE}`,
    ],
    [
      "a comparison inside a liquid tag",
      '{% liquid\nif message_type == "push"\necho code\nelse\necho code\nendif %}',
      `enrollmentMessage compares message_type == "push" (line 2), which is never true: ${SMS_OR_VOICE}`,
    ],
    [
      "a locale the platform does not offer, misspelt",
      '{% if locale == "fr_CA" %}{{code}} FR{% else %}{{code}}{% endif %}',
      'enrollmentMessage compares locale == "fr_CA" (line 1), which is never true: locale is one of 82 values ' +
        '("am", "ar", "ar-EG", "ar-SA" and 78 more); did you mean "fr-CA"?',
    ],
  ])("warns about %s, naming the variable, the literal and the values", (_case, template, warning) => {
    expect(legacyReview(template)).toEqual({ errors: [], warnings: [warning] });
  });

  it.each([
    ["an equality that can hold", '{% if message_type == "voice" %}{{pause}}{% endif %}{{code}}'],
    ["a contains that can hold", '{% if locale contains "fr" %}Bonjour {% endif %}{{code}}'],
    ["a literal that contains a type", '{% if "sms, voice" contains message_type %}{% endif %}{{code}}'],
    ["a variable of no fixed values", '{% if requestInfo.lang == "klingon" %}{% endif %}{{code}}'],
    ["a comparison with nil", "{% if locale == nil %}{% endif %}{{code}}"],
    [
      "the template's own variable of that name",
      '{% assign message_type = "x" %}{% if message_type == "x" %}{% endif %}{{code}}',
    ],
    [
      "a loop variable of that name",
      '{% for locale in (1..2) %}{% if locale == "x" %}{% endif %}{% endfor %}{{code}}',
    ],
  ])("does not warn about %s", (_case, template) => {
    expect(legacyReview(template).warnings).toEqual([]);
  });
});

describe("reviewTemplate, branding dialect", () => {
  const cases = Object.entries(BRANDING_DEFAULT_BODIES).flatMap(([type, body]) => [
    [type, "text", body.text] as const,
    [type, "voice", body.voice] as const,
  ]);

  it.each(cases)("accepts the platform's default %s %s, without warnings", (type, channel, template) => {
    const options = {
      channels: [channel === "text" ? "sms" : "voice"] as const,
      requireCode: (CODE_TYPES as readonly string[]).includes(type),
    };
    expect(reviewTemplate(template, brandingPhoneDialect(type), options)).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it("knows every documented variable and the free-form metadata below them", () => {
    const template = [
      ...BRANDING_PHONE_DIALECT.variables,
      "user.user_metadata.plan",
      "organization.metadata.tier",
    ]
      .map((name) => `{{ ${name} }}`)
      .join(" ");
    expect(
      reviewTemplate(template, BRANDING_PHONE_DIALECT, { channels: ["sms"], requireCode: true }),
    ).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it("refuses a voice text without the code when the type carries one", () => {
    const review = reviewTemplate("Hello {{ user.name }}", BRANDING_PHONE_DIALECT, {
      channels: ["voice"],
      requireCode: true,
    });
    expect(review.errors).toEqual([`${RULE}the voice message does not`]);
  });

  it("warns about the legacy variables, with the branding names", () => {
    const { warnings } = reviewTemplate(
      "{{ code }} for {{ tenant.friendly_name }}{% if message_type == 'voice' %}{% endif %}",
      BRANDING_PHONE_DIALECT,
      { channels: ["sms"], requireCode: true, subject: "body.text" },
    );
    expect(warnings).toEqual([
      expect.stringMatching(
        /^body\.text uses the variable tenant\.friendly_name, .*; did you mean friendly_name\? known: tenant, friendly_name, .*user\.\*, client\.\*/,
      ),
      expect.stringMatching(/^body\.text uses the variable message_type, /),
    ]);
  });

  it("lists an object's own members when the unknown variable is under it", () => {
    const { warnings } = reviewTemplate("{{code}} {{ user.emial }}", BRANDING_PHONE_DIALECT, {
      channels: ["sms"],
      requireCode: true,
    });
    expect(warnings[0]).toContain("did you mean user.email?");
    expect(warnings[0]).toContain("user.name, user.nickname, user.given_name");
    expect(warnings[0]).toContain("client.*");
  });

  it("warns that a blocked_account text has no code", () => {
    const { warnings } = reviewTemplate("Blocked: {{ code }}", brandingPhoneDialect("blocked_account"), {
      channels: ["sms"],
      requireCode: false,
    });
    expect(warnings).toEqual([
      expect.stringMatching(/^the template uses the variable code, which the platform/),
    ]);
  });
});
