/**
 * Conformance: the platform vendor's public go-vcr cassettes (real requests to real tenants, and the real
 * answers), replayed against the emulator. Each fixture (test/unit/conformance/fixtures, made by
 * scripts/cassettes/extract.ts; its README names the sources) is one cassette's interactions on the endpoints
 * the emulator serves. Each gets a new emulator (no rate limit), started as the recorded tenant was, as far as
 * the recording shows it (recordings.ts `startingFacts`: the plan, the phone set-up, the settings and the
 * CAPTCHA, templates and message types it had before), and a token with every scope the emulator serves. The
 * interactions are sent in recorded order, a recorded template id standing for the id the emulator gave the
 * template the same POST created.
 *
 * THE RULE. For each interaction:
 * 1. The status is the recorded one.
 * 2. What the cassette itself wrote reads back as recorded, key presence included: every path a successful
 *    request of the cassette wrote into the object an answer shows (a leaf, an array, or a `null`; a lifetime
 *    written `_in_minutes` writes that lifetime; a reset writes a template's texts) has the recorded value, or
 *    is absent where the recording has it absent (a key written `null` is absent afterwards, a secret is never
 *    shown). An object written empty (`{}`) is emptied: the emulator's answer has no member there that the
 *    recording lacks (members only the recording has there are the platform's additions, reported).
 * 3. Fixed-shape answers (every answer but the tenant settings: CAPTCHA, templates, lists, message types,
 *    legacy templates, try; and every error body) have the recorded keys, in the recorded order, and the
 *    recorded JSON types, at every depth; arrays have the recorded length.
 * 4. Error bodies have the recorded `statusCode`, `error` and `errorCode` (an absent `errorCode` is absent).
 * 5. A CAPTCHA the recording shows never configured is a new tenant's: all its values are the platform's
 *    defaults and are compared as written values are.
 * Everything else the recorded tenant chose on its own (ids, timestamps, the tenant's name, its flags and the
 * values it had before the cassette, the members only a real PATCH answer adds, `sandbox_versions_available`
 * of GETs, error messages) is REPORTED, not failed: printed once per run, grouped, with counts.
 */
import { generateKeyPairSync } from "node:crypto";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { OBJECTS } from "../../../src/resources/registry";
import type { Difference, Written } from "./judge";
import { deepEqual, formatPath, isPlainObject, judge } from "./judge";
import type { Fixture, Interaction, StartingFacts } from "./recordings";
import { loadFixtures, pathsWrittenBy, startingFacts, targetOf } from "./recordings";

const fixtures = loadFixtures();

/** One replayed cassette: its emulator, its token, the ids it translates and what it wrote. */
interface Replay {
  readonly emulator: TenantEmulator;
  readonly token: string;
  readonly facts: StartingFacts;
  /** Recorded template id → the emulator's. */
  readonly ids: Map<string, string>;
  /** Object key → paths the cassette wrote into it. */
  readonly written: Map<string, Written[]>;
}

const replays = new Map<string, Replay>();

interface Tally {
  replayed: number;
  matching: number;
  identical: number;
  /** Interactions with at least one reported difference. */
  withReported: number;
  reported: { fixture: string; interaction: Interaction; difference: Difference }[];
}
const tally: Tally = { replayed: 0, matching: 0, identical: 0, withReported: 0, reported: [] };

async function emulatedScopes(): Promise<string[]> {
  const emulations = await Promise.all(OBJECTS.map(async (object) => (await object.emulation()).emulation));
  return [
    ...new Set(
      emulations.flatMap((emulation) => [
        ...(emulation.documents ?? []).flatMap((rules) => rules.endpoints.map((endpoint) => endpoint.scope)),
        ...(emulation.routes ?? []).map((route) => route.endpoint.scope),
      ]),
    ),
  ];
}

