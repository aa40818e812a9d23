import fc from "fast-check";

import { createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplates";
import { DEFAULT_PHONE_TEMPLATES } from "../../../src/wire";
import { UNKNOWN, configuredContext, failuresOf } from "./support";

const provider = createPhoneTemplatesProvider(configuredContext());
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
      "enrollmentMessage: must contain the verification code variable {{code}}",
    ],
    [
      "an unknown variable",
      { ...valid, verificationMessage: "{{code}} {{user.name}}" },
      "verificationMessage: uses the unknown variable {{user.name}}",
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

  it("never throws on random messages, and accepts exactly those with {{code}} and known variables", async () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom("{{code}}", "{{ code }}", "{{tenant.friendly_name}}", "{{other}}", "{{", "}}"),
    );
    const message = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        const failures = await failuresOf(provider, { ...valid, enrollmentMessage: text });
        const variables = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]);
        const acceptable =
          text.trim() !== "" &&
          variables.includes("code") &&
          variables.every((v) => v === "code" || v === "tenant.friendly_name");
        expect(failures.length === 0).toBe(acceptable);
      }),
      { numRuns: 300 },
    );
  });
});
