import { ManagementClient } from "../../../src/client/managementClient";
import { RequestPacer } from "../../../src/client/pacing";
import { RunCache } from "../../../src/client/runCache";
import * as processClients from "../../../src/engine/processClients";
import * as pulumiCommand from "../../../src/engine/pulumiCommand";
import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { ROUTES, startHarness } from "../client/support/harness";
import type { Harness } from "../client/support/harness";

const { clientsLoaded, processClient } = processClients;

let harness: Harness;
let otherTenant: Harness;
beforeAll(async () => {
  [harness, otherTenant] = await Promise.all([startHarness(), startHarness()]);
});
afterAll(() => Promise.all([harness.close(), otherTenant.close()]));
beforeEach(() => {
  harness.reset();
  // A fresh process: forget the set the module keeps in its globalThis slot.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("pulumi-tenant-admin.engine.processClients")];
});
afterEach(() => jest.restoreAllMocks());

const provider = { sharesReads: true };
const program = { sharesReads: false };
const tokenRequests = () => harness.requests().filter((line) => line.startsWith(ROUTES.token));

// First: whether the module has loaded the HTTP client is its state for the whole file.
it("loads the HTTP client at the first client, not before", async () => {
  expect(clientsLoaded()).toBe(false);
  await processClient(harness.connection(), program);
  expect(clientsLoaded()).toBe(true);
});

it("makes one client per connection, whoever asks", async () => {
  const connection = harness.connection();
  const client = await processClient(connection, program);
  expect(client).toBeInstanceOf(ManagementClient);
  expect(await processClient({ ...connection }, program)).toBe(client);
});

it("makes another client for other credentials or another tenant", async () => {
  const connection = harness.connection();
  const client = await processClient(connection, program);
  expect(await processClient(harness.connection({ clientSecret: "rotated-secret" }), program)).not.toBe(
    client,
  );
  expect(
    await processClient({ ...connection, credentials: { kind: "apiToken", token: "t" } }, program),
  ).not.toBe(client);
  expect(await processClient(otherTenant.connection(), program)).not.toBe(client);
});

it("does not reveal credentials when a client is serialized", async () => {
  const client = await processClient(harness.connection(), program);
  expect(JSON.stringify(client)).not.toContain(harness.emulator.clientSecret);
});

it("fetches one token per tenant and credentials for every client of the process", async () => {
  const connection = harness.connection();
  const clients = await Promise.all([
    processClient(connection, program),
    processClient(connection, provider),
    processClient({ ...connection, timeoutMs: connection.timeoutMs + 1000 }, program),
  ]);
  expect(new Set(clients).size).toBe(3);
  for (const client of clients) {
    await expect(client.send(getPhoneTemplates)).resolves.toHaveProperty("enrollment_message");
  }
  expect(tokenRequests()).toHaveLength(1);
});

it("paces a tenant's requests with one pacer, whichever credentials its clients have", async () => {
  const acquire = jest.spyOn(RequestPacer.prototype, "acquire");
  const pacers = () => new Set(acquire.mock.contexts);
  const connection = harness.connection();
  await (await processClient(connection, program)).send(getPhoneTemplates);
  const withToken = { ...connection, credentials: { kind: "apiToken", token: "another" } } as const;
  // The emulator refuses that token: the request still waited for the tenant's budget.
  await (await processClient(withToken, program)).send(getPhoneTemplates).catch(() => undefined);
  expect(pacers().size).toBe(1);

  await (await processClient(otherTenant.connection(), program)).send(getPhoneTemplates);
  expect(pacers().size).toBe(2);
});

describe("the reads of the pulumi command", () => {
  beforeEach(() => {
    jest.spyOn(RunCache.prototype, "set").mockResolvedValue();
    jest.spyOn(RunCache.prototype, "drop").mockResolvedValue();
  });

  it("are shared only by the clients of bindings that share reads, through one cache", async () => {
    jest.spyOn(pulumiCommand, "pulumiCommand").mockReturnValue({ run: "4242:1", args: ["preview"] });
    const get = jest.spyOn(RunCache.prototype, "get").mockResolvedValue(undefined);
    const connection = harness.connection();
    await (await processClient(connection, program)).send(getCaptcha);
    expect(get).not.toHaveBeenCalled();

    await (await processClient(connection, provider)).send(getCaptcha);
    await (await processClient(otherTenant.connection(), provider)).send(getCaptcha);
    expect(get).toHaveBeenCalledTimes(2);
    expect(new Set(get.mock.contexts).size).toBe(1);
  });

  it("are not kept outside a pulumi command", async () => {
    const get = jest.spyOn(RunCache.prototype, "get");
    await (await processClient(harness.connection(), provider)).send(getCaptcha);
    expect(get).not.toHaveBeenCalled();
  });
});

it("is one set for two copies of the module, as a program's package and the provider's bundle are", async () => {
  let copy: typeof processClients | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<typeof processClients>("../../../src/engine/processClients");
  });
  expect(copy).not.toBe(processClients);
  const connection = harness.connection();
  expect(await copy!.processClient(connection, program)).toBe(await processClient(connection, program));
});
