/**
 * MFA by phone on the real engine, on both tenant generations: preview writes nothing, up writes the factor,
 * its channels and the sender, a no-change preview sends the tenant no request from the provider, a refresh
 * shows a change made in the dashboard, a rotated token is an update, destroy resets the factor and deletes (or
 * leaves) the sender; a second stack's create is refused; the token is in no output, log, state or error.
 */
import { changedCount, createTestStack } from "../../scripts/support/stack";
import type { TestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, printedFailure } from "./support/tenantStack";

const PROGRAM = "test/e2e/programs/phone-mfa";
const TOKEN = "twilio-token-e2e-4c1f0a7d";
const ROTATED = "twilio-token-rotated-9b2e55c3";
const TWILIO_ACCOUNT = "/guardian/factors/phone/providers/twilio";
const writes = (calls: string[]) => calls.filter((call) => /^(PATCH|PUT|DELETE|POST \/api)/.test(call));

describe.each(["unified", "legacy"] as const)("MFA by phone on a %s tenant", (generation) => {
  describeWithEngine("one stack's lifecycle", () => {
    let tenant: TenantStack;
    const everything: string[] = [];

    beforeAll(async () => {
      tenant = await createTenantStack({ programDir: PROGRAM, phone: generation });
      await tenant.configure({
        generation: { value: generation },
        channels: { value: '["sms"]' },
        twilioToken: { value: TOKEN, secret: true },
      });
    });

    afterAll(async () => {
      await tenant?.dispose();
    });

    it("previews writing nothing, then up writes the factor before its channels, and the sender", async () => {
      tenant.emulator.clearRequestLog();
      const preview = await tenant.harness.preview();
      expect(preview.changes).toMatchObject({ create: 3 });
      expect(writes(tenant.calls())).toEqual([]);

      await tenant.harness.up();
      const written = writes(tenant.calls());
      expect(written.indexOf("PUT /api/v2/guardian/factors/sms")).toBeLessThan(
        written.indexOf("PUT /api/v2/guardian/factors/phone/message-types"),
      );
      expect(tenant.emulator.tenant.read("/guardian/factors/phone/message-types")).toEqual({
        message_types: ["sms"],
      });
      if (generation === "unified") {
        expect(tenant.emulator.tenant.items("/branding/phone/providers")).toHaveLength(1);
      } else {
        expect(tenant.emulator.tenant.read(TWILIO_ACCOUNT)).toMatchObject({
          auth_token: TOKEN,
          sid: "AC0123",
        });
        expect(tenant.emulator.tenant.read("/guardian/factors/phone/selected-provider")).toEqual({
          provider: "twilio",
        });
      }
    });

    it("has no changes at the next preview, and its provider sends the tenant no request", async () => {
      tenant.emulator.clearRequestLog();
      const again = await tenant.harness.preview({ expectNoChanges: true });
      expect(changedCount(again.changes)).toBe(0);
      expect(tenant.calls().filter((call) => call !== "POST /oauth/token")).toEqual([]);
    });

    it("shows a channel changed in the dashboard at refresh, and up puts the declared one back", async () => {
      await tenant.emulator.tenant.write("PUT", "/guardian/factors/phone/message-types", {
        message_types: ["voice"],
      });
      const refreshed = await tenant.harness.preview({ refresh: true });
      expect(refreshed.changes).toMatchObject({ update: 1 });
      expect(refreshed.stdout).toMatch(/messageTypes/);
      await tenant.harness.refresh();
      await tenant.harness.up();
      expect(tenant.emulator.tenant.read("/guardian/factors/phone/message-types")).toEqual({
        message_types: ["sms"],
      });
    });

    if (generation === "legacy") {
      it("shows a token changed in the dashboard at refresh as a change of the account, printing neither", async () => {
        await tenant.emulator.tenant.write("PUT", TWILIO_ACCOUNT, {
          sid: "AC0123",
          auth_token: "changed-in-the-dashboard",
          from: "+15550100",
        });
        const refreshed = await tenant.harness.preview({ refresh: true });
        expect(refreshed.changes).toMatchObject({ update: 1 });
        expect(refreshed.stdout).not.toContain("changed-in-the-dashboard");
        expect(refreshed.stdout).not.toContain(TOKEN);
        everything.push(refreshed.stdout);
        everything.push(await tenant.harness.refresh());
        await tenant.harness.up();
        expect(tenant.emulator.tenant.read(TWILIO_ACCOUNT)).toMatchObject({ auth_token: TOKEN });
      });
    }

    it("rotates the token as one update in place", async () => {
      await tenant.configure({ twilioToken: { value: ROTATED, secret: true } });
      tenant.emulator.clearRequestLog();
      const preview = await tenant.harness.preview();
      expect(preview.changes).toMatchObject({ update: 1 });
      expect(preview.stdout).not.toContain(ROTATED);
      everything.push(preview.stdout);
      tenant.emulator.clearRequestLog();
      await tenant.harness.up();
      expect(writes(tenant.calls())).toEqual([
        generation === "unified"
          ? expect.stringMatching(/^PATCH \/api\/v2\/branding\/phone\/providers\/\S+$/)
          : `PUT /api/v2${TWILIO_ACCOUNT}`,
      ]);
      if (generation === "legacy") {
        expect(tenant.emulator.tenant.read(TWILIO_ACCOUNT)).toMatchObject({ auth_token: ROTATED });
      }
    });

    it("reads the factor, the channels, the generation and the sender with getPhoneMfa, no credential", async () => {
      await tenant.configure({ readBack: { value: "true" } });
      const outputs = await tenant.harness.up();
      await tenant.unconfigure("readBack");
      expect(outputs.read?.value).toMatchObject({
        enabled: true,
        messageTypes: ["sms"],
        generation,
        provider: {
          kind: generation === "unified" ? "PhoneProvider" : "LegacyPhoneProvider",
          provider: "twilio",
        },
      });
      expect(JSON.stringify(outputs.read?.value)).not.toContain(ROTATED);
      expect(outputs.senderTwilio?.secret).toBe(true);
    });

    it("keeps the token out of the state file as plaintext and out of everything printed", async () => {
      const state = await tenant.harness.exportState();
      expect(state).not.toContain(TOKEN);
      expect(state).not.toContain(ROTATED);
      const printed = [...tenant.harness.output, ...everything].join("\n");
      expect(printed).not.toContain(TOKEN);
      expect(printed).not.toContain(ROTATED);
    });

    it("destroys: the factor back off with no channel, and the sender deleted (unified) or left (legacy)", async () => {
      await tenant.harness.destroy();
      expect(tenant.emulator.tenant.read("/guardian/factors/phone/message-types")).toEqual({
        message_types: [],
      });
      const factors = tenant.emulator.tenant.read("/guardian/factors") as {
        name: string;
        enabled: boolean;
      }[];
      expect(factors.find((factor) => factor.name === "sms")?.enabled).toBe(false);
      if (generation === "unified")
        expect(tenant.emulator.tenant.items("/branding/phone/providers")).toEqual([]);
      else expect(tenant.emulator.tenant.read(TWILIO_ACCOUNT)).toMatchObject({ auth_token: ROTATED });
    });
  });
});

