/**
 * `npm run fixtures:cassettes -- --git-dir <dir> --ref <commit>`: writes the conformance suite's fixtures from
 * the go-vcr cassettes (`test/data/recordings/**.yaml`) of a local git mirror of one of the platform vendor's
 * public repositories, read at one commit with `git ls-tree` and `git show` (no work tree needed), or from the
 * nock recordings (`*.json`, read by nock.ts) of auth0-deploy-cli's e2e tests (`--recordings test/e2e/recordings`).
 *
 * Each cassette with an interaction on an endpoint the emulator serves becomes one JSON file,
 * `test/unit/conformance/fixtures/<repository name>/<cassette path below the recordings folder>.json`:
 *
 * ```
 * { source: { repository, path, commit },
 *   interactions: [{ index, method, path, requestBody, status, responseBody }],
 *   leftOut?: [{ index, method, path, reason }] }
 * ```
 *
 * `leftOut` (nock recordings only) lists the emulated interactions not replayed, each with its reason: those
 * that name a phone provider or template the recording neither created nor showed before (nock.ts).
 *
 * Only those endpoints' interactions are kept, in recorded order, `index` being the position in the
 * cassette's `interactions` (in a nock recording's array). `path` is the URL's path and query without the host; bodies are parsed JSON
 * (`null` when empty); no header is kept, and a fixture that would hold anything shaped like a token is refused.
 *
 * Options:
 * - `--git-dir <dir>`: the mirror (a bare repository is fine). Required.
 * - `--ref <commit>`: the commit to read (a branch name is resolved to its commit, which the fixtures cite).
 * - `--repository <owner/name>`: what the fixtures cite; default the mirror's `origin` URL, else its folder
 *   named `owner+name` (as the mirrors of this project's research are laid out).
 * - `--recordings <folder>`: where the cassettes are; default `test/data/recordings`.
 * - `--only <cassette path>` (repeatable): just these cassettes (paths as in the repository).
 * - `--history`: older versions kept beside the head's: the files are named `<cassette>@<commit, 12>.json`.
 *   Without it, the repository's other head fixtures are deleted first, so a removed cassette disappears.
 * The cassettes of {@link HAND_EDITED} are skipped unless named with `--only` (an older, unedited version).
 * - `--out <dir>`: default `test/unit/conformance/fixtures`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";

import { parse as parseYaml } from "yaml";

import type { Fixture, FixtureInteraction } from "./fixture";
import { nockInteractionsOf } from "./nock";

/** Where the repositories keep their cassettes (go-auth0 kept its 2022 ones under `management/testdata/recordings`). */
const DEFAULT_RECORDINGS = "test/data/recordings";

/** The endpoints the emulator serves, as `METHOD path` patterns of the URL's path (query aside). */
const ENDPOINTS: readonly { methods: readonly string[]; path: RegExp }[] = [
  {
    methods: ["GET", "PATCH"],
    path: /^\/api\/v2\/attack-protection\/(captcha|bot-detection|brute-force-protection|breached-password-detection|suspicious-ip-throttling)$/,
  },
  { methods: ["GET", "PATCH"], path: /^\/api\/v2\/tenants\/settings$/ },
  {
    methods: ["GET", "PUT"],
    path: /^\/api\/v2\/guardian\/factors\/(phone\/templates|sms\/templates|phone\/message-types)$/,
  },
  {
    methods: ["GET", "POST", "PATCH", "PUT", "DELETE"],
    path: /^\/api\/v2\/branding\/phone\/templates(\/[^/]+(\/reset|\/try)?)?$/,
  },
  { methods: ["GET"], path: /^\/api\/v2\/guardian\/factors$/ },
  {
    methods: ["PUT"],
    path: /^\/api\/v2\/guardian\/factors\/(sms|push-notification|otp|email|duo|webauthn-roaming|webauthn-platform|recovery-code)$/,
  },
  {
    methods: ["GET", "PUT"],
    path: /^\/api\/v2\/guardian\/factors\/(phone|sms)\/(selected-provider|providers\/twilio)$/,
  },
  {
    methods: ["GET", "POST", "PATCH", "DELETE"],
    path: /^\/api\/v2\/branding\/phone\/providers(\/[^/]+(\/try)?)?$/,
  },
];

