/**
 * MFA by phone's three resources on the emulator, through their providers as the registry makes them: PhoneMfa
 * (a PUT-replace document over two pairs, both generations), LegacyPhoneProvider (a PUT-replace document on a
 * legacy tenant) and PhoneProvider (a one-per-tenant collection on a unified tenant).
 */
import type * as pulumi from "@pulumi/pulumi";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { legacyPhoneProviderDocument } from "../../../src/resources/legacyPhoneProvider/api";
import { phoneMfaDocument } from "../../../src/resources/phoneMfa/api";
import { phoneProviderCollection } from "../../../src/resources/phoneProvider/api";
import { collectionProvider } from "../../../src/resources/tenantObject/provider/collection";
import { putDocumentProvider } from "../../../src/resources/tenantObject/provider/putDocument";
import { atPreview, emulatorContext, failuresOf } from "./support";

type Provider = Required<pulumi.dynamic.ResourceProvider>;

const LEGACY = { settings: { phone_consolidated_experience: false } };
const TOKEN = "twilio-auth-token-value-1";
const TWILIO = { sid: "AC0123", authToken: TOKEN, defaultFrom: "+15550100" };

function calls(emulator: TenantEmulator): string[] {
  return emulator.requestLog
    .filter((entry) => entry.path !== "/oauth/token")
    .map((entry) => `${entry.method} ${entry.path.replace(/^\/api\/v2/, "")}`);
}