describeWithEngine("a second stack on a unified tenant that has a phone provider", () => {
  let first: TenantStack;
  let second: TestStack;

  beforeAll(async () => {
    first = await createTenantStack({ programDir: PROGRAM });
    await first.configure({
      generation: { value: "unified" },
      channels: { value: '["sms"]' },
      twilioToken: { value: TOKEN, secret: true },
    });
    await first.harness.up();
    second = await createTestStack({
      programDir: PROGRAM,
      stackName: "second",
      config: {
        "tenant-admin:domain": { value: first.emulator.domain },
        "tenant-admin:clientId": { value: first.emulator.clientId },
        "tenant-admin:clientSecret": { value: first.emulator.clientSecret, secret: true },
        "e2e:generation": { value: "unified" },
        "e2e:channels": { value: '["sms", "voice"]' },
        "e2e:twilioToken": { value: ROTATED, secret: true },
      },
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
    });
  });

  afterAll(async () => {
    await second?.dispose();
    await first?.dispose();
  });

  it("refuses the second stack's preview, naming the import value, writing nothing and printing no token", async () => {
    first.emulator.clearRequestLog();
    const printed = await printedFailure(second, () => second.preview());
    // The engine stops at the first refused check: either singleton names what is someone's and its import.
    expect(printed).toMatch(
      /cannot be created on .*: the tenant already has a (configured MFA by phone|custom phone provider)/,
    );
    expect(printed).toMatch(
      /import: "127\.0\.0\.1:\d+\/(guardian\/factors\/sms|branding\/phone\/providers\/\S+)"/,
    );
    expect(printed).not.toContain(TOKEN);
    expect(printed).not.toContain(ROTATED);
    expect(writes(first.calls())).toEqual([]);
  });
});
