/**
 * One writer per tenant object: requests sent to one object at the same time answer, and leave the tenant, as
 * some serial order of them would (the platform serializes the writes of one object).
 *
 * The rule each test checks: there is an order of the requests such that, applied one after another, every
 * request gets the status (and, for a write that answers the object, the content) it got, and the tenant ends
 * as it is. Small sets of requests are checked against every order of a model of the collection; larger ones
 * against what any order implies (one 201 per type; a PATCH's change is never lost; after a 204 DELETE the
 * template is gone unless a create came after it).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";

import { DEFAULT_PHONE_NOTIFICATION_BODIES } from "../../../src/resources/phoneNotificationTemplate/api";
import type { TenantEmulator } from "../../../src/emulator";
import { emulatedScopes } from "../../../src/emulator/emulator";

import {
  BRANDING_TEMPLATES_COLLECTION,
  BRANDING_TEMPLATES_PATH,
  CAPTCHA_DOCUMENT,
  CAPTCHA_PATH,
  MESSAGE_TYPES_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  SMS_TEMPLATES_PATH,
  call,
  phoneTemplatesOf,
  settingsOf,
  startLegacyPhoneEmulator,
  startTestEmulator,
  storedCaptchaOf,
} from "./support";
import type { TestResponse } from "./support";

jest.setTimeout(120_000);

/** A stored branding template, as the tests look at it. */
interface Template {
  id: string;
  type: string;
  disabled: boolean;
  content: { body: { text?: string | undefined; voice?: string | undefined }; from?: string };
}

const TYPE = "otp_enroll";
const DEFAULT_BODY = DEFAULT_PHONE_NOTIFICATION_BODIES[TYPE];
const ROUNDS = 10;

const templatesOf = (emulator: TenantEmulator): Template[] =>
  emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION) as Template[];

