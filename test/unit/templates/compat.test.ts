import {
  invalidTemplateMessage,
  multiSegmentWarning,
  previewLine,
  previewPhoneTemplate,
  reviewPhoneTemplate,
  unknownVariableWarning,
} from "../../../src/templates";

// The API the PhoneTemplates check, its preview reporter and the emulator still call, over reviewTemplate.
describe("the legacy template API", () => {
  it("reviews a legacy template for both channels, its unknown variables as data", () => {
    expect(reviewPhoneTemplate("{{code}} {{tenant.name}}")).toEqual({
      errors: [],
      unknownVariables: [{ name: "tenant.name", suggestion: "tenant.friendly_name" }],
    });
    expect(reviewPhoneTemplate('{% if message_type == "voice" %}Hi{% else %}{{code}}{% endif %}')).toEqual({
      errors: ["must output {{code}}, the verification code, on every path; the voice message does not"],
      unknownVariables: [],
    });
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
    expect(
      invalidTemplateMessage("enrollment_message", "{{code}}{% for i in (1..1000000) %}{% endfor %}"),
    ).toMatch(/^Invalid enrollment_message template: allocates more than 100,000 /);
  });

  it("previews the SMS and words its lines", () => {
    const preview = previewPhoneTemplate(`{{code}} for {{tenant.friendly_name}} ${"x".repeat(160)}`, "Acme");
    expect(preview.count).toMatchObject({ characters: 176, segments: 2 });
    expect(previewLine("enrollmentMessage", preview)).toBe(
      `enrollmentMessage SMS preview: "123456 for Acme ${"x".repeat(144)}…" and 16 more characters (176 characters, GSM-7, 2 segments)`,
    );
    expect(multiSegmentWarning("enrollmentMessage", preview)).toBe(
      "enrollmentMessage needs 2 SMS segments (176 septets); each segment is billed as one SMS",
    );
  });
});
