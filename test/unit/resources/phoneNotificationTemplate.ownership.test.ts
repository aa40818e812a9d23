/**
 * A PhoneNotificationTemplate owns its template: a create never takes over a template someone created (it has
 * an id: another resource, another stack, the dashboard), even at the platform's default texts, and says so at
 * preview; its destroy deletes the template, which gives the type back; removing `content.from`, which the API
 * cannot clear, is not a change.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import * as engineLogModule from "../../../src/engine/log";
import type { PhoneNotificationTemplateResponse } from "../../../src/resources/phoneNotificationTemplate/api";
import {
  DEFAULT_PHONE_NOTIFICATION_BODIES,
  phoneNotificationTemplateEndpoints,
} from "../../../src/resources/phoneNotificationTemplate/api";
import { createProvider, isCustomTemplate } from "../../../src/resources/phoneNotificationTemplate/provider";
import { atPreview, emulatorContext, recordingLog } from "./support";

const TEMPLATES = phoneNotificationTemplateEndpoints.list.path;
const FIXTURES = join(__dirname, "../conformance/fixtures/go-auth0");

/** The response body of interaction `index` of a recorded cassette (test/unit/conformance/fixtures). */
function recorded(cassette: string, index: number): unknown {
  const fixture = JSON.parse(readFileSync(join(FIXTURES, `${cassette}.json`), "utf8")) as {
    interactions: { index: number; responseBody: unknown }[];
  };
  return fixture.interactions.find((interaction) => interaction.index === index)?.responseBody;
}

const newTenantList = recorded("TestBrandingManager_ReadPhoneNotificationTemplates@b89ad147602f", 0) as {
  templates: PhoneNotificationTemplateResponse[];
};
const createdByPost = recorded("TestBrandingManager_CreatePhoneNotificationTemplate", 0);
const resetWithSender = recorded("TestBrandingManager_ResetPhoneNotificationTemplate", 1);
const verifyDefaults = DEFAULT_PHONE_NOTIFICATION_BODIES.otp_verify;

describe("what a custom template is", () => {
  it.each(newTenantList.templates.map((template) => [template.type, template]))(
    "a new tenant's listed %s (recorded: no id) is free to take",
    (_type, template) => {
      expect(isCustomTemplate(template)).toBe(false);
    },
  );

  it.each<[string, unknown, boolean]>([
    ["a template created by POST (recorded) is custom", createdByPost, true],
    ["a reset template that keeps its sender (recorded) is custom", resetWithSender, true],
    [
      "a reset template with no sender, enabled, is still someone's: only a DELETE gives the type back",
      {
        id: "tem_1",
        type: "otp_verify",
        disabled: false,
        content: { syntax: "liquid", body: verifyDefaults },
      },
      true,
    ],
    [
      "a reset template that is disabled is custom",
      { id: "tem_1", type: "otp_verify", disabled: true, content: { body: verifyDefaults } },
      true,
    ],
    [
      "a template with the default text and no default voice text is custom",
      { id: "tem_1", type: "otp_verify", disabled: false, content: { body: { text: verifyDefaults?.text } } },
      true,
    ],
    [
      "a password_breach template with an id (its default is not known) is custom",
      { id: "tem_1", type: "password_breach", disabled: false, content: { body: { text: "breach" } } },
      true,
    ],
  ])("%s", (_name, template, custom) => {
    expect(isCustomTemplate(template as PhoneNotificationTemplateResponse)).toBe(custom);
  });
});