/** Every order of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("concurrent writes to the branding phone templates", () => {
  let emulator: TenantEmulator;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "concurrent-writes-"));
    emulator = await startTestEmulator({ dataDir });
    token = await emulator.issueToken();
  });
  afterAll(async () => {
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    for (const item of templatesOf(emulator)) {
      await call(emulator, "DELETE", `${BRANDING_TEMPLATES_PATH}/${item.id}`, { token });
    }
  });

  const at = (id: string, suffix = "") => `${BRANDING_TEMPLATES_PATH}/${id}${suffix}`;
  const send = (method: string, path: string, json?: unknown): Promise<TestResponse> =>
    call(emulator, method, path, json === undefined ? { token } : { token, json });
  const create = async (body: { text?: string; voice?: string }): Promise<Template> => {
    const response = await send("POST", BRANDING_TEMPLATES_PATH, { type: TYPE, content: { body } });
    expect(response.status).toBe(201);
    return response.body as Template;
  };
  const savedTemplates = async (): Promise<Template[]> => {
    const saved = JSON.parse(await readFile(emulator.dataFile ?? "", "utf8")) as {
      collections: Record<string, Record<string, Template>>;
    };
    return Object.values(saved.collections[BRANDING_TEMPLATES_COLLECTION] ?? {});
  };

  it("answers 201 to one of 20 creates of a type sent at once, 409 to the others, and keeps one template", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send("POST", BRANDING_TEMPLATES_PATH, {
          type: TYPE,
          content: { body: { text: `create ${index} {{ code }}` } },
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    const created = answers.find((answer) => answer.status === 201)?.body as Template;
    expect(templatesOf(emulator).map((item) => item.id)).toEqual([created.id]);
    expect((await savedTemplates()).map((item) => item.id)).toEqual([created.id]);
  });

  it("keeps both changes of a text-only and a voice-only PATCH sent at once", async () => {
    const { id } = await create({ text: "text 0 {{ code }}", voice: "voice 0 {{ code }}" });
    for (let round = 1; round <= ROUNDS; round += 1) {
      const [text, voice] = await Promise.all([
        send("PATCH", at(id), { content: { body: { text: `text ${round} {{ code }}` } } }),
        send("PATCH", at(id), { content: { body: { voice: `voice ${round} {{ code }}` } } }),
      ]);

      expect([text.status, voice.status]).toEqual([200, 200]);
      expect(templatesOf(emulator)[0]?.content.body).toEqual({
        text: `text ${round} {{ code }}`,
        voice: `voice ${round} {{ code }}`,
      });
    }
  });

  it("leaves no template after a 204 DELETE sent while PATCHes are being checked", async () => {
    // Texts whose check takes a while, and a head start for the PATCHes (an order, not a time, the test
    // asserts): a PATCH that has read the template is still being checked when the DELETE comes.
    const slow = "{% for i in (1..3000) %}{% if i > 1 %}.{% endif %}{% endfor %}{{ code }}";
    const patch = (id: string, index: number) =>
      send("PATCH", at(id), { content: { body: { text: `${index} ${slow}` } } });
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id } = await create({ text: "before {{ code }}" });
      const patches = [1, 2, 3, 4].map((index) => patch(id, index));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const removal = await send("DELETE", at(id));
      const answers = await Promise.all(patches);

      expect(removal.status).toBe(204);
      answers.forEach((answer) => expect([200, 404]).toContain(answer.status));
      expect(templatesOf(emulator)).toEqual([]);
      expect(await savedTemplates()).toEqual([]);
    }
  });

  /** A request of the mixed runs, on the template that exists when the run starts. */
  type Kind = "create" | "text" | "voice" | "disable" | "enable" | "reset" | "delete";
  /** The template of {@link TYPE} in the model: whether it is the run's first one, its texts and `disabled`. */
  type Model = { first: boolean; body: Template["content"]["body"]; disabled: boolean } | undefined;
  interface Outcome {
    status: number;
    /** The template a 200 or 201 answered, as the model holds it. */
    answered?: Model;
  }

  /** What one request does to the model: a serial step of the platform's rules for one type. */
  function step(model: Model, kind: Kind, index: number): { next: Model; outcome: Outcome } {
    const answer = (next: Model, status = 200) => ({ next, outcome: { status, answered: next } });
    if (kind === "create") {
      if (model !== undefined) return { next: model, outcome: { status: 409 } };
      return answer({ first: false, body: { text: `created ${index} {{ code }}` }, disabled: false }, 201);
    }
    // Every other request names the run's first template: a later one has another id.
    if (model === undefined || !model.first) return { next: model, outcome: { status: 404 } };
    switch (kind) {
      case "text":
        return answer({ ...model, body: { ...model.body, text: `text ${index} {{ code }}` } });
      case "voice":
        return answer({ ...model, body: { ...model.body, voice: `voice ${index} {{ code }}` } });
      case "disable":
      case "enable":
        return answer({ ...model, disabled: kind === "disable" });
      case "reset":
        return answer({ ...model, body: { ...DEFAULT_BODY } });
      case "delete":
        return { next: undefined, outcome: { status: 204 } };
    }
  }

  function request(kind: Kind, index: number, id: string): Promise<TestResponse> {
    switch (kind) {
      case "create":
        return send("POST", BRANDING_TEMPLATES_PATH, {
          type: TYPE,
          content: { body: { text: `created ${index} {{ code }}` } },
        });
      case "text":
        return send("PATCH", at(id), { content: { body: { text: `text ${index} {{ code }}` } } });
      case "voice":
        return send("PATCH", at(id), { content: { body: { voice: `voice ${index} {{ code }}` } } });
      case "disable":
      case "enable":
        return send("PATCH", at(id), { disabled: kind === "disable" });
      case "reset":
        return send("PATCH", at(id, "/reset"), {});
      case "delete":
        return send("DELETE", at(id));
    }
  }

  const asModel = (template: Template | undefined, firstId: string): Model =>
    template === undefined
      ? undefined
      : { first: template.id === firstId, body: template.content.body, disabled: template.disabled };

  it("answers mixed requests sent at once, and ends, as some order of them applied one by one would", async () => {
    const kinds = fc.constantFrom<Kind>("create", "text", "voice", "disable", "enable", "reset", "delete");
    await fc.assert(
      fc.asyncProperty(fc.array(kinds, { minLength: 2, maxLength: 5 }), async (run) => {
        for (const item of templatesOf(emulator)) await send("DELETE", at(item.id));
        const first = await create({ text: "first {{ code }}", voice: "first voice {{ code }}" });
        const start: Model = asModel(first, first.id);

        const answers = await Promise.all(run.map((kind, index) => request(kind, index, first.id)));
        const observed: Outcome[] = answers.map((answer) =>
          answer.status === 200 || answer.status === 201
            ? { status: answer.status, answered: asModel(answer.body as Template, first.id) }
            : { status: answer.status },
        );
        const remaining = templatesOf(emulator);
        expect(remaining.length).toBeLessThanOrEqual(1);
        const final = asModel(remaining[0], first.id);

        const explained = permutations(run.map((kind, index) => ({ kind, index }))).some((order) => {
          let model = start;
          const outcomes: Outcome[] = [];
          for (const { kind, index } of order) {
            const { next, outcome } = step(model, kind, index);
            outcomes[index] = outcome;
            model = next;
          }
          return JSON.stringify(outcomes) === JSON.stringify(observed) && isEqual(model, final);
        });
        expect({ run, observed, final, explained }).toEqual({ run, observed, final, explained: true });
      }),
      { numRuns: 25 },
    );
  });
});

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Sends `writes` at once: each changes one member of a document no other changes. In a serial order, the k-th
 * write's answer shows exactly k of the changes, its own among them; the document ends with all of them.
 */
