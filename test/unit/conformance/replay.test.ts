/**
 * Conformance: the platform vendor's public go-vcr cassettes (real requests to real tenants, and the real
 * answers), replayed against the emulator. Each fixture (test/unit/conformance/fixtures, made by
 * scripts/cassettes/extract.ts; its README names the sources) is one cassette's interactions on the endpoints
 * the emulator serves. Each gets a new emulator (no rate limit), started as the recorded tenant was, as far as
 * the recording shows it (recordings.ts `startingFacts`: the plan, the phone set-up, the settings and the
 * CAPTCHA, templates, message types, factors and legacy phone sender it had before), and a token with every
 * scope the emulator serves. The interactions are sent in recorded order, a recorded template or phone provider
 * id standing for the id the emulator gave the object the same POST created, when that id has the recorded
 * one's shape (`tem_` or `pro_` and 22 letters and digits; replay.ts).
 *
 * THE RULE. For each interaction:
 * 1. The status is the recorded one; an answer without a body is recorded without one.
 * 2. Every value of the recorded body is the emulator's, at every depth: each member recorded is answered with
 *    the recorded value (arrays item by item, of the recorded length), and each member answered is recorded.
 * 3. Fixed-shape answers (every answer but the tenant settings: CAPTCHA, templates, lists, message types, legacy
 *    templates, factors, the legacy sender, phone providers, try; and every error body) also have the recorded keys in the recorded order and the recorded
 *    JSON types.
 * 4. The only exceptions are the entries of unreproducible.ts, each a JSON path in named answers, the kind of
 *    difference it excuses (a value, a member only recorded, a member only answered), its reason, and what the
 *    emulator's value must be instead (a timestamp, a name, absent, …). Nothing else is skipped or reported: a
 *    difference is a failure. An entry that excuses nothing in a run fails the last test, so the table cannot
 *    keep an entry the emulator no longer needs.
 */
import type { Difference, Excuse } from "./judge";
import { formatPath } from "./judge";
import type { Fixture, Interaction } from "./recordings";
import { loadFixtures, startingFacts } from "./recordings";
import type { Replay } from "./replay";
import { clientPublicKey, emulatedScopes, replayInteraction, startReplay } from "./replay";
import { UNREPRODUCIBLE, UNREPRODUCIBLE_PATHS } from "./unreproducible";

const fixtures = loadFixtures();

interface Tally {
  replayed: number;
  matching: number;
  /** Interactions whose answer equals the recorded one with nothing excused. */
  identical: number;
  excused: { fixture: string; interaction: Interaction; difference: Difference; excuse: Excuse }[];
}
const tally: Tally = { replayed: 0, matching: 0, identical: 0, excused: [] };

function brief(value: unknown, length = 80): string {
  const text = JSON.stringify(value);
  return text === undefined ? "(absent)" : text.length > length ? `${text.slice(0, length - 3)}...` : text;
}

function endpointName(interaction: Interaction): string {
  const path = (interaction.path.split("?")[0] ?? "").replace("/api/v2", "").replace(/(tem|pro)_\w+/, "{id}");
  return `${interaction.method} ${path}`;
}

/** The excused differences, per table entry, with an example each. */
function summary(): string {
  const lines = UNREPRODUCIBLE.map((entry) => {
    const name = entry.paths.join(", ");
    const excused = tally.excused.filter(({ excuse }) => excuse.name === name);
    const first = excused[0];
    const example =
      first === undefined
        ? "never needed"
        : `e.g. ${first.fixture} #${first.interaction.index} ${endpointName(first.interaction)} ${first.difference.path}: recorded ${brief(first.difference.expected)}, emulator ${brief(first.difference.actual)}`;
    return `  ${String(excused.length).padStart(4)} × ${name} (${entry.excuses.join(", ")}): ${example}`;
  });
  const interactions = new Set(
    tally.excused.map(({ fixture, interaction }) => `${fixture}#${interaction.index}`),
  );
  return [
    `Conformance: ${tally.replayed} recorded interactions replayed from ${fixtures.length} cassettes; ` +
      `${tally.matching} match every recorded value (${tally.identical} identical), ` +
      `${tally.replayed - tally.matching} do not; ${tally.excused.length} differences excused by the ` +
      `${UNREPRODUCIBLE.length} entries (${UNREPRODUCIBLE_PATHS} JSON paths) of unreproducible.ts, ` +
      `in ${interactions.size} interactions:`,
    ...lines,
  ].join("\n");
}

/** Every emulator starts at once (each generates its signing key): the first cassette waits for many. */
const STARTUP_TIMEOUT_MS = 120_000;
/** An interaction's own limit: the first template check starts a worker thread, slow on a loaded machine. */
const INTERACTION_TIMEOUT_MS = 60_000;

/** Each cassette's emulator, started together (a failed start fails only that cassette's tests). */
const starting = new Map<string, Promise<Replay>>();

beforeAll(async () => {
  const options = { clientPublicKey: clientPublicKey(), scopes: await emulatedScopes() };
  for (const fixture of fixtures) {
    const replay = startReplay(fixture, options);
    replay.catch(() => undefined);
    starting.set(fixture.name, replay);
  }
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await Promise.allSettled([...starting.values()].map(async (replay) => (await replay).emulator.close()));
  console.info(summary());
});

function label(fixture: Fixture): string {
  return `${fixture.name} (${startingFacts(fixture).notes.join("; ") || "new tenant"})`;
}

describe.each(fixtures.map((fixture) => [label(fixture), fixture] as const))("%s", (_name, fixture) => {
  let replay: Replay | undefined;
  let startFailure: Error | undefined;
  beforeAll(async () => {
    try {
      replay = await (starting.get(fixture.name) ?? Promise.reject(new Error("not started")));
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
  )(
    "#%s %s",
    async (_index, _label, interaction) => {
      tally.replayed += 1;
      if (replay === undefined) throw startFailure ?? new Error(`${fixture.name}: no emulator`);
      const verdict = await replayInteraction(replay, interaction);
      if (verdict.failures.length === 0) tally.matching += 1;
      if (verdict.failures.length === 0 && verdict.excused.length === 0) tally.identical += 1;
      for (const { difference, excuse } of verdict.excused) {
        tally.excused.push({ fixture: fixture.name, interaction, difference, excuse });
      }
      expect({
        request: `${interaction.method} ${interaction.path}`,
        failures: verdict.failures.map(
          (failure) =>
            `${formatPath(failure.at) || "(body)"} ${failure.what}: recorded ${brief(failure.expected, 300)}, emulator ${brief(failure.actual, 300)}`,
        ),
      }).toEqual({ request: `${interaction.method} ${interaction.path}`, failures: [] });
    },
    INTERACTION_TIMEOUT_MS,
  );
});

describe("the unreproducible table", () => {
  it("has no entry that excused nothing in this run", () => {
    const used = new Set(tally.excused.map(({ excuse }) => excuse.name));
    expect(UNREPRODUCIBLE.map((entry) => entry.paths.join(", ")).filter((name) => !used.has(name))).toEqual(
      [],
    );
  });
});
