import type { ConfigMap } from "@pulumi/pulumi/automation";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { legacyPhoneTenant } from "../../scripts/support/namedTenant";
import { describeWithEngine } from "./support/engine";
import type { RecordingProxy } from "./support/recordingProxy";
import { startRecordingProxy } from "./support/recordingProxy";
import { tenantData } from "./support/tenantData";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount, createTestStack } from "../../scripts/support/stack";

const hcaptchaSecret = "hc-secret-binding-6e2a91";
const enrollment = "{{code}} enrolls you at A";
const verification = "{{code}} verifies you";

/** The program's own settings: a CaptchaConfig and PhoneTemplates. */
const declared: ConfigMap = {
  "e2e:activeProviderId": { value: "hcaptcha" },
  "e2e:hcaptchaSiteKey": { value: "site-key-binding" },
  "e2e:hcaptchaSecret": { value: hcaptchaSecret, secret: true },
  "e2e:enrollmentMessage": { value: enrollment },
  "e2e:verificationMessage": { value: verification },
};

type Source = "environment" | "stack config" | "tenant argument";

/**
 * Points the stack at `url` with `emulator`'s credentials, the way a user would for each source. The
 * audience is the emulator's own, since `url` may be the recording listener in front of it.
 */
async function pointAt(harness: TestStack, source: Source, url: string, emulator: TenantEmulator) {
  const env = harness.stack.workspace.envVars;
  switch (source) {
    case "environment":
      Object.assign(env, {
        AUTH0_DOMAIN: url,
        AUTH0_CLIENT_ID: emulator.clientId,
        AUTH0_CLIENT_SECRET: emulator.clientSecret,
        AUTH0_AUDIENCE: emulator.audience,
      });
      return;
    case "stack config":
      await harness.stack.setAllConfig({
        "tenant-admin:domain": { value: url },
        "tenant-admin:clientId": { value: emulator.clientId },
        "tenant-admin:clientSecret": { value: emulator.clientSecret, secret: true },
        "tenant-admin:audience": { value: emulator.audience },
      });
      return;
    case "tenant argument":
      await harness.stack.setAllConfig({
        "e2e:tenantDomain": { value: url },
        "e2e:tenantClientId": { value: emulator.clientId },
        "e2e:tenantClientSecret": { value: emulator.clientSecret, secret: true },
        "e2e:tenantAudience": { value: emulator.audience },
      });
      return;
  }
}

const writes = (emulator: TenantEmulator) =>
  emulator.requestLog.filter((entry) => /^(PATCH|PUT)$/.test(entry.method));

const SOURCES: readonly Source[] = ["environment", "stack config", "tenant argument"];

