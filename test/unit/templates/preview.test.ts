import fc from "fast-check";

import { PREVIEW_MAX_CHARACTERS, checkTemplate, previewSms } from "../../../src/templates";
import { LEGACY_PHONE_DIALECT } from "../../../src/resources/phoneTemplates/dialect";
import { BRANDING_PHONE_DIALECT } from "../../../src/resources/phoneNotificationTemplate/dialect";
import { BRANDING_DEFAULT_BODIES } from "./brandingDefaults";

const preview = (template: string, friendlyName = "Acme") =>
  previewSms(template, LEGACY_PHONE_DIALECT, { subject: "enrollmentMessage", friendlyName });

describe("previewSms", () => {
  it("shows the SMS without a locale, its length, encoding and one segment", () => {
    expect(preview("{{code}} is your code for {{tenant.friendly_name}}")).toEqual({
      message: "123456 is your code for Acme",
      count: { encoding: "GSM-7", characters: 28, units: 28, segments: 1 },
      multiSegmentLocales: [],
      line: 'enrollmentMessage SMS preview: "123456 is your code for Acme" (28 characters, GSM-7, 1 segment)',
      multiSegmentWarning: undefined,
    });
  });

  it("renders a branding text with the branding variables", () => {
    const { message } = previewSms(BRANDING_DEFAULT_BODIES.otp_verify.text, BRANDING_PHONE_DIALECT, {
      subject: "body.text",
      friendlyName: "Acme",
    });
    expect(message).toBe("123456 is your verification code for Acme");
  });

  it("uses the platform's default friendly name when none is given", () => {
    const { message } = previewSms("{{tenant.friendly_name}} {{code}}", LEGACY_PHONE_DIALECT, {
      subject: "x",
    });
    expect(message).toBe("My Company 123456");
  });

  it("warns when the SMS needs more than one segment", () => {
    const result = preview(`{{code}} ${"x".repeat(160)}`);
    expect(result.count).toMatchObject({ encoding: "GSM-7", units: 167, segments: 2 });
    expect(result.multiSegmentWarning).toBe(
      "enrollmentMessage needs 2 SMS segments (167 septets); each segment is billed as one SMS",
    );
  });

  it("warns about the locales whose SMS needs more segments than the default one", () => {
    const result = preview(
      `{% if locale contains "ja" %}{{code}} ${"認証".repeat(40)}{% else %}{{code}}{% endif %}`,
    );
    expect(result.count.segments).toBe(1);
    expect(result.multiSegmentLocales).toEqual([{ locale: "ja", segments: 2 }]);
    expect(result.multiSegmentWarning).toBe(
      "enrollmentMessage needs more than one SMS segment (by locale: ja: 2); each segment is billed as one SMS",
    );
  });

  it.each<[string, string, string]>([
    [
      "a message of 500 characters",
      `{{code}} ${"x".repeat(493)}`,
      `enrollmentMessage SMS preview: "123456 ${"x".repeat(153)}…" and 340 more characters (500 characters, GSM-7, 4 segments)`,
    ],
    [
      "emoji (never splitting one)",
      `{{code}}${"\u{1F600}".repeat(200)}`,
      `enrollmentMessage SMS preview: "123456${"\u{1F600}".repeat(154)}…" and 46 more characters (206 characters, UCS-2, 7 segments)`,
    ],
    [
      "a loop up to the output limit",
      "{{code}}{% for i in (1..4999) %}xxxxxxxxxx{% endfor %}",
      `enrollmentMessage SMS preview: "123456${"x".repeat(154)}…" and 49,836 more characters (49,996 characters, GSM-7, 327 segments)`,
    ],
  ])("cuts the preview line of %s after 160 characters", (_case, template, line) => {
    expect(preview(template).line).toBe(line);
  });

  it("prints any message as one line of bounded length", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 2_000 }), (text) => {
        const { line } = preview(`{{code}}{{ "${text.replace(/["{}%]/g, "")}" }}`);
        expect(line).not.toMatch(/\n/);
        // JSON escapes a character into at most 12 characters (two \uXXXX escapes for a surrogate pair).
        expect(line.length).toBeLessThan(200 + 12 * PREVIEW_MAX_CHARACTERS);
      }),
      { numRuns: 100 },
    );
  });
});

describe("checkTemplate", () => {
  const LEGACY = { channels: ["sms", "voice"], requireCode: true, subject: "enrollmentMessage" } as const;

  it.each([
    ["a plain message", "{{code}} is your code for {{tenant.friendly_name}}"],
    [
      "a message that branches on the locale",
      '{% if locale == "fr" %}{{code}} {{ "é" | append: "x" }}{% else %}{{code}} {{"x" | append: "y"}}{% endif %}',
    ],
    ["a long message", `{{code}} ${"x".repeat(160)}`],
  ])("previews %s as previewSms does, from its review's parse", (_case, template) => {
    const check = checkTemplate(template, LEGACY_PHONE_DIALECT, LEGACY);
    expect(check.errors).toEqual([]);
    expect(check.smsPreview("Acme")).toEqual(preview(template));
    expect(check.smsPreview(undefined)).toEqual(
      previewSms(template, LEGACY_PHONE_DIALECT, { subject: "enrollmentMessage" }),
    );
  });

  it("previews nothing for a refused template or one not sent by SMS", () => {
    expect(checkTemplate("Hello", LEGACY_PHONE_DIALECT, LEGACY).smsPreview("Acme")).toBeUndefined();
    const voice = { channels: ["voice"], requireCode: true } as const;
    expect(checkTemplate("{{ code }}", BRANDING_PHONE_DIALECT, voice).smsPreview("Acme")).toBeUndefined();
  });
});
