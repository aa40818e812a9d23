import { changedCount, createTestStack, type TestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";

const token = "smoke-token-4f9c1e77d2";

describeWithEngine("the real Pulumi engine runs a dynamic provider", () => {
  let harness: TestStack;

  beforeAll(async () => {
    harness = await createTestStack({
      programDir: "test/e2e/programs/smoke",
      config: {
        "tenant-admin-e2e:name": { value: "world" },
        "tenant-admin-e2e:token": { value: token, secret: true },
      },
    });
  });

  afterAll(async () => {
    await harness?.dispose();
  });

  it("previews a fresh stack as one resource to create", async () => {
    const { changes } = await harness.preview();
    expect(changes).toMatchObject({ create: 2 });
  });

  it("creates the resource in the provider's own process and returns its outputs", async () => {
    const outputs = await harness.up();
    expect(outputs.message?.value).toBe("hello world");
    expect(outputs.providerPid?.value).toEqual(expect.any(Number));
    expect(outputs.providerPid?.value).not.toBe(outputs.programPid?.value);
  });

  it("reports no changes on a second preview", async () => {
    const { changes } = await harness.preview();
    expect(changedCount(changes)).toBe(0);
  });

  it("stores the secret input encrypted in state", async () => {
    const state = await harness.exportState();
    expect(state).toContain("hello world");
    expect(state).not.toContain(token);
    expect(harness.output.join("\n")).not.toContain(token);
  });

  it("refreshes through the provider code stored in state", async () => {
    await harness.refresh();
    const { changes } = await harness.preview();
    expect(changedCount(changes)).toBe(0);
  });

  it("destroys every resource", async () => {
    await harness.destroy();
    const state = JSON.parse(await harness.exportState()) as { deployment: { resources?: unknown[] } };
    expect(state.deployment.resources ?? []).toHaveLength(0);
  });
});
