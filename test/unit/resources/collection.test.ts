/**
 * The one-per-tenant collection machinery over a small description: the branding phone providers' endpoints,
 * seen as an object of two members (`kind`, `methods`) and a credential the platform never answers. What every
 * such collection does: a create refused while the tenant has a member (naming its import value), else a
 * POST; an update PATCHes the member the state records; a read keeps the unanswered credential from state and
 * finds a member deleted outside as gone; a destroy deletes it, and a member already gone is no failure.
 */
import type * as pulumi from "@pulumi/pulumi";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { phoneProviderEndpoints } from "../../../src/resources/phoneProvider/api";
import type { PhoneProviderList, PhoneProviderResponse } from "../../../src/resources/phoneProvider/api";
import { collectionProvider } from "../../../src/resources/tenantObject/provider/collection";
import type { CollectionDescription } from "../../../src/wire/collection";
import { schema } from "../../../src/wire/schema";
import { atPreview, emulatorContext, failuresOf } from "./support";

type Members = {
  kind?: "custom" | undefined;
  methods?: ("text" | "voice")[] | undefined;
  key?: string | undefined;
};

const SMALL = {
  name: "small",
  label: "small sender",
  resource: { type: "Small", docs: "docs/phone-mfa.md" },
  list: phoneProviderEndpoints.list,
  items: (answer) => (answer as PhoneProviderList).providers,
  create: phoneProviderEndpoints.create,
  get: phoneProviderEndpoints.get,
  update: phoneProviderEndpoints.update,
  remove: phoneProviderEndpoints.remove,
  members: ["kind", "methods", "key"],
  inputs: schema<Members>()((z) =>
    z.strictObject({
      kind: z.enum(["custom"]).optional(),
      methods: z.array(z.enum(["text", "voice"])).optional(),
      key: z.string().optional(),
    }),
  ),
  body: (declared) => ({
    name: declared.kind as "custom",
    configuration: { delivery_methods: declared.methods as ("text" | "voice")[] },
    credentials: {},
  }),
  fromAnswer: (answer) => ({
    kind: (answer as PhoneProviderResponse).name,
    methods: (answer as PhoneProviderResponse).configuration?.delivery_methods,
  }),
  unanswered: ["key"],
  sets: ["methods"],
  afterDelete: "nothing else changes.",
} as const satisfies CollectionDescription;

describe("a one-per-tenant collection", () => {
  let emulator: TenantEmulator;
  const provider = (): Required<pulumi.dynamic.ResourceProvider> =>
    collectionProvider(emulatorContext(emulator), SMALL);
  const declared = { kind: "custom", methods: ["voice", "text"], key: "never-answered" };

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it("creates its member with a POST, updates it with a PATCH of its id, and keeps what is never answered", async () => {
    const { id, outs } = await provider().create(declared);
    expect(outs).toMatchObject({ ...declared, memberId: expect.any(String) });
    const read = await provider().read(id, outs);
    expect(read.inputs).toBeUndefined();
    expect(read.props).toMatchObject({ key: "never-answered", methods: ["voice", "text"] });
    emulator.clearRequestLog();
    await provider().update(id, outs, { ...declared, methods: ["text"] });
    expect(
      emulator.requestLog.filter((entry) => entry.method !== "GET" && entry.path !== "/oauth/token"),
    ).toEqual([
      expect.objectContaining({ method: "PATCH", path: `/api/v2/branding/phone/providers/${outs.memberId}` }),
    ]);
  });

  it("refuses a create while the tenant has a member, naming it and its import value", async () => {
    const { outs } = await provider().create(declared);
    expect(await failuresOf(provider(), atPreview(declared, "again"))).toEqual([
      expect.stringContaining(`a custom small sender ${outs.memberId}, made outside this resource`),
    ]);
  });

  it("finds a member deleted outside the stack gone at refresh, and destroys one already gone", async () => {
    const { id, outs } = await provider().create(declared);
    await provider().delete(id, outs);
    expect(emulator.tenant.items("/branding/phone/providers")).toEqual([]);
    expect(await provider().read(id, outs)).toEqual({});
    await expect(provider().delete(id, outs)).resolves.toBeUndefined();
  });
});
