import type * as pulumi from "@pulumi/pulumi";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { DEFAULT_PHONE_TEMPLATES, getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { createProvider } from "../../../src/resources/phoneTemplates/provider";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";
import { LEGACY_PHONE_SETTINGS } from "../../support/tenants";
import { emulatorContext, recordingLog } from "./support";

const messages = { enrollmentMessage: "{{code}} enrol", verificationMessage: "{{code}} verify" };

/** A tenant that moves to the Unified Phone Experience while a stack manages its legacy templates. */
describe("PhoneTemplates on a tenant that moved to the Unified Phone Experience after create", () => {
  let emulator: TenantEmulator;
  let provider: ReturnType<typeof createProvider>;
  let log: ReturnType<typeof recordingLog>;
  let created: pulumi.dynamic.CreateResult;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, settings: LEGACY_PHONE_SETTINGS });
    log = recordingLog();
    provider = createProvider(emulatorContext(emulator), log);
    created = await provider.create(messages);
    expect(emulator.tenant.read(getPhoneTemplates.path)).toMatchObject({
      enrollment_message: "{{code}} enrol",
    });
    await emulator.tenant.write("PATCH", getTenantSettings.path, { phone_consolidated_experience: true });
  });
  afterEach(() => emulator.close());

  it("fails an update naming the experience and the resource to use, in one line", async () => {
    const failure = await provider
      .update(created.id, created.outs, { ...messages, verificationMessage: "{{code}} new" })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String((failure as Error).message)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+: the tenant uses the Unified Phone Experience \(its tenant setting phone_consolidated_experience is true\), .*Declare PhoneNotificationTemplate resources of type otp_enroll and otp_verify instead/,
    );
    expect((failure as Error).message).not.toContain("\n");
  });

  it("deletes without failing, writes nothing and says why in one warning line", async () => {
    emulator.clearRequestLog();
    await expect(provider.delete(created.id, created.outs)).resolves.toBeUndefined();
    expect(log.lines).toEqual([
      expect.stringMatching(
        /^warning: PhoneTemplates on http:\/\/127\.0\.0\.1:\d+: the tenant now uses the Unified Phone Experience, where the legacy templates are no longer used; nothing was put back\.$/,
      ),
    ]);
    await emulator.tenant.write("PATCH", getTenantSettings.path, { phone_consolidated_experience: false });
    expect(emulator.tenant.read(getPhoneTemplates.path)).not.toEqual(DEFAULT_PHONE_TEMPLATES);
  });
});
