/**
 * The PUT-replace document machinery over a small description: one object made of the legacy Twilio account
 * (a PUT replaces it whole) and the phone factor's channels (a set), on a legacy tenant of the emulator. What
 * every such document does: each declared pair written in order with every member of its body, `null` members
 * read as absent, a set in another order as no change, undeclared pairs never read or written, a create that
 * takes the object only as a new tenant has it or as the program declares it, a reset in reverse order.
 */
import type * as pulumi from "@pulumi/pulumi";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getPhoneTwilioAccount, putPhoneTwilioAccount } from "../../../src/resources/legacyPhoneProvider/api";
import { getPhoneMessageTypes, putPhoneMessageTypes } from "../../../src/resources/phoneMfa/api";
import { putDocumentProvider } from "../../../src/resources/tenantObject/provider/putDocument";
import type { PutDocumentDescription } from "../../../src/wire/putDocument";
import { schema } from "../../../src/wire/schema";
import { atPreview, emulatorContext, failuresOf } from "./support";

type Account = { sid?: string | null; from?: string | null };
type Members = {
  account?: { sid: string; from?: string | undefined } | undefined;
  channels?: string[] | undefined;
};

const SMALL = {
  name: "small",
  label: "small document",
  resource: { type: "Small", docs: "docs/phone-mfa.md" },
  path: getPhoneTwilioAccount.path,
  inputs: schema<Members>()((z) =>
    z.strictObject({
      account: z.strictObject({ sid: z.string(), from: z.string().optional() }).optional(),
      channels: z.array(z.string()).optional(),
    }),
  ),
  newTenant: { account: {}, channels: [] },
  sets: ["channels"],
  parts: [
    {
      members: ["account"],
      get: getPhoneTwilioAccount,
      fromAnswer: (answer) => ({ account: { sid: (answer as Account).sid, from: (answer as Account).from } }),
      put: putPhoneTwilioAccount,
      body: (members) => {
        const account = (members.account ?? {}) as Account;
        return {
          sid: account.sid ?? null,
          from: account.from ?? null,
          auth_token: null,
          messaging_service_sid: null,
        };
      },
    },
    {
      members: ["channels"],
      get: getPhoneMessageTypes,
      fromAnswer: (answer) => ({ channels: (answer as { message_types: string[] }).message_types }),
      put: putPhoneMessageTypes,
      body: (members) => ({ message_types: members.channels }),
    },
  ],
} as const satisfies PutDocumentDescription;

describe("a PUT-replace document", () => {
  let emulator: TenantEmulator;
  const provider = (): Required<pulumi.dynamic.ResourceProvider> =>
    putDocumentProvider(emulatorContext(emulator), SMALL);
  const requests = () =>
    emulator.requestLog
      .filter((entry) => entry.path !== "/oauth/token")
      .map((entry) => `${entry.method} ${entry.path.replace("/api/v2", "")}`);

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, settings: { phone_consolidated_experience: false } });
  });
  afterEach(() => emulator.close());

  it("refuses a create of a pair someone configured, naming the member that differs", async () => {
    await emulator.tenant.write("PUT", getPhoneTwilioAccount.path, { sid: "AC1", from: "+1555" });
    expect(await failuresOf(provider(), atPreview({ account: { sid: "AC1" } }))).toEqual([
      expect.stringMatching(/configured small document \(it differs from a new tenant's at account\)/),
    ]);
  });

  it("writes each declared pair in order, sending every member of its body: one left out is stored null", async () => {
    const declared = { account: { sid: "AC1" }, channels: ["voice", "sms"] };
    // Already what the program declares (an up interrupted after its writes, run again): the create takes it.
    await emulator.tenant.write("PUT", getPhoneTwilioAccount.path, { sid: "AC1" });
    await emulator.tenant.write("PUT", getPhoneMessageTypes.path, { message_types: ["sms", "voice"] });
    expect(await failuresOf(provider(), atPreview(declared))).toEqual([]);
    emulator.clearRequestLog();
    const { id, outs } = await provider().create(declared);
    expect(requests().filter((request) => request.startsWith("PUT"))).toEqual([
      `PUT ${putPhoneTwilioAccount.path}`,
      `PUT ${putPhoneMessageTypes.path}`,
    ]);
    expect(emulator.tenant.read(getPhoneTwilioAccount.path)).toMatchObject({ sid: "AC1", from: null });
    // `from: null` reads as absent, and the channels in the tenant's order are the declared set.
    const read = await provider().read(id, outs);
    expect(read.inputs).toBeUndefined();
    expect(read.props).toMatchObject(declared);
  });

  it("reads and writes only the declared pairs", async () => {
    const { id, outs } = await provider().create({ channels: ["sms"] });
    emulator.clearRequestLog();
    await provider().read(id, outs);
    expect(requests()).toEqual([`GET ${getPhoneMessageTypes.path}`]);
  });

  it("on resetOnDelete writes a new tenant's values of the declared pairs back, in reverse order", async () => {
    const { id, outs } = await provider().create({
      account: { sid: "AC1", from: "+1555" },
      channels: ["sms"],
    });
    emulator.clearRequestLog();
    await provider().delete(id, { ...outs, resetOnDelete: true });
    expect(requests()).toEqual([`PUT ${putPhoneMessageTypes.path}`, `PUT ${putPhoneTwilioAccount.path}`]);
    expect(emulator.tenant.read(getPhoneTwilioAccount.path)).toMatchObject({ sid: null, from: null });
  });
});
