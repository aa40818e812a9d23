import { startEmulator } from "../../../src/emulator";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { createProvider } from "../../../src/resources/phoneTemplates/provider";
import { textProblem } from "../../../src/resources/tenantObject/inputs";
import { LEGACY_PHONE_SETTINGS } from "../../support/tenants";
import { emulatorContext, recordingLog } from "./support";

describe("text the Pulumi engine cannot carry (issue 24, case 4)", () => {
  it.each<[string, unknown, string | undefined]>([
    ["well-formed text, a surrogate pair included", { a: ["x😀y"] }, undefined],
    ["a lone high surrogate", { a: ["ok", "x\ud800y"] }, "a[1] (character 2)"],
    ["a lone low surrogate", { b: { c: "\udc00" } }, "b.c (character 1)"],
    ["a lone surrogate in a key", { ["k\ud800"]: 1 }, "k\ud800 (character 2)"],
  ])("is found in %s", (_case, value, expected) => {
    expect(textProblem(value)).toBe(expected);
  });

  it("fails a refresh in one line naming the property and the character, instead of breaking the engine", async () => {
    const emulator = await startEmulator({ rateLimit: false, settings: LEGACY_PHONE_SETTINGS });
    try {
      // A lone UTF-16 surrogate, which no UTF-8 wire (the engine's gRPC) can carry.
      await emulator.tenant.write("PUT", getPhoneTemplates.path, {
        enrollment_message: "{{code}} \ud800",
        verification_message: "{{code}}",
      });
      const provider = createProvider(emulatorContext(emulator), recordingLog());
      const state = { enrollmentMessage: "{{code}}", verificationMessage: "{{code}}", domain: emulator.url };
      const failure = await provider.read("id", state).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toBe(
        `${emulator.url}: the tenant's phone templates: text the Pulumi engine cannot carry at enrollmentMessage ` +
          "(character 10); fix it on the tenant (its dashboard or the management API), then run the command " +
          "again.",
      );
      expect(String(failure)).toBe("tenant-admin");
    } finally {
      await emulator.close();
    }
  });
});
