/**
 * One owner for every singleton, on the real engine: a second stack's create of an object the first stack
 * configured fails its preview naming the import id and writes nothing (so the two never flip the tenant
 * under --refresh), and adopts it with the import option; two declarations of one object in one program,
 * and arguments in the API's spelling, fail the preview.
 */
import { botDetectionDocument } from "../../src/resources/botDetection/api";
import { suspiciousIpThrottlingDocument } from "../../src/resources/suspiciousIpThrottling/api";
import { createTestStack } from "../../scripts/support/stack";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf, printedFailure } from "./support/tenantStack";

const PROGRAM = "test/e2e/programs/attack-protection";
const writes = (calls: string[]) => calls.filter((call) => /^(PATCH|PUT|POST \/api|DELETE)/.test(call));

describeWithEngine("two stacks on one tenant", () => {
  let first: TenantStack;
  let second: TestStack;
  let host: string;

  beforeAll(async () => {
    first = await createTenantStack({ programDir: PROGRAM });
    host = new URL(first.emulator.domain).host;
    await first.configure({
      botDetectionLevel: { value: "high" },
      allowlist: { value: "[]" },
      loginAttempts: { value: "50" },
    });
    await first.harness.up();
    second = await createTestStack({
      programDir: PROGRAM,
      stackName: "second",
      config: {
        "tenant-admin:domain": { value: first.emulator.domain },
        "tenant-admin:clientId": { value: first.emulator.clientId },
        "tenant-admin:clientSecret": { value: first.emulator.clientSecret, secret: true },
        "e2e:botDetectionLevel": { value: "low" },
        "e2e:allowlist": { value: "[]" },
        "e2e:loginAttempts": { value: "7" },
      },
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
    });
  });

  afterAll(async () => {
    await second?.dispose();
    await first?.dispose();
  });

  it("refuses the second stack's create at preview, naming the members and the import id, writing nothing", async () => {
    first.emulator.clearRequestLog();

    const printed = await printedFailure(second, () => second.preview());

    // The engine stops at the first resource whose check fails: either one names what differs and its import.
    const bot =
      `BotDetection cannot be created on ${first.emulator.url}: the tenant already has a configured bot ` +
      "detection policy (it differs from a new tenant's at botDetectionLevel)";
    const suspicious =
      `SuspiciousIpThrottling cannot be created on ${first.emulator.url}: the tenant already has a configured ` +
      "suspicious IP throttling (it differs from a new tenant's at stage.pre-login.maxAttempts)";
    expect(printed.includes(bot) || printed.includes(suspicious)).toBe(true);
    expect(
      printed.includes(`import: "${host}${botDetectionDocument.get.path}"`) ||
        printed.includes(`import: "${host}${suspiciousIpThrottlingDocument.get.path}"`),
    ).toBe(true);
    expect(writes(first.calls())).toEqual([]);
  });

  it("refuses it at up as well, so the first stack's settings stay and its refresh shows no change", async () => {
    const printed = await printedFailure(second, () => second.up());

    expect(printed).toContain("cannot be created on");
    expect(first.emulator.tenant.read(botDetectionDocument.get.path)).toMatchObject({
      bot_detection_level: "high",
    });
    const refreshed = await first.harness.preview({ refresh: true, expectNoChanges: true });
    expect(changedCount(refreshed.changes)).toBe(0);
  });

  it("adopts the object with the import option and the tenant's values, writing nothing", async () => {
    await second.stack.setAllConfig({
      "e2e:botDetectionLevel": { value: "high" },
      "e2e:loginAttempts": { value: "50" },
      "e2e:botImportId": { value: `${host}${botDetectionDocument.get.path}` },
      "e2e:suspiciousImportId": { value: `${host}${suspiciousIpThrottlingDocument.get.path}` },
    });
    first.emulator.clearRequestLog();

    await second.up();

    expect(writes(first.calls())).toEqual([]);
  });
});

describeWithEngine("what one program declares", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ programDir: PROGRAM });
    await tenant.configure({
      botDetectionLevel: { value: "high" },
      allowlist: { value: "[]" },
      loginAttempts: { value: "50" },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("fails the preview of two resources of one object and tenant, naming both", async () => {
    await tenant.configure({ secondBotDetection: { value: "true" } });
    try {
      const printed = await failureOf(tenant, "preview");
      expect(printed).toMatch(
        /BotDetection "bot-detection(-again)?" and BotDetection "bot-detection(-again)?" of this program both declare the tenant's bot detection policy/,
      );
      expect(writes(tenant.calls())).toEqual([]);
    } finally {
      await tenant.unconfigure("secondBotDetection");
    }
  });

  it.each([
    [
      { bot_detection_level: "low" },
      "bot_detection_level: is not a known property (did you mean botDetectionLevel?)",
    ],
    // A top-level switch the engine prints beside its value: `property resetOnDelete value {true} has a problem: …`.
    [{ resetOnDelete: "true" }, "must be a boolean (true or false), not a string"],
  ])("refuses %j at preview in one line naming the property", async (extra, reason) => {
    await tenant.configure({ extraBotArgs: { value: JSON.stringify(extra) } });
    try {
      const printed = await failureOf(tenant, "preview");
      expect(printed).toContain(reason);
      expect(writes(tenant.calls())).toEqual([]);
    } finally {
      await tenant.unconfigure("extraBotArgs");
    }
  });
});
