import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import type { PhoneNotificationType } from "../../../src/resources/phoneNotificationTemplate/api";
import {
  BODY_MAX_LENGTH,
  DEFAULT_PHONE_NOTIFICATION_BODIES,
  PHONE_NOTIFICATION_TYPES,
} from "../../../src/resources/phoneNotificationTemplate/api";
import { createProvider } from "../../../src/resources/phoneNotificationTemplate/provider";
import { LEGACY_PHONE_SETTINGS } from "../../support/tenants";
import { UNKNOWN, atPreview, configuredContext, emulatorContext, failuresOf, recordingLog } from "./support";

const provider = createProvider(configuredContext(), recordingLog());
const otp = (text: string) => ({ type: "otp_verify", content: { body: { text } } });

describe("PhoneNotificationTemplate check", () => {
  it.each(Object.entries(DEFAULT_PHONE_NOTIFICATION_BODIES))(
    "accepts the platform's default texts of %s",
    async (type, body) => {
      expect(await failuresOf(provider, { type, content: { body } })).toEqual([]);
    },
  );

  it("accepts a sender of 16 characters and texts of 20,000", async () => {
    const text = `{{ code }}${"x".repeat(BODY_MAX_LENGTH - "{{ code }}".length)}`;
    const news = { type: "otp_enroll", content: { from: "+123456789012345", body: { text, voice: text } } };
    expect(await failuresOf(provider, news)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a missing type", { content: { body: { text: "{{ code }}" } } }, "type: is required"],
    [
      "an unknown type",
      { type: "otp_login", content: { body: { text: "{{ code }}" } } },
      "type: must be one of: otp_verify, otp_enroll, change_password, blocked_account, password_breach",
    ],
    [
      "a missing content",
      { type: "otp_verify" },
      "content: is required: its body holds the text, the voice text or both",
    ],
    [
      "a content without a body",
      { type: "otp_verify", content: { from: "+15555550100" } },
      "content.body: is required: it holds the text, the voice text or both",
    ],
    [
      "a body without text or voice",
      { type: "otp_verify", content: { body: {} } },
      "content.body: must hold text or voice",
    ],
    [
      "an empty sender",
      { type: "otp_verify", content: { from: "", body: { text: "{{ code }}" } } },
      "content.from: must not be empty",
    ],
    [
      "a sender of 17 characters",
      { type: "otp_verify", content: { from: "+1234567890123456", body: { text: "{{ code }}" } } },
      "content.from: must be at most 16 characters (got 17)",
    ],
    ["an empty text", otp(""), "content.body.text: must not be empty"],
    [
      "a text of 20,001 characters",
      otp(`{{ code }}${"x".repeat(BODY_MAX_LENGTH + 1 - "{{ code }}".length)}`),
      "content.body.text: must be at most 20000 characters (got 20001)",
    ],
    [
      "an empty voice text",
      { type: "otp_verify", content: { body: { voice: "" } } },
      "content.body.voice: must not be empty",
    ],
    [
      "a voice text of 20,001 characters",
      {
        type: "otp_verify",
        content: { body: { voice: `{{ code }}${"x".repeat(BODY_MAX_LENGTH + 1 - "{{ code }}".length)}` } },
      },
      "content.body.voice: must be at most 20000 characters (got 20001)",
    ],
    [
      "a text that is not a string",
      { type: "otp_verify", content: { body: { text: 5 } } },
      "content.body.text: must be a string",
    ],
    [
      "an unknown property in the body",
      { type: "otp_verify", content: { body: { text: "{{ code }}", html: "<b>x</b>" } } },
      "content.body.html: is not a known property",
    ],
    [
      "a disabled flag that is not a boolean",
      { type: "otp_verify", disabled: "yes", content: { body: { text: "{{ code }}" } } },
      "disabled: must be a boolean",
    ],
  ])("rejects %s, naming the property and the rule", async (_case, news, expected) => {
    const failures = await failuresOf(provider, news);
    expect(failures).toContain(expected);
    expect(new Set(failures).size).toBe(failures.length);
  });

  describe("the code", () => {
    const codeTypes: PhoneNotificationType[] = ["otp_verify", "otp_enroll", "change_password"];

    it.each(
      codeTypes.flatMap((type) => (["text", "voice"] as const).map((channel) => [type, channel] as const)),
    )("is required in every %s %s", async (type, channel) => {
      const failures = await failuresOf(provider, { type, content: { body: { [channel]: "Hello" } } });
      expect(failures).toEqual([
        `content.body.${channel}: must output {{code}}, the verification code, on every path; the ` +
          `${channel === "text" ? "sms" : "voice"} message does not`,
      ]);
    });

    it.each(codeTypes)("is required on every path of a %s text, naming the path without it", async (type) => {
      const text = "{% if locale %}{{ code }}{% endif %}";
      expect(await failuresOf(provider, { type, content: { body: { text } } })).toEqual([
        "content.body.text: must output {{code}}, the verification code, on every path; the sms message " +
          "(locale none) does not",
      ]);
    });

    it.each(["blocked_account", "password_breach"])("is not required in a %s message", async (type) => {
      const body = {
        text: "Logins from {{ user.source_ip }} were blocked",
        voice: "Your account was blocked",
      };
      expect(await failuresOf(provider, { type, content: { body } })).toEqual([]);
    });
  });

  it.each([
    [
      "text",
      "{{ code }} {% if locale %}",
      "content.body.text: line 1, column 12: tag {% if locale %} not closed",
    ],
    ["voice", "{{ code }} {{ pause ", 'content.body.voice: line 1, column 12: output "{{ pause " not closed'],
  ])(
    "names the %s in a Liquid syntax error, with its line and column",
    async (channel, template, expected) => {
      const news = { type: "otp_verify", content: { body: { [channel]: template } } };
      expect(await failuresOf(provider, news)).toEqual([expected]);
    },
  );

  it("names the text in a template that exceeds the rendering budget", async () => {
    const failures = await failuresOf(provider, otp("{{ code }}{% for i in (1..100000000) %}x{% endfor %}"));
    expect(failures).toEqual([
      expect.stringMatching(/^content\.body\.text: allocates more than 100,000 .* at line 1, column 11\)$/),
    ]);
  });

  it("skips values not known yet at preview", async () => {
    expect(await failuresOf(provider, { type: UNKNOWN, content: { body: { text: UNKNOWN } } })).toEqual([]);
    expect(await failuresOf(provider, { type: "otp_verify", content: UNKNOWN })).toEqual([]);
    expect(await failuresOf(provider, { type: "otp_verify", content: { body: UNKNOWN } })).toEqual([]);
  });

  it("checks every type the platform has", () => {
    expect([...PHONE_NOTIFICATION_TYPES].sort()).toEqual(
      ["blocked_account", "change_password", "otp_enroll", "otp_verify", "password_breach"].sort(),
    );
  });

  describe("at preview, once the write check passed", () => {
    let emulator: TenantEmulator;

    beforeAll(async () => {
      emulator = await startEmulator({ rateLimit: false });
    });
    afterAll(() => emulator.close());

    async function previewLines(news: Record<string, unknown>): Promise<string[]> {
      const log = recordingLog();
      const result = await createProvider(emulatorContext(emulator), log).check({}, atPreview(news));
      expect(result.failures).toEqual([]);
      return log.lines;
    }

    it("prints the SMS preview of the text, and none of the voice text", async () => {
      const lines = await previewLines({
        type: "otp_enroll",
        content: { body: { text: "{{ code }} is your code", voice: "Your code is {{ code }}" } },
      });
      expect(lines).toEqual([
        'info: PhoneNotificationTemplate mfa: content.body.text SMS preview: "123456 is your code" (19 characters, GSM-7, 1 segment) ' +
          '[friendly name: placeholder "My Company"]',
      ]);
    });

    it("names the resource in each line, also for two resources of one provider process with the same text", async () => {
      const log = recordingLog();
      const provider = createProvider(emulatorContext(emulator), log);
      const text = `{{ code }} ${"x".repeat(170)}`;
      for (const [name, type] of [
        ["enroll", "otp_enroll"],
        ["verify", "otp_verify"],
      ]) {
        const result = await provider.check({}, atPreview({ type, content: { body: { text } } }, name));
        expect(result.failures).toEqual([]);
      }
      const named = (line: string) =>
        /^(info|warning): PhoneNotificationTemplate (enroll|verify): /.exec(line)?.[2];
      expect(log.lines.map(named)).toEqual(["enroll", "enroll", "verify", "verify"]);
      expect(log.lines[1]).toMatch(
        /^warning: PhoneNotificationTemplate enroll: content\.body\.text needs 2 SMS segments/,
      );
    });

    it("prints no SMS preview for a voice text alone", async () => {
      const lines = await previewLines({ type: "otp_verify", content: { body: { voice: "{{ code }}" } } });
      expect(lines).toEqual([]);
    });

    it("warns about a comparison that can never hold", async () => {
      const text = '{% if locale == "xx-YY" %}Bonjour {% endif %}{{ code }}';
      const lines = await previewLines({ type: "otp_verify", content: { body: { text } } });
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^warning: PhoneNotificationTemplate mfa: content\.body\.text compares locale == "xx-YY" \(line 1\), which is never true: locale is one of /,
        ),
      );
    });

    it("warns that code is not documented in a blocked_account message", async () => {
      const lines = await previewLines({
        type: "blocked_account",
        content: { body: { text: "Blocked: {{ code }}" } },
      });
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^warning: PhoneNotificationTemplate mfa: content\.body\.text uses the variable code, which the platform does not document /,
        ),
      );
    });

    it("warns, on a tenant of the legacy phone set-up, that the template takes effect once the tenant moves", async () => {
      const legacy = await startEmulator({ rateLimit: false, settings: LEGACY_PHONE_SETTINGS });
      try {
        const log = recordingLog();
        const result = await createProvider(emulatorContext(legacy), log).check(
          {},
          atPreview(otp("{{ code }}")),
        );
        expect(result.failures).toEqual([]);
        expect(log.lines[0]).toBe(
          `warning: PhoneNotificationTemplate otp_verify on ${legacy.url}: the tenant still uses the legacy phone ` +
            "set-up (phone_consolidated_experience is false), whose MFA messages are PhoneTemplates; this template " +
            "is stored and takes effect once the tenant moves to the Unified Phone Experience.",
        );
      } finally {
        await legacy.close();
      }
    });

    it("does not warn about code in the messages that send one", async () => {
      const lines = await previewLines(otp("{{ code }}"));
      expect(lines.filter((line) => line.startsWith("warning:"))).toEqual([]);
    });
  });
});
