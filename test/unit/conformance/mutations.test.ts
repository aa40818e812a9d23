/**
 * The judge catches an emulator that answers otherwise: each mutation below changes the emulator's answers
 * (through replay.ts's answer hook, as a changed default or route would answer), the cassettes it can show in
 * are replayed, and exactly the interactions whose answer it changed must fail.
 */
import { DEFAULT_PHONE_NOTIFICATION_BODIES } from "../../../src/resources/phoneNotificationTemplate/api";
import { deepEqual, isPlainObject } from "./judge";
import type { ObjectKind } from "./recordings";
import { loadFixtures, targetOf } from "./recordings";
import type { Answer, AnswerHook } from "./replay";
import { clientPublicKey, emulatedScopes, replayInteraction, startReplay } from "./replay";

type Template = Record<string, unknown>;

/** `answer` with each template it shows (a template, or a list's items) passed through `change`. */
function eachTemplate(answer: Answer, change: (template: Template) => Template): Answer {
  const body = answer.body;
  if (!isPlainObject(body)) return answer;
  if (Array.isArray(body["templates"])) {
    const templates = body["templates"].map((item: unknown) => (isPlainObject(item) ? change(item) : item));
    return { ...answer, body: { ...body, templates } };
  }
  return typeof body["type"] === "string" ? { ...answer, body: change(body) } : answer;
}

const OTP_VERIFY_TEXT = DEFAULT_PHONE_NOTIFICATION_BODIES.otp_verify?.text;

interface Mutation {
  readonly name: string;
  /** The objects whose answers it changes: the cassettes with an interaction on one are replayed. */
  readonly kinds: readonly ObjectKind[];
  readonly hook: AnswerHook;
}

const MUTATIONS: readonly Mutation[] = [
  {
    name: "the default template list answered entirely as otp_verify, disabled: true",
    kinds: ["templateList"],
    hook: ({ method, target }, answer) =>
      method === "GET" && target.kind === "templateList"
        ? eachTemplate(answer, (template) =>
            template["id"] === undefined ? { ...template, type: "otp_verify", disabled: true } : template,
          )
        : answer,
  },
  {
    name: 'channel: "sms" on created templates',
    kinds: ["templateList", "template"],
    hook: (_request, answer) =>
      eachTemplate(answer, (template) =>
        template["id"] === undefined ? template : { ...template, channel: "sms" },
      ),
  },
  {
    name: "an edited default text (otp_verify's text)",
    kinds: ["templateList", "template"],
    hook: (_request, answer) =>
      eachTemplate(answer, (template) => {
        const content = template["content"];
        const body = isPlainObject(content) ? content["body"] : undefined;
        if (!isPlainObject(content) || !isPlainObject(body) || body["text"] !== OTP_VERIFY_TEXT)
          return template;
        const text = "{{ code | escape }} is your code for {{ friendly_name | escape }}";
        return { ...template, content: { ...content, body: { ...body, text } } };
      }),
  },
  {
    name: "settings GETs without sandbox_version and enabled_locales",
    kinds: ["settings"],
    hook: ({ method, target }, answer) => {
      if (method !== "GET" || target.kind !== "settings" || !isPlainObject(answer.body)) return answer;
      const body = { ...answer.body };
      delete body["sandbox_version"];
      delete body["enabled_locales"];
      return { ...answer, body };
    },
  },
  {
    name: "the phone factor listed last",
    kinds: ["factors"],
    hook: ({ method, target }, answer) => {
      if (method !== "GET" || target.kind !== "factors" || !Array.isArray(answer.body)) return answer;
      const [first, ...rest] = answer.body as unknown[];
      return { ...answer, body: [...rest, first] };
    },
  },
  {
    name: "the Twilio account's GET without its unset members",
    kinds: ["twilioAccount"],
    hook: ({ method }, answer) =>
      method === "GET" && isPlainObject(answer.body)
        ? { ...answer, body: Object.fromEntries(Object.entries(answer.body).filter(([, v]) => v !== null)) }
        : answer,
  },
  {
    name: "a phone provider's credentials answered",
    kinds: ["providerList", "provider"],
    hook: ({ target }, answer) => {
      const credentials = { auth_token: "answered" };
      const body = answer.body;
      if (!isPlainObject(body) || !["providerList", "provider"].includes(target.kind)) return answer;
      if (Array.isArray(body["providers"])) {
        const providers = body["providers"].map((item: unknown) =>
          isPlainObject(item) ? { ...item, credentials } : item,
        );
        return { ...answer, body: { ...body, providers } };
      }
      return typeof body["id"] === "string" ? { ...answer, body: { ...body, credentials } } : answer;
    },
  },
];

/** A loaded machine starts many emulators and template workers slowly; nothing here measures time. */
const MUTATION_TIMEOUT_MS = 300_000;

const fixtures = loadFixtures();

describe("the judge fails an emulator that answers otherwise", () => {
  let options: { clientPublicKey: string; scopes: string[] };
  beforeAll(async () => {
    options = { clientPublicKey: clientPublicKey(), scopes: await emulatedScopes() };
  });

  it.each(MUTATIONS.map((mutation) => [mutation.name, mutation] as const))(
    "%s",
    async (_name, mutation) => {
      const changed: string[] = [];
      const failed: string[] = [];
      const chosen = fixtures.filter((fixture) =>
        fixture.interactions.some((interaction) => mutation.kinds.includes(targetOf(interaction.path).kind)),
      );
      await Promise.all(
        chosen.map(async (fixture) => {
          let current = "";
          const hook: AnswerHook = (request, answer) => {
            const mutated = mutation.hook(request, answer);
            if (!deepEqual(mutated, answer)) changed.push(current);
            return mutated;
          };
          const replay = await startReplay(fixture, { ...options, hook });
          try {
            for (const interaction of fixture.interactions) {
              current = `${fixture.name} #${interaction.index}`;
              const verdict = await replayInteraction(replay, interaction);
              if (verdict.failures.length > 0) failed.push(current);
            }
          } finally {
            await replay.emulator.close();
          }
        }),
      );
      console.info(
        `${mutation.name}: ${changed.length} answers changed in ${chosen.length} cassettes, ${failed.length} failed`,
      );
      expect(changed.length).toBeGreaterThan(0);
      expect(failed.sort()).toEqual(changed.sort());
    },
    MUTATION_TIMEOUT_MS,
  );
});