describe("a PhoneNotificationTemplate create on a tenant that has the type's template", () => {
  let emulator: TenantEmulator;
  // As the resource class sends them: `disabled` defaults to false.
  const otpVerify = (text: string, from?: string) => ({
    type: "otp_verify",
    disabled: false,
    content: { ...(from === undefined ? {} : { from }), body: { text } },
  });
  const writes = () =>
    emulator.requestLog.filter((entry) => entry.method !== "GET" && entry.path !== "/oauth/token");

  async function customize(body: Record<string, unknown>): Promise<string> {
    const sent = await fetch(`${emulator.url}/api/v2${TEMPLATES}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await emulator.issueToken()}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(sent.status).toBe(201);
    return ((await sent.json()) as { id: string }).id;
  }

  async function reset(id: string): Promise<void> {
    const sent = await fetch(`${emulator.url}/api/v2${TEMPLATES}/${id}/reset`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await emulator.issueToken()}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(sent.status).toBe(200);
  }

  const occupiedReason = (id: string) =>
    `the tenant already has a custom otp_verify template ${id}, made outside this resource (by another ` +
    "resource of this or another stack, in the dashboard, or by another tool), and a create would take it " +
    "over. To manage it with this resource, adopt it with the resource option import: " +
    `"${new URL(emulator.url).host}${TEMPLATES}/${id}" (the resource's importId; see docs/adopting.md), or ` +
    "leave it to its owner.";
  const occupiedMessage = (id: string) =>
    `PhoneNotificationTemplate otp_verify cannot be created on ${emulator.url}: ${occupiedReason(id)} ` +
    "Nothing was written.";

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  const provider = () => createProvider(emulatorContext(emulator), recordingLog());

  it("passes preview on a new tenant, whose types are the platform's defaults", async () => {
    const result = await provider().check({}, atPreview(otpVerify("{{ code }} is yours")));
    expect(result.failures).toEqual([]);
  });

  it("fails preview naming the tenant, the type, the template's id and the import id, writing nothing", async () => {
    const id = await customize({ type: "otp_verify", content: { body: { text: "{{ code }} by hand" } } });
    emulator.clearRequestLog();

    const result = await provider().check({}, atPreview(otpVerify("{{ code }} is yours")));

    expect(result.failures).toEqual([{ property: "", reason: occupiedMessage(id) }]);
    expect(writes()).toEqual([]);
  });

  it("fails preview of a type change (a replace) to a type the tenant customized", async () => {
    const id = await customize({ type: "otp_verify", content: { body: { text: "{{ code }} by hand" } } });
    const olds = { type: "otp_enroll", content: { body: { text: "{{ code }}" } }, domain: emulator.url };

    const result = await provider().check(olds, atPreview(otpVerify("{{ code }} is yours")));

    expect(result.failures).toEqual([{ property: "", reason: occupiedMessage(id) }]);
  });

  it("does not ask who owns the template for an update of the resource's own template", async () => {
    await customize({ type: "otp_verify", content: { body: { text: "{{ code }} by hand" } } });
    const olds = { ...otpVerify("{{ code }} before"), domain: emulator.url };
    emulator.clearRequestLog();

    const result = await provider().check(olds, atPreview(otpVerify("{{ code }} after")));

    expect(result.failures).toEqual([]);
    expect(emulator.requestLog.map((entry) => entry.path)).not.toContain(`/api/v2${TEMPLATES}`);
  });

  it("adopts the custom template with importId", async () => {
    const id = await customize({ type: "otp_verify", content: { body: { text: "{{ code }} by hand" } } });
    const importId = `${new URL(emulator.url).host}${TEMPLATES}/${id}`;

    const news = { ...otpVerify("{{ code }} by hand"), importId };
    expect((await provider().check({}, atPreview(news))).failures).toEqual([]);
    const created = await provider().create(news);
    expect(created.outs).toMatchObject({ templateId: id });
  });

  it("refuses at up a template customized after the preview, in one line, writing nothing", async () => {
    const checked = await provider().check({}, atPreview(otpVerify("{{ code }} is yours")));
    expect(checked.failures).toEqual([]);
    const id = await customize({ type: "otp_verify", content: { body: { text: "{{ code }} by hand" } } });
    emulator.clearRequestLog();

    const failure = await provider()
      .create(otpVerify("{{ code }} is yours"))
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );

    expect(failure?.message).toBe(`${emulator.url}: ${occupiedReason(id)}`);
    expect(writes()).toEqual([]);
    expect(emulator.tenant.items(TEMPLATES)).toMatchObject([
      { id, content: { body: { text: "{{ code }} by hand" } } },
    ]);
  });

  it("still refuses a reset template that keeps its sender", async () => {
    const id = await customize({
      type: "otp_verify",
      content: { from: "+15550100", body: { text: "{{ code }}" } },
    });
    await reset(id);

    const result = await provider().check({}, atPreview(otpVerify("{{ code }} is yours")));

    expect(result.failures).toEqual([{ property: "", reason: occupiedMessage(id) }]);
  });

  it("refuses a template reset to the platform's default: a reset keeps its id, so it is still someone's", async () => {
    const id = await customize({ type: "otp_verify", content: { body: { text: "{{ code }} by hand" } } });
    await reset(id);

    const result = await provider().check({}, atPreview(otpVerify("{{ code }} is yours")));

    expect(result.failures).toEqual([{ property: "", reason: occupiedMessage(id) }]);
  });

  it("refuses a template another stack created with the platform's default text", async () => {
    const id = await customize({ type: "otp_verify", content: { body: verifyDefaults } });

    const result = await provider().check({}, atPreview(otpVerify(verifyDefaults!.text!)));

    expect(result.failures).toEqual([{ property: "", reason: occupiedMessage(id) }]);
  });

  it("refuses the second of two first ups that race for one type, in one line, writing nothing", async () => {
    const [first, second] = [provider(), provider()];
    expect((await first.check({}, atPreview(otpVerify(verifyDefaults!.text!)))).failures).toEqual([]);
    expect((await second.check({}, atPreview(otpVerify(verifyDefaults!.text!)))).failures).toEqual([]);
    const created = await first.create(otpVerify(verifyDefaults!.text!));
    emulator.clearRequestLog();

    const failure = await second.create(otpVerify(verifyDefaults!.text!)).then(
      () => undefined,
      (error: unknown) => error as Error,
    );

    expect(failure?.message).toBe(`${emulator.url}: ${occupiedReason(String(created.outs.templateId))}`);
    expect(writes()).toEqual([]);
  });

  it("gives the type back at destroy (a DELETE), so another stack may create it", async () => {
    const { id, outs } = await provider().create(otpVerify("{{ code }} is yours"));
    await provider().delete(id, outs);

    const result = await provider().check({}, atPreview(otpVerify("{{ code }} is mine")));

    expect(result.failures).toEqual([]);
  });
});

describe("a content.from the program no longer declares", () => {
  let emulator: TenantEmulator;
  let warnings: string[];
  const declared = (from?: string, text = "{{ code }} is yours") => ({
    type: "otp_verify",
    disabled: false,
    content: { ...(from === undefined ? {} : { from }), body: { text } },
  });

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
    warnings = [];
    jest.spyOn(engineLogModule, "engineLog").mockImplementation((message, severity = "info") => {
      if (severity === "warn") warnings.push(`warning: ${message}`);
    });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await emulator.close();
  });

  it("is no change, the inputs are the program's, and a warning says the tenant keeps it", async () => {
    const provider = createProvider(emulatorContext(emulator), recordingLog());
    const { outs } = await provider.create(declared("+15550100"));
    const olds = { ...declared("+15550100"), domain: emulator.url };

    const checked = await provider.check(olds, atPreview(declared()));
    const diff = await provider.diff("id", outs, checked.inputs);

    expect(checked.failures).toEqual([]);
    // Stored as they are by the unchanged step, which keeps the outputs (and their number).
    expect(checked.inputs.content).toEqual({ body: { text: "{{ code }} is yours" } });
    expect(diff.changes).toBe(false);
    expect(warnings).toEqual([
      `warning: PhoneNotificationTemplate otp_verify on ${emulator.url}: content.from is no longer declared, ` +
        "but the API cannot clear a template's sender number (a PATCH takes 1 to 16 characters, and a reset " +
        "keeps it): the tenant keeps it (and so does the stack's state).",
    ]);
  });

  it("is kept, as on the tenant, by an update of the text", async () => {
    const { outs } = await createProvider(emulatorContext(emulator), recordingLog()).create(
      declared("+15550100"),
    );
    const olds = { ...declared("+15550100"), domain: emulator.url };
    // The next command's provider process.
    const provider = createProvider(emulatorContext(emulator), recordingLog());

    const checked = await provider.check(olds, declared(undefined, "{{ code }} is new"));
    const diff = await provider.diff("id", outs, checked.inputs);
    const updated = await provider.update("id", outs, checked.inputs);

    expect(diff.changes).toBe(true);
    expect(updated.outs).toMatchObject({
      content: { from: "+15550100", body: { text: "{{ code }} is new" } },
    });
    expect(emulator.tenant.items(TEMPLATES)).toMatchObject([{ content: { from: "+15550100" } }]);
  });

  it("stays in the state through a later update whose inputs no longer hold it", async () => {
    const { outs } = await createProvider(emulatorContext(emulator), recordingLog()).create(
      declared("+15550100"),
    );
    // The inputs an unchanged step stored when the number was dropped; then, in a later command, a new text.
    const olds = { ...declared(), domain: emulator.url };
    const provider = createProvider(emulatorContext(emulator), recordingLog());

    const checked = await provider.check(olds, declared(undefined, "{{ code }} is new"));
    const updated = await provider.update("id", outs, checked.inputs);

    expect(checked.inputs.content).toEqual({ body: { text: "{{ code }} is new" } });
    expect(updated.outs).toMatchObject({
      content: { from: "+15550100", body: { text: "{{ code }} is new" } },
    });
    expect(emulator.tenant.items(TEMPLATES)).toMatchObject([{ content: { from: "+15550100" } }]);
  });

  it("is refreshed without inputs while the tenant has what the state says, so the stored inputs stay the program's", async () => {
    const provider = createProvider(emulatorContext(emulator), recordingLog());
    const { id, outs } = await provider.create(declared("+15550100"));

    const unchanged = await provider.read(id, outs);
    const patched = await fetch(`${emulator.url}/api/v2${TEMPLATES}/${String(outs.templateId)}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await emulator.issueToken()}`, "content-type": "application/json" },
      body: JSON.stringify({ content: { body: { text: "{{ code }} by hand" } } }),
    });
    expect(patched.status).toBe(200);
    const drifted = await provider.read(id, outs);

    expect(unchanged).toEqual({ id, props: outs });
    expect(drifted.inputs).toMatchObject({
      content: { from: "+15550100", body: { text: "{{ code }} by hand" } },
    });
    expect(drifted.inputs).not.toHaveProperty("templateId");
  });
});
