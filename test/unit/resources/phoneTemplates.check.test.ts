import fc from "fast-check";

import { createProvider as createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplates/provider";
import { DEFAULT_PHONE_TEMPLATES, renderPhoneTemplate } from "../../../src/resources/phoneTemplates/api";
import { TemplateSyntaxError } from "../../../src/templates";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { LEGACY_PHONE_SETTINGS } from "../../support/tenants";
import { DOCUMENTED_TEMPLATE } from "../templates/documented";
import { UNKNOWN, atPreview, configuredContext, emulatorContext, failuresOf, recordingLog } from "./support";

const provider = createPhoneTemplatesProvider(configuredContext(), recordingLog());
const valid = {
  enrollmentMessage: "{{code}} is your code",
  verificationMessage: "Code: {{ code }} for {{tenant.friendly_name}}",
};

describe("PhoneTemplates check", () => {
  it("accepts templates with the code variable, spaces inside braces allowed", async () => {
    expect(await failuresOf(provider, valid)).toEqual([]);
  });

  it("accepts the platform's defaults", async () => {
    const defaults = {
      enrollmentMessage: DEFAULT_PHONE_TEMPLATES.enrollment_message,
      verificationMessage: DEFAULT_PHONE_TEMPLATES.verification_message,
    };
    expect(await failuresOf(provider, defaults)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "a missing enrollment message",
      { verificationMessage: valid.verificationMessage },
      "enrollmentMessage: is required",
    ],
    [
      "an empty verification message",
      { ...valid, verificationMessage: "  " },
      "verificationMessage: must not be empty",
    ],
    [
      "a message without {{code}}",
      { ...valid, enrollmentMessage: "hello" },
      "enrollmentMessage: must output {{code}}, the verification code, on every path; the sms and voice messages do not",
    ],
    [
      "a voice branch without {{code}}, naming the branch",
      { ...valid, enrollmentMessage: '{% if message_type == "voice" %}Hello{% else %}{{code}}{% endif %}' },
      "enrollmentMessage: must output {{code}}, the verification code, on every path; the voice message does not",
    ],
    [
      "an unclosed tag, with its line and column and the parser's message",
      { ...valid, verificationMessage: "{{code}}\n  {% if locale %}fr" },
      "verificationMessage: line 2, column 3: tag {% if locale %} not closed",
    ],
    [
      "a message that is not a string",
      { ...valid, enrollmentMessage: 42 },
      "enrollmentMessage: must be a string",
    ],
  ])("rejects %s", async (_case, news, expected) => {
    expect((await failuresOf(provider, news)).join("\n")).toContain(expected);
  });

  it("skips messages not known yet at preview", async () => {
    expect(await failuresOf(provider, { enrollmentMessage: UNKNOWN, verificationMessage: UNKNOWN })).toEqual(
      [],
    );
  });

  describe("at preview, once the write check passed", () => {
    let emulator: TenantEmulator;

    beforeAll(async () => {
      emulator = await startEmulator({ rateLimit: false, settings: LEGACY_PHONE_SETTINGS });
    });
    afterAll(() => emulator.close());

    it("warns about an unknown variable instead of failing", async () => {
      const log = recordingLog();
      const logged = createPhoneTemplatesProvider(emulatorContext(emulator), log);
      const news = { ...valid, verificationMessage: "{{code}} {{tenant.name}}" };
      expect((await logged.check({}, atPreview(news))).failures).toEqual([]);
      expect(log.lines).toContainEqual(
        expect.stringMatching(
          /^warning: PhoneTemplates mfa: verificationMessage uses the variable tenant\.name, which the platform does not document .*did you mean tenant\.friendly_name\?/,
        ),
      );
    });

    it("accepts the documentation's branching template and logs each SMS with its encoding and segments, once", async () => {
      const log = recordingLog();
      const logged = createPhoneTemplatesProvider(emulatorContext(emulator), log);
      const news = atPreview({
        enrollmentMessage: DOCUMENTED_TEMPLATE,
        verificationMessage: `{{code}} ${"é".repeat(160)}`,
      });
      expect((await logged.check({}, news)).failures).toEqual([]);
      await logged.check({}, news);
      expect(log.lines).toEqual([
        'info: PhoneTemplates mfa: enrollmentMessage SMS preview: "\\n  \\n  123456 is your verification code to enroll with My Company.\\n  \\n" (69 characters, GSM-7, 1 segment) [friendly name: placeholder "My Company"]',
        `info: PhoneTemplates mfa: verificationMessage SMS preview: "123456 ${"é".repeat(153)}…" and 7 more characters (167 characters, GSM-7, 2 segments) [friendly name: placeholder "My Company"]`,
        "warning: PhoneTemplates mfa: verificationMessage needs 2 SMS segments (167 septets); each segment is billed as one SMS",
      ]);
    });

    it("logs nothing for templates that fail", async () => {
      const log = recordingLog();
      const logged = createPhoneTemplatesProvider(emulatorContext(emulator), log);
      await logged.check({}, atPreview({ ...valid, enrollmentMessage: "{% if %}" }));
      expect(log.lines).toEqual([]);
    });

    it("logs nothing outside a preview", async () => {
      const log = recordingLog();
      const logged = createPhoneTemplatesProvider(emulatorContext(emulator), log);
      emulator.clearRequestLog();
      expect((await logged.check({}, valid)).failures).toEqual([]);
      expect(log.lines).toEqual([]);
      expect(emulator.requestLog).toEqual([]);
    });

    it("logs nothing when the write check fails, and fails the check instead", async () => {
      const log = recordingLog();
      const modern = await startEmulator({ rateLimit: false });
      try {
        const logged = createPhoneTemplatesProvider(emulatorContext(modern), log);
        const failures = (await logged.check({}, atPreview(valid))).failures ?? [];
        expect(failures).toHaveLength(1);
        expect(failures[0]?.reason).toMatch(
          /^PhoneTemplates cannot be written to http:\/\/127\.0\.0\.1:\d+: the tenant uses the Unified Phone Experience/,
        );
        expect(log.lines).toEqual([]);
      } finally {
        await modern.close();
      }
    });
  });

  describe("the friendly name in the preview", () => {
    let emulator: TenantEmulator;

    beforeAll(async () => {
      emulator = await startEmulator({
        rateLimit: false,
        settings: { ...LEGACY_PHONE_SETTINGS, friendly_name: "Acme Bank" },
      });
    });
    afterAll(() => emulator.close());

    it("is read from the tenant with the token the write check fetched", async () => {
      const log = recordingLog();
      const context = emulatorContext(emulator);
      emulator.clearRequestLog();
      await createPhoneTemplatesProvider(context, log).check({}, atPreview(valid));
      expect(log.lines[0]).toBe(
        'info: PhoneTemplates mfa: enrollmentMessage SMS preview: "123456 is your code" (19 characters, GSM-7, 1 segment)',
      );
      expect(log.lines[1]).toContain('"Code: 123456 for Acme Bank"');
      // One read serves the write check's probe (is the tenant on the legacy phone set-up?) and the friendly
      // name; the templates are read once, to tell whether someone configured them (a create takes them only
      // at the platform's defaults).
      const apiRequests = emulator.requestLog.filter((entry) => entry.path !== "/oauth/token");
      expect(apiRequests.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
        "GET /api/v2/tenants/settings",
        "GET /api/v2/guardian/factors/phone/templates",
      ]);
    });

    it("is a placeholder for an API token, read by nothing but the write check", async () => {
      const log = recordingLog();
      const context = emulatorContext(emulator, {
        "tenant-admin:apiToken": await emulator.issueToken(),
        "tenant-admin:clientId": "",
        "tenant-admin:clientSecret": "",
      });
      emulator.clearRequestLog();
      await createPhoneTemplatesProvider(context, log).check({}, atPreview(valid));
      expect(log.lines[1]).toContain(
        '"Code: 123456 for My Company" (27 characters, GSM-7, 1 segment) [friendly name: placeholder "My Company"]',
      );
      expect(emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
        "GET /api/v2/tenants/settings",
        "GET /api/v2/guardian/factors/phone/templates",
      ]);
    });

    it("is never shown when client credentials get no token: the write check fails", async () => {
      const log = recordingLog();
      const context = emulatorContext(emulator, {
        "tenant-admin:audience": `${emulator.domain}/api/v2/other-audience/`,
      });
      emulator.clearRequestLog();
      const failures = (await createPhoneTemplatesProvider(context, log).check({}, atPreview(valid)))
        .failures;
      expect(failures?.map((failure) => failure.reason)).toEqual([
        expect.stringMatching(/^PhoneTemplates cannot be written: .*POST \/oauth\/token failed: 403 /),
      ]);
      expect(log.lines).toEqual([]);
      expect(emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
        "POST /oauth/token",
      ]);
    });
  });

  it("never throws on random messages, and accepts exactly those that parse and render the code for SMS and voice", async () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(
        "{{code}}",
        "{{ code }}",
        "{{tenant.friendly_name}}",
        "{{other}}",
        "{{",
        "}}",
        "{%",
        "%}",
      ),
    );
    const message = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));
    const shows = (text: string, messageType: "sms" | "voice", shown: string) =>
      renderPhoneTemplate(text, { messageType, code: "5812" }).includes(shown);
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        const failures = await failuresOf(provider, { ...valid, enrollmentMessage: text });
        let acceptable: boolean;
        try {
          acceptable = text.trim() !== "" && shows(text, "sms", "5812") && shows(text, "voice", "5.8.1.2");
        } catch (error) {
          expect(error).toBeInstanceOf(TemplateSyntaxError);
          acceptable = false;
        }
        expect(failures.length === 0).toBe(acceptable);
        for (const failure of failures) expect(failure).not.toContain("\n");
      }),
      { numRuns: 300 },
    );
  });
});
