import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { createProvider } from "../../../src/resources/phoneNotificationTemplate/provider";
import { emulatorContext, recordingLog } from "./support";

const otpVerify = (text: string) => ({ type: "otp_verify", content: { body: { text } } });

describe("PhoneNotificationTemplate at up", () => {
  let emulator: TenantEmulator;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it("refuses a second resource of the program for the same type, naming the tenant once", async () => {
    const provider = createProvider(emulatorContext(emulator), recordingLog());
    await provider.create(otpVerify("{{ code }} is your code"));

    const failure = await provider.create(otpVerify("{{ code }} is another code")).then(
      () => undefined,
      (error: unknown) => error as Error,
    );

    expect(failure?.message).toBe(
      `${emulator.url}: two PhoneNotificationTemplate resources of this program declare the tenant's otp_verify ` +
        "template; a tenant has one template of each type: keep one resource per type.",
    );
    expect(String(failure)).toBe("tenant-admin");
  });
});
