import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { createProvider } from "../../../src/resources/phoneTemplates/provider";
import { textProblem } from "../../../src/resources/tenantObject/inputs";
import { LEGACY_PHONE_SETTINGS } from "../../support/tenants";
import { emulatorContext, recordingLog } from "./support";

const messages = { enrollmentMessage: "{{code}} enrol", verificationMessage: "{{code}} verify" };

describe("text the Pulumi engine cannot carry (issue 24, case 4)", () => {
  it.each<[string, unknown, string | undefined]>([
    ["well-formed text, a surrogate pair included", { a: ["x😀y"] }, undefined],
    ["a lone high surrogate", { a: ["ok", "x\ud800y"] }, "a[1] (character 2)"],
    ["a lone low surrogate", { b: { c: "\udc00" } }, "b.c (character 1)"],
    ["a lone surrogate in a key", { ["k\ud800"]: 1 }, "k\ud800 (character 2)"],
  ])("finds %s", (_case, value, expected) => {
    expect(textProblem(value)).toBe(expected);
  });

  describe("on refresh, when the tenant holds one", () => {
    let emulator: TenantEmulator;

    beforeAll(async () => {
      emulator = await startEmulatorFor();
    });
    afterAll(() => closeAll());

    it("fails in one line naming the tenant, the object and the field, instead of breaking the engine", async () => {
      const provider = createProvider(emulatorContext(emulator), recordingLog());
      const created = await provider.create(messages);
      await emulator.tenant.write("PUT", getPhoneTemplates.path, {
        enrollment_message: "{{code}} enrol",
        verification_message: "{{code}} \ud800 broken",
      });
      const failure = await provider.read(created.id, created.outs).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+: what the tenant returned for the phone templates holds text the Pulumi engine cannot carry at verification_?[mM]essage \(character 10\); fix it on the tenant/,
      );
      expect(failure?.message).not.toContain("\n");
    });
  });
});

const started: TenantEmulator[] = [];
async function startEmulatorFor(): Promise<TenantEmulator> {
  const emulator = await startEmulator({ rateLimit: false, settings: LEGACY_PHONE_SETTINGS });
  started.push(emulator);
  return emulator;
}
async function closeAll(): Promise<void> {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
}
