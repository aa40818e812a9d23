import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { createProvider as createPhoneNotificationProvider } from "../../../src/resources/phoneNotificationTemplate/provider";
import { createProvider as createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplates/provider";
import { liquidEngine } from "../../../src/templates/liquid";
import { LEGACY_PHONE_SETTINGS } from "../../support/tenants";
import { atPreview, emulatorContext, recordingLog } from "./support";

/** Counts the Liquid parses: every template the rules read goes through the one engine's `parse`. */
function countParses() {
  const parse = jest.spyOn(liquidEngine(), "parse");
  return {
    parsed: () => parse.mock.calls.map(([template]) => template).sort(),
    restore: () => parse.mockRestore(),
  };
}

describe("a check at preview reviews each template once", () => {
  let emulator: TenantEmulator;
  let parses: ReturnType<typeof countParses>;

  beforeEach(() => {
    parses = countParses();
  });
  afterEach(() => parses.restore());
  afterAll(() => emulator.close());

  describe("PhoneTemplates", () => {
    beforeAll(async () => {
      emulator = await startEmulator({ rateLimit: false, settings: LEGACY_PHONE_SETTINGS });
    });

    it("parses each message once for its failures, warnings and SMS preview", async () => {
      const log = recordingLog();
      const provider = createPhoneTemplatesProvider(emulatorContext(emulator), log);
      const news = {
        enrollmentMessage: '{% if locale == "fr" %}{{code}} pour vous{% else %}{{code}} for you{% endif %}',
        verificationMessage: "{{code}} verifies {{tenant.name}}",
      };

      expect((await provider.check({}, atPreview(news))).failures).toEqual([]);

      expect(parses.parsed()).toEqual([news.enrollmentMessage, news.verificationMessage].sort());
      expect(log.lines).toEqual([
        'info: PhoneTemplates mfa: enrollmentMessage SMS preview: "123456 for you" (14 characters, GSM-7, 1 segment) [friendly name: placeholder "My Company"]',
        expect.stringMatching(
          /^warning: PhoneTemplates mfa: verificationMessage uses the variable tenant\.name/,
        ),
        'info: PhoneTemplates mfa: verificationMessage SMS preview: "123456 verifies " (16 characters, GSM-7, 1 segment) [friendly name: placeholder "My Company"]',
      ]);
    });

    it("parses them again in the next check", async () => {
      const provider = createPhoneTemplatesProvider(emulatorContext(emulator), recordingLog());
      const news = {
        enrollmentMessage: "{{code}} enrolls you",
        verificationMessage: "{{code}} verifies you",
      };

      await provider.check({}, atPreview(news));
      await provider.check({}, atPreview(news));

      const once = [news.enrollmentMessage, news.verificationMessage];
      expect(parses.parsed()).toEqual([...once, ...once].sort());
    });
  });

  describe("PhoneNotificationTemplate", () => {
    beforeAll(async () => {
      await emulator.close();
      emulator = await startEmulator({ rateLimit: false });
    });

    it("parses its text and its voice text once each", async () => {
      const log = recordingLog();
      const provider = createPhoneNotificationProvider(emulatorContext(emulator), log);
      const body = {
        text: "{{ code }} is your code for {{ friendly_name }}",
        voice: "Your code is {{ code }}. {{ user.nickname }}",
      };

      const result = await provider.check({}, atPreview({ type: "otp_verify", content: { body } }, "verify"));

      expect(result.failures).toEqual([]);
      expect(parses.parsed()).toEqual([body.text, body.voice].sort());
      expect(log.lines).toContainEqual(
        expect.stringMatching(
          /^info: PhoneNotificationTemplate verify: content\.body\.text SMS preview: "123456 is your code for /,
        ),
      );
    });
  });
});
