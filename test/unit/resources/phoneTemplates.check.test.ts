import fc from "fast-check";

import { createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplatesProvider";
import { PhoneTemplateSyntaxError, renderPhoneTemplate } from "../../../src/templates";
import { managementClientFor } from "../../../src/client";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { DEFAULT_PHONE_TEMPLATES } from "../../../src/wire";
import { DOCUMENTED_TEMPLATE } from "../templates/documented";
import { UNKNOWN, configuredContext, failuresOf, recordingLog } from "./support";

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

  it("warns about an unknown variable instead of failing", async () => {
    const log = recordingLog();
    const logged = createPhoneTemplatesProvider(configuredContext(), log);
    const news = { ...valid, verificationMessage: "{{code}} {{tenant.name}}" };
    expect((await logged.check({}, news)).failures).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.stringMatching(
        /^warning: verificationMessage uses the variable tenant\.name, which the platform does not document .*did you mean tenant\.friendly_name\?/,
      ),
    );
  });

  it("accepts the documentation's branching template and logs each SMS with its encoding and segments, once", async () => {
    const log = recordingLog();
    const logged = createPhoneTemplatesProvider(configuredContext(), log);
    const news = {
      enrollmentMessage: DOCUMENTED_TEMPLATE,
      verificationMessage: `{{code}} ${"é".repeat(160)}`,
    };
    expect((await logged.check({}, news)).failures).toEqual([]);
    await logged.check({}, news);
    expect(log.lines).toEqual([
      'info: enrollmentMessage SMS preview: "\\n  \\n  123456 is your verification code to enroll with My Company.\\n  \\n" (69 characters, GSM-7, 1 segment) [friendly name: placeholder "My Company"]',
      `info: verificationMessage SMS preview: "123456 ${"é".repeat(160)}" (167 characters, GSM-7, 2 segments) [friendly name: placeholder "My Company"]`,
      "warning: verificationMessage needs 2 SMS segments (167 septets); each segment is billed as one SMS",
    ]);
  });

  it("logs nothing for templates that fail", async () => {
    const log = recordingLog();
    const logged = createPhoneTemplatesProvider(configuredContext(), log);
    await logged.check({}, { ...valid, enrollmentMessage: "{% if %}" });
    expect(log.lines).toEqual([]);
  });

  describe("the friendly name in the preview", () => {
    let emulator: TenantEmulator;

    beforeAll(async () => {
      emulator = await startEmulator();
      await emulator.tenant.updateSettings({ friendly_name: "Acme Bank" });
    });
    afterAll(() => emulator.close());

    it("is read from the tenant once an earlier request of the process fetched a token", async () => {
      const log = recordingLog();
      const context = configuredContext({
        "tenant-admin:domain": emulator.domain,
        "tenant-admin:clientId": emulator.clientId,
        "tenant-admin:clientSecret": emulator.clientSecret,
      });
      await managementClientFor(context.connection(undefined)).getPhoneTemplates();
      emulator.clearRequestLog();
      await createPhoneTemplatesProvider(context, log).check({}, valid);
      expect(log.lines[0]).toBe(
        'info: enrollmentMessage SMS preview: "123456 is your code" (19 characters, GSM-7, 1 segment)',
      );
      expect(log.lines[1]).toContain('"Code: 123456 for Acme Bank"');
      expect(emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
        "GET /api/v2/tenants/settings",
      ]);
    });

    it("is a placeholder, with no request at all, for an API token", async () => {
      const log = recordingLog();
      const context = configuredContext({
        "tenant-admin:domain": emulator.domain,
        "tenant-admin:apiToken": await emulator.issueToken(),
        "tenant-admin:clientId": "",
        "tenant-admin:clientSecret": "",
      });
      emulator.clearRequestLog();
      await createPhoneTemplatesProvider(context, log).check({}, valid);
      expect(log.lines[1]).toContain(
        '"Code: 123456 for My Company" (27 characters, GSM-7, 1 segment) [friendly name: placeholder "My Company"]',
      );
      expect(emulator.requestLog).toEqual([]);
    });

    it("is a placeholder, with no request at all, while client credentials have no token yet", async () => {
      const log = recordingLog();
      const context = configuredContext({
        "tenant-admin:domain": emulator.domain,
        "tenant-admin:clientId": emulator.clientId,
        "tenant-admin:clientSecret": emulator.clientSecret,
        "tenant-admin:audience": `${emulator.domain}/api/v2/other-audience/`,
      });
      emulator.clearRequestLog();
      await createPhoneTemplatesProvider(context, log).check({}, valid);
      expect(log.lines[1]).toContain('"Code: 123456 for My Company"');
      expect(log.lines[1]).toContain('[friendly name: placeholder "My Company"]');
      expect(emulator.requestLog).toEqual([]);
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
          expect(error).toBeInstanceOf(PhoneTemplateSyntaxError);
          acceptable = false;
        }
        expect(failures.length === 0).toBe(acceptable);
        for (const failure of failures) expect(failure).not.toContain("\n");
      }),
      { numRuns: 300 },
    );
  });
});