async function expectDisjointWritesSerial(
  writes: readonly { send: () => Promise<unknown>; shows: (document: unknown) => boolean }[],
  document: () => unknown,
): Promise<void> {
  const answers = await Promise.all(writes.map((write) => write.send()));
  const seen = answers.map((answer) =>
    writes.flatMap((write, index) => (write.shows(answer) ? [index] : [])),
  );

  seen.forEach((indices, index) => expect(indices).toContain(index));
  expect(seen.map((indices) => indices.length).sort()).toEqual(writes.map((_, index) => index + 1));
  const byCount = [...seen].sort((a, b) => a.length - b.length);
  byCount
    .slice(1)
    .forEach((indices, index) => expect(indices).toEqual(expect.arrayContaining(byCount[index] ?? [])));
  expect(writes.every((write) => write.shows(document()))).toBe(true);
}

describe("concurrent writes to the documents", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startLegacyPhoneEmulator();
    // The package's scopes do not write the settings (a data source); these tests do.
    token = await emulator.issueToken({ scopes: await emulatedScopes() });
  });
  afterAll(() => emulator.close());

  const patch = async (path: string, json: unknown): Promise<unknown> => {
    const response = await call(emulator, "PATCH", path, { token, json });
    expect(response.status).toBe(200);
    return response.body;
  };
  const member = (document: unknown, ...path: string[]): unknown =>
    path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], document);

  it("applies CAPTCHA PATCHes of different providers sent at once, an out-of-band write among them, one after another", async () => {
    const providers = ["hcaptcha", "recaptcha_v2", "friendly_captcha"] as const;
    for (let round = 0; round < ROUNDS; round += 1) {
      const key = (provider: string) => `${provider}-${round}`;
      await expectDisjointWritesSerial(
        [
          ...providers.map((provider) => ({
            send: () => patch(CAPTCHA_PATH, { [provider]: { site_key: key(provider), secret: "s" } }),
            shows: (document: unknown) => member(document, provider, "site_key") === key(provider),
          })),
          {
            send: () =>
              emulator.tenant.write("PATCH", CAPTCHA_DOCUMENT, {
                arkose: { site_key: key("arkose"), secret: "s" },
              }),
            shows: (document: unknown) => member(document, "arkose", "site_key") === key("arkose"),
          },
        ],
        () => storedCaptchaOf(emulator),
      );
    }
  });

  it("applies tenant settings PATCHes of different members and flags sent at once one after another", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const flag = round % 2 === 0;
      await expectDisjointWritesSerial(
        [
          {
            send: () => patch(SETTINGS_PATH, { friendly_name: `name ${round}` }),
            shows: (document: unknown) => member(document, "friendly_name") === `name ${round}`,
          },
          {
            send: () => patch(SETTINGS_PATH, { support_email: `support${round}@example.com` }),
            shows: (document: unknown) => member(document, "support_email") === `support${round}@example.com`,
          },
          {
            send: () => patch(SETTINGS_PATH, { flags: { enable_client_connections: flag } }),
            shows: (document: unknown) => member(document, "flags", "enable_client_connections") === flag,
          },
          {
            send: () => patch(SETTINGS_PATH, { flags: { enable_apis_section: flag } }),
            shows: (document: unknown) => member(document, "flags", "enable_apis_section") === flag,
          },
        ],
        () => settingsOf(emulator),
      );
    }
  });

  it("answers each of legacy template PUTs sent at once at both paths with its own body, and keeps one of those answered 200", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const bodies = Array.from({ length: 6 }, (_, index) => ({
        enrollment_message: `enroll ${round}.${index} {{code}}`,
        verification_message: index % 3 === 2 ? "{% if %}" : `verify ${round}.${index} {{code}}`,
      }));
      const answers = await Promise.all([
        ...bodies.map((json, index) =>
          call(emulator, "PUT", index % 2 === 0 ? PHONE_TEMPLATES_PATH : SMS_TEMPLATES_PATH, { token, json }),
        ),
        call(emulator, "PUT", MESSAGE_TYPES_PATH, { token, json: { message_types: ["sms"] } }),
      ]);

      const accepted = bodies.filter((_, index) => answers[index]?.status === 200);
      answers.slice(0, bodies.length).forEach((answer, index) => {
        if (index % 3 === 2) expect(answer.status).toBe(400);
        else expect(answer.body).toEqual(bodies[index]);
      });
      expect(accepted).toContainEqual(phoneTemplatesOf(emulator));
    }
  });
});
