import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { createCaptchaConfigProvider } from "./support";
import { createProvider as createNotificationProvider } from "../../../src/resources/phoneNotificationTemplate/provider";
import { atPreview, configuredContext, emulatorContext, recordingLog } from "./support";

/** An unsigned JWT with these claims: the write check reads a token's claims without verifying them. */
function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
}

const reasons = (result: { failures?: { reason: string }[] }) => (result.failures ?? []).map((f) => f.reason);

describe("the write check at preview", () => {
  let emulator: TenantEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterAll(() => emulator.close());

  it("names every scope a PhoneNotificationTemplate lacks and the client, from the token", async () => {
    const token = await emulator.issueToken({ scopes: ["read:phone_templates"] });
    const context = emulatorContext(emulator, {
      "tenant-admin:apiToken": token,
      "tenant-admin:clientId": "",
      "tenant-admin:clientSecret": "",
    });
    const news = { type: "otp_verify", content: { body: { text: "{{ code }}" } } };
    emulator.clearRequestLog();
    const result = await createNotificationProvider(context, recordingLog()).check({}, atPreview(news));
    expect(reasons(result)).toEqual([
      `PhoneNotificationTemplate cannot be written to ${emulator.url}: the token of the client ` +
        `${emulator.clientId} lacks the scope create:phone_templates, update:phone_templates. Grant it to the ` +
        "machine-to-machine client (or use a token that has it); nothing was written. Run tenant-admin doctor to " +
        "list every scope each resource needs.",
    ]);
    expect(emulator.requestLog).toEqual([]);
    expect(reasons(result).join("\n")).not.toContain(token);
  });

  it("names an API token that tells no client as the API token", async () => {
    const token = unsignedJwt({ scope: "read:attack_protection" });
    const context = configuredContext({
      "tenant-admin:apiToken": token,
      "tenant-admin:clientId": "",
      "tenant-admin:clientSecret": "",
    });
    const result = await createCaptchaConfigProvider(context).check(
      {},
      atPreview({ activeProviderId: "auth_challenge" }),
    );
    expect(reasons(result)).toEqual([
      "CaptchaConfig cannot be written to http://127.0.0.1:1: the API token lacks the scope " +
        "update:attack_protection. Grant it to the machine-to-machine client (or use a token that has it); " +
        "nothing was written. Run tenant-admin doctor to list every scope each resource needs.",
    ]);
  });
});
