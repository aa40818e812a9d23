import closureSerializedProviders from "./fixtures/closureSerializedProviders.json";

import { changedCount } from "../../scripts/support/stack";
import { DEFAULT_PHONE_TEMPLATES } from "../../src/resources/phoneTemplates/api";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { bothResourcesConfig, createTenantStack } from "./support/tenantStack";

// What version 0.1.0 stored as each resource's provider: Pulumi's closure serialization of a stub that loads
// `pulumi-tenant-admin/provider` by name (recorded from that build with `pulumi.runtime.serializeFunction`).
const LEGACY_PROVIDERS: Record<string, string> = {
  "pulumi-nodejs:dynamic/tenant-admin:CaptchaConfig": closureSerializedProviders.captchaConfig,
  "pulumi-nodejs:dynamic/tenant-admin:PhoneTemplates": closureSerializedProviders.phoneTemplates,
};

interface StateResource {
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

describeWithEngine("a stack whose state holds the closure-serialized providers of version 0.1.0", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ phone: "legacy" });
    await tenant.configure(bothResourcesConfig("upgrade"));
    await tenant.harness.up();
    const { stack } = tenant.harness;
    const state = await stack.exportStack();
    const resources = (state.deployment as { resources: StateResource[] }).resources;
    let rewritten = 0;
    for (const resource of resources) {
      const legacy = LEGACY_PROVIDERS[resource.type];
      if (legacy === undefined) continue;
      for (const properties of [resource.inputs, resource.outputs]) {
        if (properties !== undefined && "__provider" in properties) properties["__provider"] = legacy;
      }
      rewritten += 1;
    }
    if (rewritten !== 2)
      throw new Error(`expected two resources of this package in state, found ${rewritten}`);
    await stack.importStack(state);
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("previews no changes with this version", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();

    expect(changedCount(changes)).toBe(0);
  });

  it("refreshes through the stored providers and finds the tenant as declared", async () => {
    tenant.emulator.clearRequestLog();
    await tenant.harness.refresh();

    expect(tenant.calls()).toEqual(
      expect.arrayContaining([
        "GET /api/v2/attack-protection/captcha",
        "GET /api/v2/guardian/factors/phone/templates",
      ]),
    );
    const { changes } = await tenant.harness.preview();
    expect(changedCount(changes)).toBe(0);
  });

  it("destroys through the stored providers: the tenant's phone templates are the defaults again", async () => {
    await tenant.harness.destroy();

    expect(tenant.data.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
  });
});