/**
 * Cassettes whose recorded traffic was edited by hand in the version the fixtures are made from, by
 * repository: their bodies do not match their own `content_length`, or their state changes without a request
 * that changed it. They do not say what the service did, so they are not fixtures (the fixtures' README says
 * why, for each).
 */
export const HAND_EDITED: Readonly<Record<string, readonly string[]>> = {
  "auth0/go-auth0": [
    `${DEFAULT_RECORDINGS}/TestTenantManager.yaml`,
    `${DEFAULT_RECORDINGS}/TestTenantManager_NullableFields.yaml`,
  ],
};

function git(gitDir: string, ...args: string[]): string {
  return execFileSync("git", ["--git-dir", gitDir, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
}

function isEmulated(method: string, path: string): boolean {
  return ENDPOINTS.some((endpoint) => endpoint.methods.includes(method) && endpoint.path.test(path));
}

/** A recorded body: parsed JSON, or `null` when there is none. A body that is not JSON is an error. */
function jsonBody(raw: unknown, where: string): unknown {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string") throw new Error(`${where}: the body is not a string`);
  if (raw.trim() === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new Error(`${where}: the body is not JSON`, { cause: error });
  }
}

type Recorded = Record<string, unknown>;

function record(value: unknown, where: string): Recorded {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${where} is not a mapping`);
  }
  return value as Recorded;
}

/** The status of a go-vcr response: `code` (format 2), or the number that starts `status` (format 1). */
function statusOf(response: Recorded, where: string): number {
  if (typeof response["code"] === "number") return response["code"];
  const recorded = response["status"];
  const status = Number.parseInt(typeof recorded === "string" ? recorded : "", 10);
  if (!Number.isInteger(status)) throw new Error(`${where}: no status`);
  return status;
}

/** The emulated interactions of one cassette's YAML text. */
export function interactionsOf(yamlText: string, cassette: string): FixtureInteraction[] {
  const document = record(parseYaml(yamlText, { maxAliasCount: -1 }), cassette);
  const interactions = document["interactions"];
  if (!Array.isArray(interactions)) return [];
  const kept: FixtureInteraction[] = [];
  for (const [index, entry] of interactions.entries()) {
    const where = `${cassette} #${index}`;
    const interaction = record(entry, where);
    const request = record(interaction["request"], `${where} request`);
    const response = record(interaction["response"], `${where} response`);
    const method = String(request["method"]).toUpperCase();
    const url = new URL(String(request["url"]));
    if (!isEmulated(method, url.pathname)) continue;
    const form = request["form"];
    if (typeof form === "object" && form !== null && Object.keys(form).length > 0) {
      throw new Error(`${where}: a form-encoded request; fixtures hold JSON bodies only`);
    }
    kept.push({
      index,
      method,
      path: `${url.pathname}${url.search}`,
      requestBody: jsonBody(request["body"], `${where} request`),
      status: statusOf(response, where),
      responseBody: jsonBody(response["body"], `${where} response`),
    });
  }
  return kept;
}

/** Throws when the fixture's text holds anything shaped like a credential a recording could leak. */
export function assertNoCredentials(text: string, where: string): void {
  const patterns: readonly [string, RegExp][] = [
    ["a JWT", /eyJ[\w-]{8,}\.[\w-]{8,}\./],
    ["a bearer token", /\bbearer\s+[\w.~+/-]{8,}/i],
    ["an Authorization header", /"authorization"\s*:/i],
    ["a client secret", /"client_secret"\s*:/i],
    // Twilio's auth tokens are 32 hexadecimal digits; the recordings' dummies ("bar", "##TWILIO_AUTH_TOKEN##") are not.
    ["a Twilio auth token", /"auth_token"\s*:\s*"[0-9a-f]{32}"/i],
  ];
  for (const [what, pattern] of patterns) {
    if (pattern.test(text)) throw new Error(`${where} holds ${what}; refusing to write it`);
  }
}

function repositoryOf(gitDir: string, given: string | undefined): string {
  if (given !== undefined) return given;
  let origin = "";
  try {
    origin = git(gitDir, "config", "--get", "remote.origin.url").trim();
  } catch {
    // No origin: try the folder's name below.
  }
  const fromUrl = /github\.com[/:]([\w.-]+\/[\w.-]+?)(\.git)?$/.exec(origin)?.[1];
  if (fromUrl !== undefined) return fromUrl;
  for (let directory = gitDir; directory !== dirname(directory); directory = dirname(directory)) {
    const match = /^([\w.-]+)\+([\w.-]+)$/.exec(basename(directory));
    if (match) return `${match[1]}/${match[2]}`;
  }
  throw new Error(`cannot tell which repository ${gitDir} mirrors: pass --repository <owner/name>`);
}

function jsonFilesUnder(directory: string): string[] {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return jsonFilesUnder(path);
    return entry.name.endsWith(".json") ? [path] : [];
  });
}

