import * as pulumi from "@pulumi/pulumi";

import type { TenantBinding } from "../../../src/engine/binding";
import * as providerContext from "../../../src/engine/providerContext";
import { BotDetection, getTenantSettingsOutput } from "../../../src";

// What happens first in a program's process (wiring, against the SDK's mock monitor): the order is what is
// asserted, never a time.
const happened: string[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        happened.push(`registered ${args.name}`);
        return { id: `${args.name}-id`, state: args.inputs as Record<string, unknown> };
      },
      call: (args) => args.inputs as Record<string, unknown>,
    },
    "project",
    "stack",
    true,
  );
});

afterEach(() => jest.restoreAllMocks());

/** Turns of the event loop until `done`, at most `turns` (an order is awaited, not a time). */
async function until(done: () => boolean, turns = 1000): Promise<void> {
  for (let turn = 0; turn < turns && !done(); turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
}

it("lets the program's registrations leave before getTenantSettings loads its HTTP client", async () => {
  const bind = providerContext.bindProgramTenant;
  jest.spyOn(providerContext, "bindProgramTenant").mockImplementation((tenant) => {
    const binding = bind(tenant);
    const client: TenantBinding["client"] = () => {
      happened.push("client loaded");
      // Nothing is read in this test: the settings stay pending.
      return new Promise(() => undefined);
    };
    return { ...binding, client };
  });
  new BotDetection("bot-detection", { botDetectionLevel: "high" });
  getTenantSettingsOutput({
    fields: ["friendlyName"],
    tenant: { domain: "https://tenant.example.com", apiToken: "token" },
  });
  await until(() => happened.includes("client loaded"));
  expect(happened).toEqual(["registered bot-detection", "client loaded"]);
});