async function send(
  replay: Replay,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
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

async function start(fixture: Fixture, clientPublicKey: string, scopes: string[]): Promise<Replay> {
  const facts = startingFacts(fixture);
  const emulator = await startEmulator({
    rateLimit: false,
    clientPublicKey,
    botDetection: facts.botDetection,
    highlyRegulatedIdentity: facts.highlyRegulatedIdentity,
    ...(facts.settings === undefined ? {} : { settings: facts.settings }),
  });
  const token = await emulator.issueToken({ scopes });
  const replay: Replay = { emulator, token, facts, ids: new Map(), written: new Map() };
  for (const seed of facts.seeds) {
    const answer = await send(replay, seed.method, `/api/v2${seed.path}`, seed.body);
    if (answer.status !== 200) {
      await emulator.close();
      throw new Error(
        `${fixture.name}: the recorded starting state was refused: ${seed.method} ${seed.path} ${JSON.stringify(seed.body)} → ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
  }
  return replay;
}

/** A copy of `value` with every recorded template id replaced by the emulator's. */
function translated(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string") return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => translated(item, ids));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translated(item, ids)]));
  }
  return value;
}

function translatedPath(path: string, ids: ReadonlyMap<string, string>): string {
  return path.replace(/tem_\w+/g, (id) => ids.get(id) ?? id);
}

function objectKey(path: string): string {
  const target = targetOf(path);
  return target.kind === "template" ? `template:${target.id ?? ""}` : target.path;
}

/** Replays one interaction and judges the answer. */
async function replayInteraction(fixture: Fixture, interaction: Interaction) {
  const replay = replays.get(fixture.name);
  if (replay === undefined) throw new Error(`${fixture.name}: no emulator`);
  const path = translatedPath(interaction.path, replay.ids);
  const answer = await send(
    replay,
    interaction.method,
    path,
    translated(interaction.requestBody, replay.ids),
  );
  const target = targetOf(path);
  const created = target.kind === "templateList" && interaction.method === "POST";
  const recordedId = isPlainObject(interaction.responseBody) ? interaction.responseBody["id"] : undefined;
  const answeredId = isPlainObject(answer.body) ? answer.body["id"] : undefined;
  if (created && typeof recordedId === "string" && typeof answeredId === "string") {
    replay.ids.set(recordedId, answeredId);
  }
  const key = created && typeof answeredId === "string" ? `template:${answeredId}` : objectKey(path);
  if (interaction.status >= 200 && interaction.status < 300) {
    const known = replay.written.get(key) ?? [];
    const added = pathsWrittenBy(interaction).filter((entry) => !known.some((old) => deepEqual(old, entry)));
    replay.written.set(key, [...known, ...added]);
  }
  const expectedBody = translated(interaction.responseBody, replay.ids);
  let written: Written[] = replay.written.get(key) ?? [];
  if (target.kind === "templateList" && !created && isPlainObject(expectedBody)) {
    const templates = Array.isArray(expectedBody["templates"]) ? expectedBody["templates"] : [];
    written = templates.flatMap((template: unknown, index) =>
      isPlainObject(template) && typeof template["id"] === "string"
        ? (replay.written.get(`template:${template["id"]}`) ?? []).map((entry) => ({
            ...entry,
            path: ["templates", index, ...entry.path],
          }))
        : [],
    );
  }
  return judge({ status: interaction.status, body: expectedBody }, answer, {
    fixedShape: target.kind !== "settings",
    written,
    allValuesKnown: target.kind === "captcha" && replay.facts.captchaNeverConfigured,
  });
}

function brief(value: unknown, length = 80): string {
  const text = JSON.stringify(value);
  return text === undefined ? "(absent)" : text.length > length ? `${text.slice(0, length - 3)}...` : text;
}

function endpointName(interaction: Interaction): string {
  const path = (interaction.path.split("?")[0] ?? "").replace("/api/v2", "").replace(/tem_\w+/, "{id}");
  return `${interaction.method} ${path}`;
}

/** The reported differences, grouped by endpoint, path (array indexes dropped) and kind, most frequent first. */
function summary(): string {
  const groups = new Map<string, { count: number; example: string }>();
  for (const { fixture, interaction, difference } of tally.reported) {
    const path = difference.path.replace(/\[\d+\]/g, "[]") || "(body)";
    const key = `${endpointName(interaction)} ${path}: ${difference.what}`;
    const group = groups.get(key) ?? {
      count: 0,
      example: `${fixture} #${interaction.index}: recorded ${brief(difference.expected)}, emulator ${brief(difference.actual)}`,
    };
    group.count += 1;
    groups.set(key, group);
  }
  const lines = [...groups].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));
  const failing = tally.replayed - tally.matching;
  return [
    `Conformance: ${tally.replayed} recorded interactions replayed from ${fixtures.length} cassettes; ` +
      `${tally.matching} match the rule (${tally.identical} identical), ${failing} do not; ` +
      `${tally.reported.length} reported differences in ${tally.withReported} interactions:`,
    ...lines.map(([key, { count, example }]) => `  ${String(count).padStart(4)} × ${key}  (e.g. ${example})`),
  ].join("\n");
}

/** Every emulator starts at once (each generates its signing key): the first cassette waits for many. */
const STARTUP_TIMEOUT_MS = 60_000;

/** Each cassette's emulator, started together (a failed start fails only that cassette's tests). */
const starting = new Map<string, Promise<Replay>>();

beforeAll(async () => {
  const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const clientPublicKey = publicKey.export({ type: "spki", format: "pem" }).toString();
  const scopes = await emulatedScopes();
  for (const fixture of fixtures) {
    const replay = start(fixture, clientPublicKey, scopes);
    replay.catch(() => undefined);
    starting.set(fixture.name, replay);
  }
});

afterAll(async () => {
  await Promise.allSettled([...starting.values()].map(async (replay) => (await replay).emulator.close()));
  console.info(summary());
});

describe.each(
  fixtures.map(
    (fixture) =>
      [`${fixture.name} (${startingFacts(fixture).notes.join("; ") || "new tenant"})`, fixture] as const,
  ),
)("%s", (_name, fixture) => {
  let startFailure: Error | undefined;
  beforeAll(async () => {
    try {
      replays.set(
        fixture.name,
        await (starting.get(fixture.name) ?? Promise.reject(new Error("not started"))),
      );
    } catch (error) {
      startFailure =
        error instanceof Error ? error : new Error(`${fixture.name}: the emulator did not start`);
    }
  }, STARTUP_TIMEOUT_MS);

  it.each(
    fixture.interactions.map(
      (interaction) =>
        [interaction.index, `${endpointName(interaction)} → ${interaction.status}`, interaction] as const,
    ),
  )("#%s %s", async (_index, _label, interaction) => {
    if (startFailure !== undefined) {
      tally.replayed += 1;
      throw startFailure;
    }
    const verdict = await replayInteraction(fixture, interaction);
    tally.replayed += 1;
    if (verdict.failures.length === 0) tally.matching += 1;
    if (verdict.failures.length === 0 && verdict.reported.length === 0) tally.identical += 1;
    if (verdict.reported.length > 0) tally.withReported += 1;
    for (const difference of verdict.reported) {
      tally.reported.push({ fixture: fixture.name, interaction, difference });
    }
    expect({
      request: `${interaction.method} ${interaction.path}`,
      failures: verdict.failures.map(
        (failure) =>
          `${formatPath(failure.at) || "(body)"} ${failure.what}: recorded ${brief(failure.expected, 300)}, emulator ${brief(failure.actual, 300)}`,
      ),
    }).toEqual({ request: `${interaction.method} ${interaction.path}`, failures: [] });
  });
});
