/**
 * The nock recordings of auth0-deploy-cli's e2e tests (`test/e2e/recordings/*.json`): a JSON array of
 * `{ scope, method, path, body, status, response, rawHeaders, responseIsBinary }`, one item per request, in the
 * order nock recorded them. `body` and `response` are JSON values already parsed, or a string (`""` when there
 * was none). No header is kept (`rawHeaders` is dropped).
 *
 * Unlike a go-vcr cassette of a test that makes its own objects, an e2e run works on a shared tenant that the
 * previous runs left: it reads and edits phone providers and templates no request of the recording created. A
 * list read that shows such an object shows all of it but its credentials, so the replay gives the emulated
 * tenant the object before it starts (test/unit/conformance/recordings.ts `startingFacts`). An interaction that
 * names (by its `pro_` or `tem_` id, in its path, body or answer) an object the recording neither created (a
 * POST's answer) nor showed before (an earlier answer) has no starting state the recording establishes: it is
 * not replayed, but kept in the fixture's `leftOut` with its reason, so nothing is dropped silently.
 */
import type { FixtureInteraction, LeftOut } from "./fixture";

type Recorded = Record<string, unknown>;

function record(value: unknown, where: string): Recorded {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${where} is not a mapping`);
  }
  return value as Recorded;
}

/** A nock body: a parsed JSON value, a JSON text, or `""`/absent for none (`null`). Other text is an error. */
function nockBody(raw: unknown, where: string): unknown {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string") return raw;
  if (raw.trim() === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new Error(`${where}: the body is not JSON`, { cause: error });
  }
}

/** The phone provider and template ids (`pro_…`, `tem_…`) a value names, at any depth. */
function idsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    for (const id of value.match(/\b(pro|tem)_[A-Za-z0-9]+\b/g) ?? []) out.add(id);
  } else if (Array.isArray(value)) {
    for (const item of value) idsIn(item, out);
  } else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) idsIn(item, out);
  }
  return out;
}

/**
 * The emulated interactions of one nock recording's JSON text (`isEmulated` tells which), in recorded order, each
 * with its position in the array; those that name an object the recording neither created nor showed before
 * are `leftOut`.
 */
export function nockInteractionsOf(
  jsonText: string,
  file: string,
  isEmulated: (method: string, path: string) => boolean,
): { interactions: FixtureInteraction[]; leftOut: LeftOut[] } {
  const recorded = JSON.parse(jsonText) as unknown;
  if (!Array.isArray(recorded)) throw new Error(`${file} is not a nock recording (an array)`);
  const interactions: FixtureInteraction[] = [];
  const leftOut: LeftOut[] = [];
  /** The ids a successful POST of the recording answered (objects it created) or an earlier answer showed. */
  const known = new Set<string>();
  for (const [index, entry] of recorded.entries()) {
    const where = `${file} #${index}`;
    const item = record(entry, where);
    const method = String(item["method"]).toUpperCase();
    const url = new URL(String(item["path"]), String(item["scope"]));
    if (!isEmulated(method, url.pathname)) continue;
    const status = item["status"];
    if (typeof status !== "number") throw new Error(`${where}: no status`);
    const interaction: FixtureInteraction = {
      index,
      method,
      path: `${url.pathname}${url.search}`,
      requestBody: nockBody(item["body"], `${where} request`),
      status,
      responseBody: nockBody(item["response"], `${where} response`),
    };
    const ok = status >= 200 && status < 300;
    const named = idsIn([interaction.path, interaction.requestBody]);
    const shown = ok ? idsIn(interaction.responseBody) : new Set<string>();
    const answered = (interaction.responseBody as Recorded | null)?.["id"];
    const creates = method === "POST" && ok && typeof answered === "string" && !named.has(answered);
    // A read (or a create) may show an object first; a request that names one must follow what showed it.
    const unknown = [...named, ...(method === "GET" || creates ? [] : shown)].filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const kinds = new Set(unknown.map((id) => (id.startsWith("pro_") ? "phone provider" : "template")));
      leftOut.push({
        index,
        method,
        path: interaction.path,
        reason:
          `names ${[...kinds].join(" and ")}s the recording neither created nor showed before ` +
          `(${unknown.join(", ")}): the shared e2e tenant had them from earlier runs, in a state no ` +
          "earlier answer of the recording shows",
      });
      continue;
    }
    for (const id of shown) known.add(id);
    interactions.push(interaction);
  }
  return { interactions, leftOut };
}