function main(): void {
  const { values } = parseArgs({
    options: {
      "git-dir": { type: "string" },
      ref: { type: "string" },
      repository: { type: "string" },
      only: { type: "string", multiple: true },
      recordings: { type: "string", default: DEFAULT_RECORDINGS },
      history: { type: "boolean", default: false },
      out: { type: "string", default: "test/unit/conformance/fixtures" },
    },
  });
  const gitDir = values["git-dir"];
  const ref = values.ref;
  if (gitDir === undefined || ref === undefined) {
    throw new Error("usage: extract.ts --git-dir <mirror> --ref <commit> [--only <path>]... [--history]");
  }
  const repository = repositoryOf(gitDir, values.repository);
  const commit = git(gitDir, "rev-parse", "--verify", `${ref}^{commit}`).trim();
  const outDir = join(values.out, repository.split("/")[1] ?? repository);
  const only = values.only;
  const handEdited = (HAND_EDITED[repository] ?? []).filter((path) => only?.includes(path) !== true);

  const recordings = values.recordings;
  const listed = git(gitDir, "ls-tree", "-r", "--name-only", commit, "--", recordings)
    .split("\n")
    .filter((path) => path.endsWith(".yaml") || path.endsWith(".yml") || path.endsWith(".json"));
  const cassettes = only === undefined ? listed : listed.filter((path) => only.includes(path));
  for (const missing of (only ?? []).filter((path) => !listed.includes(path))) {
    throw new Error(`${missing} is not in ${repository} at ${commit}`);
  }

  if (!values.history) {
    for (const file of jsonFilesUnder(outDir)) if (!basename(file).includes("@")) rmSync(file);
  }
  let written = 0;
  let interactions = 0;
  for (const cassette of cassettes) {
    if (handEdited.includes(cassette)) {
      console.log(`skipped (edited by hand): ${cassette}`);
      continue;
    }
    const recorded = git(gitDir, "show", `${commit}:${cassette}`);
    const { interactions: kept, leftOut } = cassette.endsWith(".json")
      ? nockInteractionsOf(recorded, cassette, isEmulated)
      : { interactions: interactionsOf(recorded, cassette), leftOut: [] };
    if (kept.length === 0 && leftOut.length === 0) continue;
    const fixture: Fixture = {
      source: { repository, path: cassette, commit },
      interactions: kept,
      ...(leftOut.length === 0 ? {} : { leftOut }),
    };
    const text = `${JSON.stringify(fixture, null, 2)}\n`;
    assertNoCredentials(text, cassette);
    const name = relative(recordings, cassette).replace(/\.(ya?ml|json)$/, "");
    const file = join(outDir, `${name}${values.history ? `@${commit.slice(0, 12)}` : ""}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written += 1;
    interactions += kept.length;
    const left = leftOut.length === 0 ? "" : `, ${leftOut.length} left out`;
    console.log(`${file}: ${kept.length} interactions${left}`);
  }
  console.log(`${repository} @ ${commit}: ${written} fixtures, ${interactions} interactions`);
}

if (require.main === module) main();
