/**
 * A fleet of named tenants: examples/fleet on two emulated tenants named in `tenant-admin:tenants`, through
 * the real Pulumi CLI. No `AUTH0_*` variable and no top-level `tenant-admin:*` key is set, so every request
 * reaches its tenant through the name alone.
 */
import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { namedTenant } from "../../scripts/support/namedTenant";
import { NO_ENVIRONMENT_TENANT, namedTenantsConfig } from "../../scripts/support/fleet";
import { projectName } from "../../scripts/support/programs";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import { tenantData } from "./support/tenantData";

const OBJECTS_PER_TENANT = 6;

interface StateResource {
  type: string;
  urn: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** The package's resources in `pulumi stack export`. */
function ourResources(exported: string): StateResource[] {
  const { deployment } = JSON.parse(exported) as { deployment: { resources: StateResource[] } };
  return deployment.resources.filter((resource) =>
    resource.type.startsWith("pulumi-nodejs:dynamic/tenant-admin:"),
  );
}

/**
 * `GET` requests in the emulator's log, by process and path: each process (the program, the provider) talks
 * to a tenant over its own keep-alive connection.
 */
function reads(emulator: TenantEmulator): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of emulator.requestLog) {
    if (entry.method !== "GET") continue;
    const key = `connection ${entry.connection}: ${entry.path}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describeWithEngine("examples/fleet: tenants named once in tenant-admin:tenants", () => {
  const fleet = new Map<string, TenantEmulator>();
  let harness: TestStack;

  beforeAll(async () => {
    for (const name of ["eu", "us"]) fleet.set(name, await startEmulator(namedTenant({ rateLimit: false })));
    harness = await createTestStack({
      programDir: "examples/fleet",
      projectName: projectName("examples/fleet/Pulumi.yaml"),
      env: NO_ENVIRONMENT_TENANT,
    });
    await harness.stack.setAllConfig(namedTenantsConfig(fleet), true);
  });

  afterAll(async () => {
    await harness?.dispose();
    for (const emulator of fleet.values()) await emulator.close();
  });

  it("creates each tenant's objects with that name's credentials, reading each thing once, then has no changes", async () => {
    const preview = await harness.preview();
    // The stack itself is the one more.
    expect(preview.changes).toMatchObject({ create: 2 * OBJECTS_PER_TENANT + 1 });
    for (const emulator of fleet.values()) {
      // Nothing read twice at preview either: the write checks and the creates' ownership checks share reads.
      const twice = Object.entries(reads(emulator)).filter(([, count]) => count > 1);
      expect(twice.map(([path]) => path)).toEqual([]);
      emulator.clearRequestLog();
    }

    const outputs = await harness.up();

    for (const [name, emulator] of fleet) {
      expect(tenantData(emulator).notificationTemplate("otp_verify")?.content.body?.text).toBe(
        "{{ code }} is your {{ friendly_name }} verification code",
      );
      expect(outputs.tenants?.value).toMatchObject({
        [name]: { domain: emulator.domain, friendlyName: "My Company" },
      });
      // A token per process (the program's, the provider's), and no read twice: each document once, the
      // template list once.
      const tokenRequests = emulator.requestLog.filter((entry) => entry.path === "/oauth/token").length;
      expect({ name, tokenRequests, reads: reads(emulator) }).toEqual({
        name,
        tokenRequests: 2,
        reads: Object.fromEntries(Object.keys(reads(emulator)).map((path) => [path, 1])),
      });
    }
    const again = await harness.preview({ expectNoChanges: true });
    expect(changedCount(again.changes)).toBe(0);
  });

  it("stores the name and the domain in each resource's state, no credential, at most 2,000 bytes each", async () => {
    const exported = await harness.exportState();
    const resources = ourResources(exported);
    expect(resources).toHaveLength(2 * OBJECTS_PER_TENANT);
    for (const resource of resources) {
      const name = /::(eu|us)-/.exec(resource.urn)?.[1];
      expect(resource.inputs?.tenant).toBe(name);
      expect(resource.outputs?.tenant).toBe(name);
      expect(resource.outputs?.domain).toBe(fleet.get(name!)!.domain);
      expect(JSON.stringify(resource)).not.toContain("ciphertext");
      expect(JSON.stringify(resource).length).toBeLessThanOrEqual(2000);
      // Where the program declared it, not this package's resource class.
      expect((resource as { sourcePosition?: string }).sourcePosition).toMatch(
        /^project:\/\/\/index\.ts#\d+,\d+$/,
      );
    }
    for (const emulator of fleet.values()) expect(exported).not.toContain(emulator.clientSecret);
  });

  it("shows a name moved to another tenant's domain as a replace of that tenant's objects, naming both", async () => {
    const elsewhere = await startEmulator(namedTenant({ rateLimit: false }));
    try {
      await harness.stack.setAllConfig(namedTenantsConfig(new Map([["us", elsewhere]])), true);
      const preview = await harness.preview();
      expect(preview.changes).toMatchObject({ replace: OBJECTS_PER_TENANT, same: OBJECTS_PER_TENANT + 1 });
      expect(preview.stdout).toContain(fleet.get("us")!.domain);
      expect(preview.stdout).toContain(elsewhere.domain);
    } finally {
      await harness.stack.setAllConfig(namedTenantsConfig(new Map([["us", fleet.get("us")!]])), true);
      await elsewhere.close();
    }
  });

  it("rotates a name's client secret with one config change, the old one revoked: up, then destroy", async () => {
    const eu = fleet.get("eu")!;
    const rotated = await eu.rotateClientSecret();
    await harness.stack.setConfig(
      "tenant-admin:tenants.eu.clientSecret",
      { value: rotated, secret: true },
      true,
    );
    await harness.up();
    eu.clearRequestLog();
    await harness.destroy();
    const tokens = eu.requestLog
      .filter((entry) => entry.path === "/oauth/token")
      .map((entry) => entry.status);
    expect(tokens).toEqual([200]);
    for (const emulator of fleet.values()) expect(tenantData(emulator).notificationTemplates()).toEqual([]);
  });
});

describeWithEngine("a tenant name the stack config does not set", () => {
  let emulator: TenantEmulator;
  let harness: TestStack;

  beforeAll(async () => {
    emulator = await startEmulator(namedTenant({ rateLimit: false }));
    harness = await createTestStack({ programDir: "test/e2e/programs/tenant", env: NO_ENVIRONMENT_TENANT });
    await harness.stack.setAllConfig(namedTenantsConfig(new Map([["europe", emulator]])), true);
    await harness.stack.setAllConfig({
      "e2e:tenantName": { value: "eurpoe" },
      "e2e:activeProviderId": { value: "auth_challenge" },
    });
  });

  afterAll(async () => {
    await harness?.dispose();
    await emulator?.close();
  });

  it("fails the preview with one line naming the known names and the nearest, sending nothing", async () => {
    await expect(harness.preview()).rejects.toThrow(
      'The tenant "eurpoe" is not in the stack config key tenant-admin:tenants (known: europe); did you mean "europe"?',
    );
    expect(emulator.requestLog).toEqual([]);
  });
});

describeWithEngine(
  "examples/fleet on tenants limited to 1 request/s (tenant-emulator --rate-limit 1)",
  () => {
    const fleet = new Map<string, TenantEmulator>();
    let harness: TestStack;

    beforeAll(async () => {
      for (const name of ["eu", "us"]) {
        // What --rate-limit 1 sets: 1 request/s, bursts of 2.
        fleet.set(name, await startEmulator(namedTenant({ rateLimit: { requestsPerSecond: 1, burst: 2 } })));
      }
      harness = await createTestStack({
        programDir: "examples/fleet",
        projectName: projectName("examples/fleet/Pulumi.yaml"),
        env: NO_ENVIRONMENT_TENANT,
      });
      await harness.stack.setAllConfig(namedTenantsConfig(fleet), true);
    });

    afterAll(async () => {
      await harness?.dispose();
      for (const emulator of fleet.values()) await emulator.close();
    });

    it("paces each tenant before its limit: up and destroy succeed with at most 10% of requests refused", async () => {
      const counts: Record<string, { requests: number; refused: number }> = {};
      for (const step of ["up", "destroy"] as const) {
        for (const emulator of fleet.values()) emulator.clearRequestLog();
        await (step === "up" ? harness.up() : harness.destroy());
        for (const [name, emulator] of fleet) {
          counts[`${step} ${name}`] = {
            requests: emulator.requestLog.length,
            refused: emulator.requestLog.filter((entry) => entry.status === 429).length,
          };
        }
      }
      for (const { requests, refused } of Object.values(counts)) {
        expect(requests).toBeGreaterThan(0);
        expect(refused).toBeLessThanOrEqual(requests / 10);
      }
      // No wait for a tenant's budget was long: the pacing printed nothing. A refused request says so as it
      // retries; at 1 request/s the program's read and the provider process, which pace apart, may both ask
      // in the same second (the refusals are counted above).
      expect(harness.output.join("\n")).not.toMatch(/for the tenant's rate limit/);
    });
  },
);