for (const source of SOURCES) {
  describeWithEngine(`moving a stack from tenant A to tenant B through the ${source}`, () => {
    let tenantA: TenantEmulator;
    let tenantB: TenantEmulator;
    let listenerA: RecordingProxy;
    let harness: TestStack;

    beforeAll(async () => {
      tenantA = await startEmulator(legacyPhoneTenant({ rateLimit: false }));
      tenantB = await startEmulator(legacyPhoneTenant({ rateLimit: false }));
      listenerA = await startRecordingProxy(tenantA.url);
      harness = await createTestStack({
        programDir: "test/e2e/programs/tenant",
        config: declared,
        env: {
          PULUMI_NODEJS_TRANSPILE_ONLY: "true",
          AUTH0_DOMAIN: "",
          AUTH0_CLIENT_ID: "",
          AUTH0_CLIENT_SECRET: "",
          AUTH0_API_TOKEN: "",
          AUTH0_AUDIENCE: "",
        },
      });
      await pointAt(harness, source, listenerA.url, tenantA);
    });

    afterAll(async () => {
      await harness?.dispose();
      await listenerA?.close();
      await tenantA?.close();
      await tenantB?.close();
    });

    it("writes tenant A on the first up", async () => {
      await harness.up();
      expect(tenantData(tenantA).phoneTemplates().enrollment_message).toBe(enrollment);
      expect(tenantData(tenantA).captchaWithSecrets()).toMatchObject({
        hcaptcha: { secret: hcaptchaSecret },
      });
      expect(writes(tenantB)).toEqual([]);
    });

    it("previews the switch to B as a replace naming both tenants, without contacting A with B's credentials", async () => {
      await pointAt(harness, source, tenantB.url, tenantB);
      listenerA.received.length = 0;
      tenantA.clearRequestLog();
      const { changes, stdout } = await harness.preview();
      expect(changes).toMatchObject({ replace: 2 });
      expect(stdout).toContain(listenerA.url);
      expect(stdout).toContain(tenantB.url);
      expect(writes(tenantA)).toEqual([]);
      expect(writes(tenantB)).toEqual([]);
      expect(listenerA.text()).not.toContain(tenantB.clientSecret);
    });

    if (source === "environment") {
      it("refreshes without contacting A and says once that A is left as it was", async () => {
        listenerA.received.length = 0;
        const printedBefore = harness.output.length;
        await harness.refresh();
        expect(listenerA.received).toEqual([]);
        const printed = harness.output.slice(printedBefore).join("\n");
        expect(printed).toMatch(
          /PhoneTemplates on http:\/\/127\.0\.0\.1:\d+ was not refreshed: the stack's tenant is now http:\/\/127\.0\.0\.1:\d+, and no credentials are configured for http:\/\/127\.0\.0\.1:\d+; that tenant is left as it was/,
        );
        expect(printed).not.toContain(tenantB.clientSecret);
      });
    } else {
      // Refresh does not run the program: the engine configures providers as the state recorded them, so
      // the old stack config (A's domain and A's credentials) reads A. B's credentials stay away from A.
      it("refreshes A only with A's own credentials", async () => {
        listenerA.received.length = 0;
        await harness.refresh();
        expect(listenerA.text()).not.toContain(tenantB.clientSecret);
        expect(listenerA.text()).not.toContain(tenantB.clientId);
        for (const entry of listenerA.received.filter((request) => request.url === "/oauth/token")) {
          expect(JSON.parse(entry.body)).toMatchObject({
            client_id: tenantA.clientId,
            client_secret: tenantA.clientSecret,
          });
        }
      });
    }

    it("writes B on up and never sends B's credentials to A", async () => {
      listenerA.received.length = 0;
      const printedBefore = harness.output.length;
      const outputs = await harness.up();
      expect(outputs.captchaDomain?.value).toBe(tenantB.url);
      expect(tenantData(tenantB).phoneTemplates().enrollment_message).toBe(enrollment);
      expect(tenantData(tenantB).captchaWithSecrets()).toMatchObject({
        active_provider_id: "hcaptcha",
        hcaptcha: { site_key: "site-key-binding", secret: hcaptchaSecret },
      });
      expect(listenerA.text()).not.toContain(tenantB.clientSecret);
      expect(listenerA.text()).not.toContain(tenantB.clientId);
      const printed = harness.output.slice(printedBefore).join("\n");
      if (source === "tenant argument") {
        // The state's own tenant argument holds A's credentials: the replaced templates are reset on A.
        expect(listenerA.received.map((entry) => `${entry.method} ${entry.url}`)).toContain(
          "PUT /api/v2/guardian/factors/phone/templates",
        );
        expect(tenantData(tenantA).phoneTemplates().enrollment_message).not.toBe(enrollment);
      } else {
        expect(listenerA.received).toEqual([]);
        expect(tenantData(tenantA).phoneTemplates().enrollment_message).toBe(enrollment);
        expect(printed).toMatch(/PhoneTemplates on http:\/\/127\.0\.0\.1:\d+ was not deleted/);
      }
      expect(printed).not.toContain(hcaptchaSecret);
    });

    it("previews no changes on B afterwards", async () => {
      const { changes } = await harness.preview();
      expect(changedCount(changes)).toBe(0);
    });
  });
}
