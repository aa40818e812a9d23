/**
 * Replaying one recorded cassette against its own emulator, and judging each answer (the rule is written out at
 * the top of replay.test.ts). An optional hook changes the emulator's answers before they are judged, so a test
 * can show the judge fails an emulator that answers otherwise (mutations.test.ts).
 */
import { generateKeyPairSync } from "node:crypto";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { emulatedScopes as emulatorScopes } from "../../../src/emulator/emulator";
import type { Difference, Verdict } from "./judge";
import { isPlainObject, judge } from "./judge";
import type { Fixture, Interaction, StartingFacts, Target } from "./recordings";
import { startingFacts, targetOf } from "./recordings";
import { excuseFor } from "./unreproducible";

/** An answer of the emulator, as the judge sees it. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** Changes an answer of the emulator to a replayed request (`path` is the emulator's, ids translated). */
export type AnswerHook = (
  request: { method: string; path: string; target: Target },
  answer: Answer,
) => Answer;

/** One replayed cassette: its emulator, its token, and the ids it translates. */
export interface Replay {
  readonly fixture: Fixture;
  readonly emulator: TenantEmulator;
  readonly token: string;
  readonly facts: StartingFacts;
  /** Recorded template and phone provider id → the emulator's. */
  readonly ids: Map<string, string>;
  readonly hook: AnswerHook | undefined;
}

/** Every scope an emulated endpoint needs: the emulator's own list, from the registry. */
export function emulatedScopes(): Promise<string[]> {
  return emulatorScopes();
}

/** A client public key for the emulators (the suite authenticates with tokens it has them issue). */
export function clientPublicKey(): string {
  const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return publicKey.export({ type: "spki", format: "pem" }).toString();
}

async function send(
  replay: Pick<Replay, "emulator" | "token">,
  method: string,
  path: string,
  body: unknown,
): Promise<Answer> {
  const response = await fetch(`${replay.emulator.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${replay.token}`,
      ...(body === null ? {} : { "content-type": "application/json" }),
    },
    ...(body === null ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : (JSON.parse(text) as unknown) };
}

/**
 * A new emulator started as the recorded tenant was (recordings.ts `startingFacts`), seeded through the API; an
 * object a seed creates stands for the recorded one it was made from, when its id has the recorded one's shape.
 */
export async function startReplay(
  fixture: Fixture,
  options: { clientPublicKey: string; scopes: string[]; hook?: AnswerHook },
): Promise<Replay> {
  const facts = startingFacts(fixture);
  const emulator = await startEmulator({
    rateLimit: false,
    clientPublicKey: options.clientPublicKey,
    botDetection: facts.botDetection,
    highlyRegulatedIdentity: facts.highlyRegulatedIdentity,
    ...(facts.settings === undefined ? {} : { settings: facts.settings }),
  });
  const token = await emulator.issueToken({ scopes: options.scopes });
  const replay: Replay = { fixture, emulator, token, facts, ids: new Map(), hook: options.hook };
  for (const seed of facts.seeds) {
    const answer = await send(replay, seed.method, `/api/v2${seed.path}`, seed.body);
    const id = isPlainObject(answer.body) ? answer.body["id"] : undefined;
    if (seed.recordedId !== undefined && typeof id === "string" && idShape(id) === idShape(seed.recordedId)) {
      replay.ids.set(seed.recordedId, id);
    }
    if (answer.status !== (seed.method === "POST" ? 201 : 200)) {
      await emulator.close();
      throw new Error(
        `${fixture.name}: the recorded starting state was refused: ${seed.method} ${seed.path} ${JSON.stringify(seed.body)} → ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
  }
  return replay;
}

/** A copy of `value` with every recorded template and provider id replaced by the emulator's. */
function translated(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string") return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => translated(item, ids));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translated(item, ids)]));
  }
  return value;
}

function translatedPath(path: string, ids: ReadonlyMap<string, string>): string {
  return path.replace(/(tem|pro)_\w+/g, (id) => ids.get(id) ?? id);
}

/** An id's prefix, length and alphabet: `tem_` (or `pro_`) + 22 letters and digits. */
function idShape(id: string): string {
  const [, prefix = "", rest = ""] = /^([a-z]+_)?(.*)$/.exec(id) ?? [];
  return `${prefix}${rest.length}${/^[A-Za-z0-9]*$/.test(rest) ? "alnum" : "other"}`;
}

/** Replays one interaction (in recorded order) and judges the answer. */
export async function replayInteraction(replay: Replay, interaction: Interaction): Promise<Verdict> {
  const path = translatedPath(interaction.path, replay.ids);
  const target = targetOf(path);
  const sent = await send(replay, interaction.method, path, translated(interaction.requestBody, replay.ids));
  const answer = replay.hook?.({ method: interaction.method, path, target }, sent) ?? sent;
  const created =
    (target.kind === "templateList" || target.kind === "providerList") && interaction.method === "POST";
  const recordedId = isPlainObject(interaction.responseBody) ? interaction.responseBody["id"] : undefined;
  const answeredId = isPlainObject(answer.body) ? answer.body["id"] : undefined;
  if (created && typeof recordedId === "string" && typeof answeredId === "string") {
    // Only an id shaped as the recorded one stands for it; another stays a difference, in this answer and after.
    if (idShape(answeredId) === idShape(recordedId)) replay.ids.set(recordedId, answeredId);
  }
  const scope = { method: interaction.method, kind: target.kind };
  return judge(
    { status: interaction.status, body: translated(interaction.responseBody, replay.ids) },
    answer,
    {
      fixedShape: target.kind !== "settings",
      excuse: (difference: Difference) => {
        const entry = excuseFor(scope, difference);
        return entry === undefined ? undefined : { name: entry.paths.join(", "), ...entry.instead };
      },
    },
  );
}