describe("PhoneMfa", () => {
  let emulator: TenantEmulator;
  const provider = (): Provider => putDocumentProvider(emulatorContext(emulator), phoneMfaDocument);

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it("switches the factor on before it writes the channels, and reads both back as declared", async () => {
    const declared = { enabled: true, messageTypes: ["voice", "sms"] };
    expect(await failuresOf(provider(), atPreview(declared))).toEqual([]);
    emulator.clearRequestLog();
    const { id, outs } = await provider().create(declared);
    expect(calls(emulator).filter((call) => call.startsWith("PUT"))).toEqual([
      "PUT /guardian/factors/sms",
      "PUT /guardian/factors/phone/message-types",
    ]);
    expect(id).toMatch(/\/guardian\/factors\/sms$/);
    // The channels in another order than the tenant's are the same set.
    const read = await provider().read(id, outs);
    expect(read.props).toMatchObject(declared);
    expect(read.inputs).toBeUndefined();
  });

  it("refuses a factor someone switched on, naming what differs and the import value", async () => {
    const factors = emulator.tenant.read("/guardian/factors") as { name: string; enabled: boolean }[];
    await emulator.tenant.seed(
      "/guardian/factors",
      factors.map((f) => ({ ...f, enabled: f.name === "sms" })) as never,
    );
    const [failure] = await failuresOf(provider(), atPreview({ messageTypes: ["sms"] }, "second"));
    expect(failure).toMatch(/configured MFA by phone \(it differs from a new tenant's at enabled\)/);
    expect(failure).toMatch(/import: "127\.0\.0\.1:\d+\/guardian\/factors\/sms"/);
  });

  it("adopts a factor someone switched on with import, and refuses an import that differs, naming the member", async () => {
    const factors = emulator.tenant.read("/guardian/factors") as { name: string; enabled: boolean }[];
    await emulator.tenant.seed(
      "/guardian/factors",
      factors.map((f) => ({ ...f, enabled: f.name === "sms" })) as never,
    );
    const importId = `${new URL(emulator.url).host}/guardian/factors/sms`;
    emulator.clearRequestLog();
    const adopted = await provider().create({ enabled: true, importId });
    expect(adopted.outs).toMatchObject({ enabled: true });
    expect(calls(emulator).filter((call) => !call.startsWith("GET"))).toEqual([]);
    expect(await failuresOf(provider(), atPreview({ enabled: false, importId }, "mismatch"))).toEqual([
      expect.stringMatching(
        /importId: cannot import: the tenant's MFA by phone differs from the program at enabled/,
      ),
    ]);
  });

  it("refuses a channel that is not sms or voice, a channel named twice and a snake_case name", async () => {
    expect(await failuresOf(provider(), { messageTypes: ["sms", "email"] })).toEqual([
      expect.stringMatching(/messageTypes\[1\]: must be one of: sms, voice/),
    ]);
    expect(await failuresOf(provider(), { messageTypes: ["sms", "sms"] })).toEqual([
      expect.stringMatching(/messageTypes: must name each channel once/),
    ]);
    expect((await failuresOf(provider(), { message_types: ["sms"] })).join()).toMatch(
      /did you mean messageTypes/,
    );
  });

  it("leaves MFA as it is at destroy, and on resetOnDelete writes the channels back before the factor", async () => {
    const { id, outs } = await provider().create({ enabled: true, messageTypes: ["sms"] });
    emulator.clearRequestLog();
    await provider().delete(id, outs);
    expect(calls(emulator).filter((call) => call.startsWith("PUT"))).toEqual([]);
    await provider().delete(id, { ...outs, resetOnDelete: true });
    expect(calls(emulator).filter((call) => call.startsWith("PUT"))).toEqual([
      "PUT /guardian/factors/phone/message-types",
      "PUT /guardian/factors/sms",
    ]);
    expect(emulator.tenant.read("/guardian/factors/phone/message-types")).toEqual({ message_types: [] });
  });
});

describe("LegacyPhoneProvider", () => {
  let emulator: TenantEmulator;
  const provider = (): Provider =>
    putDocumentProvider(emulatorContext(emulator), legacyPhoneProviderDocument);
  const account = { sid: "AC0123", authToken: TOKEN, from: "+15550100" };

  afterEach(() => emulator.close());

  it("writes the whole account before selecting Twilio, and sees a token changed in the dashboard", async () => {
    emulator = await startEmulator({ rateLimit: false, ...LEGACY });
    const { id, outs } = await provider().create({ provider: "twilio", twilio: account });
    expect(emulator.tenant.read("/guardian/factors/phone/providers/twilio")).toEqual({
      auth_token: TOKEN,
      sid: "AC0123",
      from: "+15550100",
      messaging_service_sid: null,
    });
    expect((await provider().read(id, outs)).inputs).toBeUndefined();
    await emulator.tenant.write("PUT", "/guardian/factors/phone/providers/twilio", {
      sid: "AC0123",
      auth_token: "changed-in-the-dashboard",
      from: "+15550100",
    });
    const refreshed = await provider().read(id, outs);
    expect(refreshed.inputs).toMatchObject({ twilio: { ...account, authToken: "changed-in-the-dashboard" } });
  });

  it("leaves the sender at destroy, and on resetOnDelete selects auth0 and then clears the account", async () => {
    emulator = await startEmulator({ rateLimit: false, ...LEGACY });
    const { id, outs } = await provider().create({ provider: "twilio", twilio: account });
    emulator.clearRequestLog();
    await provider().delete(id, outs);
    expect(calls(emulator).filter((call) => call.startsWith("PUT"))).toEqual([]);
    await provider().delete(id, { ...outs, resetOnDelete: true });
    expect(calls(emulator).filter((call) => call.startsWith("PUT"))).toEqual([
      "PUT /guardian/factors/phone/selected-provider",
      "PUT /guardian/factors/phone/providers/twilio",
    ]);
    expect(emulator.tenant.read("/guardian/factors/phone/selected-provider")).toEqual({ provider: "auth0" });
    expect(emulator.tenant.read("/guardian/factors/phone/providers/twilio")).toMatchObject({
      auth_token: null,
      sid: null,
    });
  });

  it("fails the preview on a unified tenant in one line that points to PhoneProvider, writing nothing", async () => {
    emulator = await startEmulator({ rateLimit: false });
    const failures = await failuresOf(provider(), atPreview({ provider: "auth0" }));
    expect(failures).toEqual([
      expect.stringMatching(/Unified Phone Experience.*Declare PhoneProvider instead/),
    ]);
    expect(failures.join()).not.toContain("\n");
    expect(calls(emulator).filter((call) => !call.startsWith("GET"))).toEqual([]);
  });
});

describe("PhoneProvider", () => {
  let emulator: TenantEmulator;
  const provider = (): Provider => collectionProvider(emulatorContext(emulator), phoneProviderCollection);
  const declared = { provider: "twilio", deliveryMethods: ["text"], twilio: TWILIO };

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it("creates the tenant's provider, keeps the token it never answers, and rotates it with one PATCH", async () => {
    expect(await failuresOf(provider(), atPreview(declared))).toEqual([]);
    const { id, outs } = await provider().create(declared);
    expect(outs.memberId).toMatch(/.+/);
    expect(id).toBe(`${new URL(emulator.url).host}/branding/phone/providers/${outs.memberId}`);
    expect((await provider().read(id, outs)).inputs).toBeUndefined();
    emulator.clearRequestLog();
    const rotated = { ...declared, twilio: { ...TWILIO, authToken: "rotated-token" } };
    const diff = await provider().diff(id, outs, rotated);
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toEqual([]);
    await provider().update(id, outs, rotated);
    expect(calls(emulator).filter((call) => !call.startsWith("GET"))).toEqual([
      `PATCH /branding/phone/providers/${outs.memberId}`,
    ]);
  });

  it("refuses a second provider at preview, naming the first one's import value", async () => {
    const { outs } = await provider().create(declared);
    const [failure] = await failuresOf(provider(), atPreview(declared, "second"));
    expect(failure).toContain(`/branding/phone/providers/${outs.memberId}`);
    expect(failure).toMatch(/already has a custom phone provider/);
  });

  it("refuses twilio without exactly one sender, naming both, and a token in no message", async () => {
    const both = { ...declared, twilio: { ...TWILIO, messagingServiceSid: "MG1" } };
    const neither = { ...declared, twilio: { sid: "AC0123", authToken: TOKEN } };
    for (const news of [both, neither]) {
      const failures = await failuresOf(provider(), news);
      expect(failures).toEqual([
        expect.stringMatching(/twilio: needs exactly one of defaultFrom and messagingServiceSid/),
      ]);
      expect(failures.join()).not.toContain(TOKEN);
    }
  });

  it("refuses a Twilio account on a custom provider, and a provider without its required members", async () => {
    expect(await failuresOf(provider(), { ...declared, provider: "custom" })).toEqual([
      expect.stringMatching(/twilio: is for provider twilio/),
    ]);
    expect(await failuresOf(provider(), { twilio: TWILIO })).toEqual([
      expect.stringMatching(/provider: is required/),
      expect.stringMatching(/deliveryMethods: is required/),
    ]);
  });

  it("adopts the tenant's provider with import, holding no token, so the next up writes the declared one", async () => {
    const client = provider();
    const { outs: made } = await client.create(declared);
    const importId = `${new URL(emulator.url).host}/branding/phone/providers/${made.memberId}`;
    const adopted = await provider().create({ ...declared, importId });
    expect(adopted.outs.twilio).not.toHaveProperty("authToken");
    const diff = await provider().diff(adopted.id, adopted.outs, declared);
    expect(diff.changes).toBe(true);
    emulator.clearRequestLog();
    await provider().update(adopted.id, adopted.outs, declared);
    expect(calls(emulator).filter((call) => !call.startsWith("GET"))).toEqual([
      `PATCH /branding/phone/providers/${made.memberId}`,
    ]);
  });

  it("deletes the provider it created at destroy, and the tenant lists none", async () => {
    const { id, outs } = await provider().create(declared);
    await provider().delete(id, outs);
    expect(emulator.tenant.items("/branding/phone/providers")).toEqual([]);
  });

  it("fails the preview on a legacy tenant, pointing to LegacyPhoneProvider", async () => {
    await emulator.close();
    emulator = await startEmulator({ rateLimit: false, ...LEGACY });
    expect(await failuresOf(provider(), atPreview(declared))).toEqual([
      expect.stringMatching(/legacy phone set-up.*Declare LegacyPhoneProvider instead/),
    ]);
  });
});
