/**
 * `tenant-admin export` of MFA by phone: PhoneMfa and the generation's sender, each with the import option when
 * someone configured it, and each auth token read from stack config, never written into the program (the legacy
 * account's GET answers it in clear).
 */
import { resolveTenantConnection } from "../../../src/client/connection";
import { ManagementClient } from "../../../src/client/managementClient";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { legacyPhoneProviderDocument } from "../../../src/resources/legacyPhoneProvider/api";
import { phoneMfaDocument } from "../../../src/resources/phoneMfa/api";
import { phoneProviderCollection } from "../../../src/resources/phoneProvider/api";
import { collectionExport } from "../../../src/resources/tenantObject/cli/collectionExport";
import { putDocumentExport } from "../../../src/resources/tenantObject/cli/putDocumentExport";

const TOKEN = "twilio-token-in-clear-3e9d";

describe("export of MFA by phone", () => {
  let emulator: TenantEmulator;
  const context = () => ({
    client: new ManagementClient(
      resolveTenantConnection({
        config: { domain: emulator.domain, clientId: emulator.clientId, clientSecret: emulator.clientSecret },
        env: {},
      }),
    ),
    settings: {},
    phoneGeneration: "unified" as const,
  });
  const host = () => new URL(emulator.url).host;

  afterEach(() => emulator.close());

  it("declares a new tenant's MFA by phone without the import option", async () => {
    emulator = await startEmulator({ rateLimit: false });
    const exporter = putDocumentExport(phoneMfaDocument);
    const { snapshot } = await exporter.read(context());
    const { declarations } = exporter.declare(snapshot!, host());
    expect(declarations[0]?.lines.join("\n")).toBe(
      [
        "// The MFA by phone, as the tenant has it.",
        'new PhoneMfa("phoneMfa", {',
        "  enabled: false,",
        "  messageTypes: [],",
        "});",
      ].join("\n"),
    );
  });

  it("declares a legacy tenant's Twilio account with the import option and its token from stack config", async () => {
    emulator = await startEmulator({ rateLimit: false, settings: { phone_consolidated_experience: false } });
    await emulator.tenant.write("PUT", "/guardian/factors/phone/providers/twilio", {
      sid: "AC0123",
      auth_token: TOKEN,
      from: "+15550100",
    });
    const exporter = putDocumentExport(legacyPhoneProviderDocument);
    const { snapshot } = await exporter.read(context());
    const { declarations } = exporter.declare(snapshot!, host());
    const text = declarations[0]?.lines.join("\n") ?? "";
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('authToken: config.requireSecret("legacyPhoneProviderAuthToken")');
    expect(text).toContain(`import: "${host()}/guardian/factors/phone/selected-provider"`);
    expect(text).toMatch(/differs from a new tenant's at twilio/);
    expect(declarations[0]?.secrets).toEqual([
      { key: "legacyPhoneProviderAuthToken", description: "the legacy phone provider's twilio authToken" },
    ]);
  });

  it("declares a new legacy tenant's sender without the account it does not have", async () => {
    emulator = await startEmulator({ rateLimit: false, settings: { phone_consolidated_experience: false } });
    const exporter = putDocumentExport(legacyPhoneProviderDocument);
    const { snapshot } = await exporter.read(context());
    const { declarations } = exporter.declare(snapshot!, host());
    expect(declarations[0]?.lines.join("\n")).toContain(
      'new LegacyPhoneProvider("legacyPhoneProvider", {\n  provider: "auth0",\n});',
    );
    expect(declarations[0]?.secrets).toEqual([]);
  });

  it("skips the legacy sender on a unified tenant, saying why", async () => {
    emulator = await startEmulator({ rateLimit: false });
    const { skipped, snapshot } = await putDocumentExport(legacyPhoneProviderDocument).read(context());
    expect(snapshot).toBeUndefined();
    expect(skipped).toEqual([
      expect.stringMatching(/^legacy phone provider: the tenant uses the Unified Phone/),
    ]);
  });

  it("declares a unified tenant's phone provider with its import value and its token from stack config", async () => {
    emulator = await startEmulator({ rateLimit: false });
    const client = context().client;
    const created = await client.send(phoneProviderCollection.create, {
      body: {
        name: "twilio",
        configuration: { sid: "AC0123", default_from: "+15550100", delivery_methods: ["text"] },
        credentials: { auth_token: TOKEN },
      },
    });
    const exporter = collectionExport(phoneProviderCollection);
    const { snapshot } = await exporter.read(context());
    const { declarations } = exporter.declare(snapshot, host());
    const text = declarations[0]?.lines.join("\n") ?? "";
    const id = (created as { id: string }).id;
    expect(text).toMatch(new RegExp(`import:\\s+"${host()}/branding/phone/providers/${id}"`));
    expect(text.split("\n").every((line) => line.length <= 80)).toBe(true);
    expect(text).toContain('authToken: config.requireSecret("phoneProviderAuthToken")');
    expect(text).toContain('deliveryMethods: ["text"]');
    expect(text).not.toContain(TOKEN);
  });

  it("declares no phone provider for a tenant without one", async () => {
    emulator = await startEmulator({ rateLimit: false });
    const exporter = collectionExport(phoneProviderCollection);
    const read = await exporter.read(context());
    expect(read.skipped).toEqual(["phone provider: the tenant has none"]);
  });
});
