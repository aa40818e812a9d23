import * as pulumi from "@pulumi/pulumi";

import * as processClients from "../../../src/engine/processClients";
import type { ManagementClient } from "../../../src/client/managementClient";
import { BotDetection, getAttackProtectionOutput, getTenantSettingsOutput } from "../../../src";

// What happens first in a program's process (wiring, against the SDK's mock monitor): the order is what is
// asserted, never a time.
let happened: string[] = [];
/** While set, the mock engine answers a registration only once it resolves: the resource is being written. */
let writing: Promise<void> | undefined;

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: async (args) => {
        happened.push(`registered ${args.name}`);
        if (writing !== undefined) {
          await writing;
          happened.push(`wrote ${args.name}`);
        }
        return { id: `${args.name}-id`, state: args.inputs as Record<string, unknown> };
      },
      call: (args) => args.inputs as Record<string, unknown>,
    },
    "project",
    "stack",
    true,
  );
});

beforeEach(() => {
  happened = [];
  jest.spyOn(processClients, "processClient").mockImplementation(async () => {
    happened.push("client made");
    // Nothing is read in this test: the function's result stays pending.
    return { send: () => new Promise(() => undefined) } as unknown as ManagementClient;
  });
});

afterEach(() => jest.restoreAllMocks());

/** Turns of the event loop until `done`, at most `turns` (an order is awaited, not a time). */
async function until(done: () => boolean, turns = 1000): Promise<void> {
  for (let turn = 0; turn < turns && !done(); turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
}

const tenant = { domain: "https://tenant.example.com", apiToken: "token" };

it.each([
  ["getTenantSettingsOutput", () => getTenantSettingsOutput({ fields: ["friendlyName"], tenant })],
  ["getAttackProtectionOutput", () => getAttackProtectionOutput({ tenant })],
])("lets the program's registrations leave before %s makes its HTTP client", async (_name, read) => {
  new BotDetection("bot-detection", { botDetectionLevel: "high" });
  read();
  await until(() => happened.includes("client made"));
  expect(happened).toEqual(["registered bot-detection", "client made"]);
});

it.each([
  [
    "getTenantSettingsOutput",
    (bot: BotDetection) => getTenantSettingsOutput({ fields: ["friendlyName"], tenant }, { dependsOn: bot }),
  ],
  [
    "getAttackProtectionOutput",
    (bot: BotDetection) => getAttackProtectionOutput({ tenant }, { dependsOn: [bot] }),
  ],
])("makes %s's HTTP client only once the resources of dependsOn are written", async (_name, read) => {
  let written = (): void => undefined;
  writing = new Promise((resolve) => (written = resolve));
  try {
    read(new BotDetection("bot-detection", { botDetectionLevel: "high" }));
    await until(() => happened.includes("registered bot-detection"));
    await until(() => false, 50);
    expect(happened).toEqual(["registered bot-detection"]);

    written();
    await until(() => happened.includes("client made"));
    expect(happened).toEqual(["registered bot-detection", "wrote bot-detection", "client made"]);
  } finally {
    writing = undefined;
  }
});
