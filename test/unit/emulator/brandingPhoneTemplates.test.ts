/**
 * `/branding/phone/templates`, the phone message templates of a tenant enrolled in the Unified Phone
 * Experience, against what recorded real tenants answer (go-auth0 and terraform-provider-auth0 cassettes): at
 * most one template per type; the list shows the types never customized as the platform's defaults.
 */
import {
  DEFAULT_PHONE_NOTIFICATION_BODIES,
  phoneNotificationTemplateEndpoints,
  resetPhoneNotificationTemplate,
} from "../../../src/resources/phoneNotificationTemplate/api";
import type { TenantEmulator } from "../../../src/emulator";

import { BRANDING_TEMPLATES_COLLECTION, BRANDING_TEMPLATES_PATH, call, startTestEmulator } from "./support";

/** A template as the API answers it. */
interface Template {
  id?: string;
  tenant: string;
  channel: string;
  type: string;
  disabled: boolean;
  created_at: string;
  updated_at: string;
  content: { syntax: string; body: { text?: string; voice?: string }; from?: string };
}

const NOT_FOUND = { statusCode: 404, error: "Not Found", message: "Notification Resource not found" };
const DEFAULT_TYPES = ["blocked_account", "change_password", "otp_enroll", "otp_verify"];
/** The members of a template, in the order a recorded answer has them. */
const TEMPLATE_KEYS = ["id", "tenant", "channel", "type", "disabled", "created_at", "updated_at", "content"];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("/branding/phone/templates", () => {
  let emulator: TenantEmulator;
  let token: string;
  const log: string[] = [];

  beforeAll(async () => {
    emulator = await startTestEmulator({ log: (line) => log.push(line) });
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());
  afterEach(async () => {
    for (const item of emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION) as { id: string }[]) {
      await call(emulator, "DELETE", `${BRANDING_TEMPLATES_PATH}/${item.id}`, { token });
    }
    log.length = 0;
  });

  const list = async (query = ""): Promise<Template[]> => {
    const response = await call(emulator, "GET", `${BRANDING_TEMPLATES_PATH}${query}`, { token });
    expect(response.status).toBe(200);
    return (response.body as { templates: Template[] }).templates;
  };
  const create = async (json: unknown): Promise<Template> => {
    const response = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, { token, json });
    expect(response.status).toBe(201);
    return response.body as Template;
  };
  const at = (id: string, suffix = "") => `${BRANDING_TEMPLATES_PATH}/${id}${suffix}`;
  const otpVerify = {
    type: "otp_verify",
    disabled: false,
    content: {
      syntax: "liquid",
      from: "1234567890",
      body: { text: "Your code: {{ code }}", voice: "Your code is {{ pause }} {{ code }}" },
    },
  };

  describe("the list", () => {
    it("shows a new tenant the platform's defaults of every type but password_breach, sorted by type, without id and with an empty from, as recorded", async () => {
      const before = Date.now();
      const templates = await list();

      expect(templates.map((template) => template.type)).toEqual(DEFAULT_TYPES);
      for (const template of templates) {
        expect(Object.keys(template)).toEqual(TEMPLATE_KEYS.filter((key) => key !== "id"));
        expect(Object.keys(template.content)).toEqual(["syntax", "body", "from"]);
        expect(template).toMatchObject({
          channel: "phone",
          disabled: false,
          content: {
            syntax: "liquid",
            from: "",
            body: DEFAULT_PHONE_NOTIFICATION_BODIES[template.type as "otp_verify"],
          },
        });
        // Generated at request time.
        expect(Date.parse(template.created_at)).toBeGreaterThanOrEqual(before - 1);
        expect(template.updated_at).toBe(template.created_at);
      }
    });

    it("puts customized templates first, in the order created, and drops the defaults of their types", async () => {
      const changePassword = await create({
        type: "change_password",
        content: { body: { text: "Reset: {{ code }}" } },
      });
      const verify = await create(otpVerify);

      const templates = await list();

      expect(templates.slice(0, 2)).toEqual([changePassword, verify]);
      expect(templates.slice(2).map((template) => template.type)).toEqual(["blocked_account", "otp_enroll"]);
      expect(templates.slice(2).every((template) => template.id === undefined)).toBe(true);
    });

    it("filters on disabled=true and disabled=false", async () => {
      const disabled = await create({ ...otpVerify, disabled: true });

      expect(await list("?disabled=true")).toEqual([disabled]);
      expect((await list("?disabled=false")).map((template) => template.type)).toEqual([
        "blocked_account",
        "change_password",
        "otp_enroll",
      ]);
    });

    it("answers a disabled filter that is not a boolean with 400 invalid_query_string", async () => {
      const response = await call(emulator, "GET", `${BRANDING_TEMPLATES_PATH}?disabled=yes`, { token });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, errorCode: "invalid_query_string" });
    });
  });

  describe("create", () => {
    it("answers 201 with the stored template: a tem_ id, the platform's members in the recorded order, syntax liquid added", async () => {
      const response = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
        token,
        json: {
          content: {
            from: "+1234567890",
            body: { text: "Your enrollment code is: @{code}", voice: "Code @{code}" },
          },
          type: "otp_enroll",
          disabled: false,
        },
      });

      expect(response.status).toBe(201);
      const template = response.body as Template;
      expect(template.id).toMatch(/^tem_[A-Za-z0-9]{22}$/);
      expect(Object.keys(template)).toEqual(TEMPLATE_KEYS);
      expect(Object.keys(template.content)).toEqual(["syntax", "body", "from"]);
      expect(template).toMatchObject({
        channel: "phone",
        type: "otp_enroll",
        disabled: false,
        content: {
          syntax: "liquid",
          from: "+1234567890",
          body: { text: "Your enrollment code is: @{code}", voice: "Code @{code}" },
        },
      });
      expect(template.updated_at).toBe(template.created_at);
      expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual([template]);
    });

    it("answers a template created without from without a from member, as recorded", async () => {
      const template = await create({
        content: { body: { text: "Your account has been blocked", voice: "Your account has been blocked" } },
        type: "blocked_account",
        disabled: false,
      });

      expect(template.content).toEqual({
        syntax: "liquid",
        body: { text: "Your account has been blocked", voice: "Your account has been blocked" },
      });
    });

    it("answers 409 for a second template of a type, and keeps the first", async () => {
      const first = await create(otpVerify);
      const second = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
        token,
        json: { ...otpVerify, content: { body: { text: "Other {{ code }}" } } },
      });

      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        statusCode: 409,
        error: "Conflict",
        message: "Phone template already configured for tenant",
      });
      expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual([first]);
    });

    it("takes a form-encoded body, disabled=true as a boolean", async () => {
      const response = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
        token,
        form: "type=otp_verify&disabled=true&content[from]=%2B15550100&content[body][text]=Code+%7B%7B+code+%7D%7D",
      });

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        type: "otp_verify",
        disabled: true,
        content: { from: "+15550100", body: { text: "Code {{ code }}" } },
      });
    });

    it("answers a form-encoded disabled that is not true or false with 400", async () => {
      const response = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
        token,
        form: "type=otp_verify&disabled=yes",
      });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errorCode: "invalid_body",
        message:
          "Payload validation error: 'Expected type boolean but found type string' on property disabled.",
      });
    });
  });

  describe("limits and validation", () => {
    const long = (length: number) => `${"x".repeat(length - 8)}{{code}}`;

    it.each<[string, unknown, string]>([
      [
        "an empty from",
        { type: "otp_verify", content: { from: "" } },
        "'String is too short (0 chars), minimum 1' on property content.from.",
      ],
      [
        "a from of 17 characters",
        { type: "otp_verify", content: { from: "1".repeat(17) } },
        "'String is too long (17 chars), maximum 16' on property content.from.",
      ],
      [
        "an empty text",
        { type: "otp_verify", content: { body: { text: "" } } },
        "'String is too short (0 chars), minimum 1' on property content.body.text.",
      ],
      [
        "a voice text of 20,001 characters",
        { type: "otp_verify", content: { body: { voice: long(20_001) } } },
        "'String is too long (20001 chars), maximum 20000' on property content.body.voice.",
      ],
      ["an unknown type", { type: "welcome" }, `'No enum match for: "welcome"' on property type.`],
      [
        "an unknown property",
        { type: "otp_verify", content: { body: { text: "x", sms: "y" } } },
        "'Additional properties not allowed: sms' on property content.body.",
      ],
    ])("refuses %s with 400 invalid_body naming the property", async (_name, json, reason) => {
      const response = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, { token, json });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: `Payload validation error: ${reason}`,
        errorCode: "invalid_body",
      });
      expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual([]);
    });

    it("takes a from of 1 and of 16 characters, and texts of 1 and of 20,000 characters", async () => {
      const template = await create({
        type: "otp_verify",
        content: { from: "1".repeat(16), body: { text: "x", voice: long(20_000) } },
      });
      const patched = await call(emulator, "PATCH", at(template.id ?? ""), {
        token,
        json: { content: { from: "1", body: { text: long(20_000) } } },
      });

      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ content: { from: "1", body: { text: long(20_000) } } });
    });

    it("applies the limits to a PATCH too", async () => {
      const template = await create(otpVerify);
      const response = await call(emulator, "PATCH", at(template.id ?? ""), {
        token,
        json: { content: { from: "1".repeat(17) } },
      });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        message:
          "Payload validation error: 'String is too long (17 chars), maximum 16' on property content.from.",
      });
    });

    it("refuses a text that does not parse as Liquid, naming the property", async () => {
      const response = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
        token,
        json: { type: "otp_verify", content: { body: { text: "{{ code }}", voice: "{% if code %}no end" } } },
      });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        errorCode: "invalid_body",
        message: expect.stringMatching(
          /^Payload validation error: 'Invalid template: .+' on property content\.body\.voice\.$/,
        ),
      });
      expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual([]);
    });

    it("refuses a text over the Liquid budget with a 400, and answers another request meanwhile", async () => {
      const expensive =
        "{{code}}{% for a in (1..3000) %}{% for b in (1..3000) %}{% assign c = b | plus: 1 %}{% endfor %}{% endfor %}";
      const refused = call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
        token,
        json: { type: "otp_verify", content: { body: { text: expensive } } },
      });

      // The review runs in a worker thread (templateWorker.test.ts shows the event loop runs meanwhile).
      const other = await call(emulator, "GET", BRANDING_TEMPLATES_PATH, { token });

      expect(other.status).toBe(200);
      const response = await refused;
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errorCode: "invalid_body",
        message: expect.stringMatching(
          /^Payload validation error: 'Invalid template: .+' on property content\.body\.text\.$/,
        ),
      });
    });
  });

  describe("one template", () => {
    it("is read back by its id", async () => {
      const template = await create(otpVerify);
      const response = await call(emulator, "GET", at(template.id ?? ""), { token });

      expect(response.status).toBe(200);
      expect(response.body).toEqual(template);
    });

    it("is changed by a PATCH that merges the content sent, keeps created_at and bumps updated_at", async () => {
      const template = await create(otpVerify);
      await wait(5);

      const response = await call(emulator, "PATCH", at(template.id ?? ""), {
        token,
        json: { disabled: true, content: { body: { text: "New {{ code }}" } } },
      });

      expect(response.status).toBe(200);
      const patched = response.body as Template;
      expect(patched).toEqual({
        ...template,
        disabled: true,
        updated_at: expect.any(String),
        content: { ...template.content, body: { ...template.content.body, text: "New {{ code }}" } },
      });
      expect(patched.created_at).toBe(template.created_at);
      expect(Date.parse(patched.updated_at)).toBeGreaterThan(Date.parse(template.updated_at));
      expect((await call(emulator, "GET", at(template.id ?? ""), { token })).body).toEqual(patched);

      const fromOnly = await call(emulator, "PATCH", at(template.id ?? ""), {
        token,
        json: { content: { from: "+15550199" } },
      });
      expect(fromOnly.body).toMatchObject({
        disabled: true,
        content: { from: "+15550199", body: { text: "New {{ code }}", voice: otpVerify.content.body.voice } },
      });
    });

    it("cannot change its type or its syntax", async () => {
      const template = await create(otpVerify);

      for (const json of [{ type: "otp_enroll" }, { content: { syntax: "liquid" } }]) {
        const response = await call(emulator, "PATCH", at(template.id ?? ""), { token, json });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ errorCode: "invalid_body" });
      }
    });

    it("is deleted with a 204 and no body, then answers 404 without an errorCode, as recorded, and its type is a default again", async () => {
      const template = await create(otpVerify);

      const deleted = await call(emulator, "DELETE", at(template.id ?? ""), { token });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe("");

      for (const [method, suffix] of [
        ["DELETE", ""],
        ["GET", ""],
        ["PATCH", ""],
        ["PATCH", "/reset"],
      ] as const) {
        const response = await call(emulator, method, at(template.id ?? "", suffix), {
          token,
          ...(method === "PATCH" ? { json: suffix === "" ? { disabled: true } : {} } : {}),
        });
        expect(response.status).toBe(404);
        expect(response.body).toEqual(NOT_FOUND);
      }
      expect((await list()).map((item) => item.type)).toEqual(DEFAULT_TYPES);
    });

    it("answers 404 for an id that never existed", async () => {
      const response = await call(emulator, "GET", at("tem_nosuchtemplate00000000"), { token });

      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    });
  });

  describe("reset", () => {
    it.each<[string, { json?: unknown }]>([
      ["without a body, as recorded", {}],
      ["with an empty JSON object", { json: {} }],
    ])("puts the default texts back and keeps id, from and disabled, %s", async (_how, body) => {
      const template = await create({ ...otpVerify, disabled: true });
      await wait(5);

      const response = await call(emulator, "PATCH", at(template.id ?? "", "/reset"), { token, ...body });

      expect(response.status).toBe(200);
      const reset = response.body as Template;
      expect(reset).toEqual({
        ...template,
        updated_at: expect.any(String),
        content: { syntax: "liquid", body: DEFAULT_PHONE_NOTIFICATION_BODIES.otp_verify, from: "1234567890" },
      });
      expect(Date.parse(reset.updated_at)).toBeGreaterThan(Date.parse(template.updated_at));
      expect(Object.keys(reset.content)).toEqual(["syntax", "body", "from"]);
    });
  });

  describe("try", () => {
    it("answers 202 with the platform's body and logs the message it would send, without the number", async () => {
      const template = await create(otpVerify);

      const response = await call(emulator, "POST", at(template.id ?? "", "/try"), {
        token,
        json: { to: "911234567890", delivery_method: "text" },
      });

      expect(response.status).toBe(202);
      expect(response.text).toBe(
        '{"code":202,"message":"Test notification successfully sent for processing"}',
      );
      const tried = log.filter((line) => line.startsWith("try:"));
      expect(tried).toEqual([expect.stringContaining("otp_verify text message")]);
      expect(log.join("\n")).not.toContain("911234567890");
    });

    it.each<[string, unknown, number]>([
      ["without to", { delivery_method: "voice" }, 400],
      ["with a delivery method that is neither text nor voice", { to: "1", delivery_method: "email" }, 400],
    ])("answers a try %s with %i", async (_name, json, status) => {
      const template = await create(otpVerify);
      const response = await call(emulator, "POST", at(template.id ?? "", "/try"), { token, json });

      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ errorCode: "invalid_body" });
    });

    it("answers a try of an unknown template with 404", async () => {
      const response = await call(emulator, "POST", at("tem_nosuchtemplate00000000", "/try"), {
        token,
        json: { to: "911234567890" },
      });

      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    });
  });

  describe("scopes", () => {
    // [endpoint, method, path (of the template `id`), body, success status]
    const rows: [string, string, (id: string) => string, unknown, number][] = [
      [phoneNotificationTemplateEndpoints.list.scope, "GET", () => BRANDING_TEMPLATES_PATH, undefined, 200],
      [phoneNotificationTemplateEndpoints.get.scope, "GET", (id) => at(id), undefined, 200],
      [
        phoneNotificationTemplateEndpoints.create.scope,
        "POST",
        () => BRANDING_TEMPLATES_PATH,
        { type: "otp_enroll" },
        201,
      ],
      [phoneNotificationTemplateEndpoints.update.scope, "PATCH", (id) => at(id), { disabled: true }, 200],
      [resetPhoneNotificationTemplate.scope, "PATCH", (id) => at(id, "/reset"), {}, 200],
      [
        phoneNotificationTemplateEndpoints.try.scope,
        "POST",
        (id) => at(id, "/try"),
        { to: "911234567890" },
        202,
      ],
      [phoneNotificationTemplateEndpoints.remove.scope, "DELETE", (id) => at(id), undefined, 204],
    ];

    it("are the platform's: read, create (try too), update (reset too) and delete:phone_templates", () => {
      expect(rows.map(([scope, method, path]) => `${method} ${path("{id}")} ${scope}`)).toEqual([
        `GET ${BRANDING_TEMPLATES_PATH} read:phone_templates`,
        `GET ${BRANDING_TEMPLATES_PATH}/{id} read:phone_templates`,
        `POST ${BRANDING_TEMPLATES_PATH} create:phone_templates`,
        `PATCH ${BRANDING_TEMPLATES_PATH}/{id} update:phone_templates`,
        `PATCH ${BRANDING_TEMPLATES_PATH}/{id}/reset update:phone_templates`,
        `POST ${BRANDING_TEMPLATES_PATH}/{id}/try create:phone_templates`,
        `DELETE ${BRANDING_TEMPLATES_PATH}/{id} delete:phone_templates`,
      ]);
    });

    it.each(rows)(
      "%s: %s without it is a 403, with only it succeeds",
      async (scope, method, path, json, status) => {
        const template = await create(otpVerify);
        const all = ["read", "create", "update", "delete"].map((verb) => `${verb}:phone_templates`);
        const without = await emulator.issueToken({ scopes: all.filter((candidate) => candidate !== scope) });
        const only = await emulator.issueToken({ scopes: [scope] });
        const send = (bearer: string) =>
          call(emulator, method, path(template.id ?? ""), {
            token: bearer,
            ...(json === undefined ? {} : { json }),
          });

        const refused = await send(without);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          statusCode: 403,
          error: "Forbidden",
          message: `Insufficient scope, expected any of: ${scope}`,
          errorCode: "insufficient_scope",
        });
        expect((await send(only)).status).toBe(status);
      },
    );
  });

  it("keeps the templates in the data file's collection, as TenantControl.items shows them", async () => {
    const first = await create(otpVerify);
    const second = await create({ type: "blocked_account", content: { body: { text: "Blocked" } } });

    expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual([first, second]);
  });
});
