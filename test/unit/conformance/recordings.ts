/**
 * The recorded cassettes as fixtures (made by scripts/cassettes/extract.ts), which object each interaction is
 * about, and the tenant each recording started from, as far as the recording itself shows it.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

import type { FixtureInteraction } from "../../../scripts/cassettes/fixture";
import type { JsonPath, Written } from "./judge";
import { isPlainObject, without, writtenPaths } from "./judge";

export const FIXTURES_DIR = join(__dirname, "fixtures");

/** One recorded interaction, as scripts/cassettes/extract.ts writes it into a fixture. */
export type Interaction = FixtureInteraction;

export interface Fixture {
  /** The file's path below the fixtures folder, without `.json`: `go-auth0/TestTenantManager_CountryCodes`. */
  readonly name: string;
  readonly source: { readonly repository: string; readonly path: string; readonly commit: string };
  readonly interactions: readonly Interaction[];
  /**
   * Emulated interactions of the recording that are not replayed, each with its reason (the deploy CLI's e2e
   * recordings: those on a phone provider or template the shared tenant had before the run; fixtures/README.md).
   */
  readonly leftOut?: readonly {
    readonly index: number;
    readonly method: string;
    readonly path: string;
    readonly reason: string;
  }[];
}

function jsonFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith(".json") ? [path] : [];
  });
}

/** Every fixture, by name. */
export function loadFixtures(): Fixture[] {
  return jsonFiles(FIXTURES_DIR)
    .sort()
    .map((file) => {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as Omit<Fixture, "name">;
      return { ...parsed, name: relative(FIXTURES_DIR, file).replace(/\.json$/, "") };
    });
}

/** The API object an interaction is about. */
export type ObjectKind =
  | "captcha"
  | AttackProtectionKind
  | "settings"
  | "legacyTemplates"
  | "messageTypes"
  | "templateList"
  | "template"
  | "factors"
  | "factor"
  | "selectedProvider"
  | "twilioAccount"
  | "providerList"
  | "provider";

/** The attack-protection documents beside CAPTCHA, by the last segment of their path. */
export const ATTACK_PROTECTION_KINDS = {
  "bot-detection": "botDetection",
  "brute-force-protection": "bruteForceProtection",
  "breached-password-detection": "breachedPasswordDetection",
  "suspicious-ip-throttling": "suspiciousIpThrottling",
} as const;
export type AttackProtectionKind = (typeof ATTACK_PROTECTION_KINDS)[keyof typeof ATTACK_PROTECTION_KINDS];

export interface Target {
  readonly kind: ObjectKind;
  /** The path without `/api/v2` and query. */
  readonly path: string;
  /** A branding template's or phone provider's id (a factor's name), and its action (`reset`, `try`). */
  readonly id?: string;
  readonly action?: string;
}

const API = "/api/v2";

export function targetOf(path: string): Target {
  const bare = (path.split("?")[0] ?? "").replace(API, "");
  if (bare === "/attack-protection/captcha") return { kind: "captcha", path: bare };
  const protection = /^\/attack-protection\/([a-z-]+)$/.exec(bare)?.[1];
  if (protection !== undefined && protection in ATTACK_PROTECTION_KINDS) {
    return { kind: ATTACK_PROTECTION_KINDS[protection as keyof typeof ATTACK_PROTECTION_KINDS], path: bare };
  }
  if (bare === "/tenants/settings") return { kind: "settings", path: bare };
  if (bare === "/guardian/factors/phone/message-types") return { kind: "messageTypes", path: bare };
  if (bare === "/guardian/factors/phone/templates" || bare === "/guardian/factors/sms/templates") {
    return { kind: "legacyTemplates", path: bare };
  }
  if (bare === "/guardian/factors") return { kind: "factors", path: bare };
  const factor = /^\/guardian\/factors\/([a-z-]+)$/.exec(bare)?.[1];
  if (factor !== undefined) return { kind: "factor", path: bare, id: factor };
  if (/^\/guardian\/factors\/(phone|sms)\/selected-provider$/.test(bare)) {
    return { kind: "selectedProvider", path: bare };
  }
  if (/^\/guardian\/factors\/(phone|sms)\/providers\/twilio$/.test(bare)) {
    return { kind: "twilioAccount", path: bare };
  }
  if (bare === "/branding/phone/providers") return { kind: "providerList", path: bare };
  const provider = /^\/branding\/phone\/providers\/([^/]+)(?:\/(try))?$/.exec(bare);
  if (provider?.[1] !== undefined) {
    return { kind: "provider", path: bare, id: provider[1], ...(provider[2] ? { action: provider[2] } : {}) };
  }
  if (bare === "/branding/phone/templates") return { kind: "templateList", path: bare };
  const match = /^\/branding\/phone\/templates\/([^/]+)(?:\/(reset|try))?$/.exec(bare);
  if (match?.[1] !== undefined) {
    return { kind: "template", path: bare, id: match[1], ...(match[2] ? { action: match[2] } : {}) };
  }
  throw new Error(`no emulated object at ${path}`);
}

const ok = (status: number): boolean => status >= 200 && status < 300;

/**
 * The paths a successful request wrote into its object: its body's leaves and emptied objects; a lifetime given in minutes
 * (`idle_session_lifetime_in_minutes`) writes that lifetime (`idle_session_lifetime`) too; a reset writes the
 * template's texts (back to the platform's).
 */
export function pathsWrittenBy(interaction: Interaction): Written[] {
  const target = targetOf(interaction.path);
  if (interaction.method === "GET" || interaction.method === "DELETE") return [];
  if (target.action === "try") return [];
  if (target.action === "reset") {
    return [
      { path: ["content", "body", "text"], emptied: false },
      { path: ["content", "body", "voice"], emptied: false },
    ];
  }
  const written = writtenPaths(interaction.requestBody);
  if (target.kind !== "settings") return written;
  return written.flatMap((entry) => {
    const name = entry.path[0];
    const lifetime = typeof name === "string" ? /^(.+)_in_minutes$/.exec(name)?.[1] : undefined;
    return lifetime === undefined ? [entry] : [entry, { path: [lifetime], emptied: false }];
  });
}

/**
 * Members only a settings PATCH answers (its later GETs never return them): a tenant seeded from a PATCH's
 * answer does not keep them.
 */
const PATCH_ONLY_SETTINGS: readonly JsonPath[] = [
  ["flags", "cannot_change_enforce_client_authentication_on_passwordless_start"],
  ["flags", "enforce_client_authentication_on_passwordless_start"],
  ["universal_login", "is_custom_theme_set"],
  ["universal_login", "is_custom_template_set"],
  ["universal_login", "identifier_first"],
  ["universal_login", "webauthn_platform_first_factor"],
];

/** The CAPTCHA provider blocks that hold credentials; `site_key: ""` is one never configured. */
const CREDENTIAL_BLOCKS = ["recaptcha_v2", "recaptcha_enterprise", "hcaptcha", "friendly_captcha", "arkose"];

/** The credential the suite gives a provider the recorded tenant had configured (the API never shows it). */
const SEEDED_SECRET = "seeded-by-the-conformance-suite";

/** A request that gives the emulated tenant what the recorded one had before the cassette. */
export interface SeedRequest {
  readonly method: "PATCH" | "PUT" | "POST";
  readonly path: string;
  readonly body: unknown;
  /** For a POST that creates an object the recording shows: the recorded id the created one stands for. */
  readonly recordedId?: string;
}

/**
 * The phone providers and customized templates the first successful list read of each shows, that no POST of
 * the recording created (the deploy CLI's e2e tenant keeps them from earlier runs): each is created before the
 * replay with what the list shows (a provider's credentials made up: the API never answers them), and its
 * emulator id stands for the recorded one. Created in the listed order, so the emulator lists them so.
 */
function listedSeeds(fixture: Fixture): { seeds: SeedRequest[]; notes: string[] } {
  const seeds: SeedRequest[] = [];
  const notes: string[] = [];
  const lists = [
    { kind: "providerList", member: "providers", name: "phone providers" },
    { kind: "templateList", member: "templates", name: "templates" },
  ] as const;
  for (const { kind, member, name } of lists) {
    const at = fixture.interactions.findIndex(
      (interaction) =>
        targetOf(interaction.path).kind === kind && interaction.method === "GET" && ok(interaction.status),
    );
    const read = fixture.interactions[at];
    const items = isPlainObject(read?.responseBody) ? read.responseBody[member] : undefined;
    if (read === undefined || !Array.isArray(items)) continue;
    const created = new Set(
      fixture.interactions.slice(0, at).flatMap((interaction) => {
        const id = isPlainObject(interaction.responseBody) ? interaction.responseBody["id"] : undefined;
        return interaction.method === "POST" && ok(interaction.status) && typeof id === "string" ? [id] : [];
      }),
    );
    const shown = items.filter(
      (item): item is Record<string, unknown> =>
        isPlainObject(item) && typeof item["id"] === "string" && !created.has(item["id"]),
    );
    for (const item of shown) {
      const body =
        kind === "providerList"
          ? {
              name: item["name"],
              disabled: item["disabled"],
              configuration: item["configuration"],
              credentials: item["name"] === "twilio" ? { auth_token: SEEDED_SECRET } : {},
            }
          : { type: item["type"], disabled: item["disabled"], content: item["content"] };
      seeds.push({ method: "POST", path: targetOf(read.path).path, body, recordedId: String(item["id"]) });
    }
    if (shown.length > 0) notes.push(`${name} of #${read.index}`);
  }
  return { seeds, notes };
}

/** The kinds only a tenant of the legacy phone set-up answers. */
const LEGACY_KINDS: readonly ObjectKind[] = ["legacyTemplates", "selectedProvider", "twilioAccount"];

/** The documents a PUT replaces whole, which a recording's first GET of them gives back before the replay. */
const PUT_DOCUMENTS: Partial<Record<ObjectKind, string>> = {
  legacyTemplates: "legacy templates",
  messageTypes: "message types",
  selectedProvider: "selected provider",
  twilioAccount: "Twilio account",
};

/**
 * The factors the first `GET /guardian/factors` shows switched on, that no request before it switched: each is
 * switched on before the replay (a new tenant has every factor off).
 */
function factorSeeds(fixture: Fixture): { seeds: SeedRequest[]; notes: string[] } {
  const firstRead = fixture.interactions.findIndex(
    (interaction) => targetOf(interaction.path).kind === "factors" && ok(interaction.status),
  );
  const read = fixture.interactions[firstRead];
  if (read === undefined || !Array.isArray(read.responseBody)) return { seeds: [], notes: [] };
  const switched = new Set(
    fixture.interactions.slice(0, firstRead).flatMap((interaction) => {
      const target = targetOf(interaction.path);
      return target.kind === "factor" && target.id !== undefined ? [target.id] : [];
    }),
  );
  const on = (read.responseBody as unknown[]).flatMap((factor) =>
    isPlainObject(factor) &&
    factor["enabled"] === true &&
    typeof factor["name"] === "string" &&
    !switched.has(factor["name"])
      ? [factor["name"]]
      : [],
  );
  return {
    seeds: on.map((name) => ({ method: "PUT", path: `/guardian/factors/${name}`, body: { enabled: true } })),
    notes: on.length === 0 ? [] : [`factors on at #${read.index}: ${on.join(", ")}`],
  };
}

/** The tenant a recording started from, as the recording shows it. */
export interface StartingFacts {
  /** False when the recording's CAPTCHA answers are the plan's 403 `insufficient_entitlement`. */
  readonly botDetection: boolean;
  /** False when a settings PATCH of the recording is the plan's 403 `feature_not_enabled`. */
  readonly highlyRegulatedIdentity: boolean;
  /** The settings to start with (the emulator's new tenant's when `undefined`). */
  readonly settings?: Record<string, unknown>;
  /** Requests sent before the replay (through the API) to give the tenant its recorded state. */
  readonly seeds: readonly SeedRequest[];
  /** The recording's CAPTCHA was never configured: the emulator's new tenant is its starting point. */
  readonly captchaNeverConfigured: boolean;
  /** What was decided, for the test's name. */
  readonly notes: readonly string[];
}

/** The first successful interaction on `kind`, and its answer without what its own request wrote. */
function firstState(
  fixture: Fixture,
  kinds: readonly ObjectKind[],
): { interaction: Interaction; state: unknown } | undefined {
  const first = fixture.interactions.find(
    (interaction) => kinds.includes(targetOf(interaction.path).kind) && ok(interaction.status),
  );
  if (first === undefined) return undefined;
  const written = pathsWrittenBy(first).map((entry) => entry.path);
  return { interaction: first, state: without(first.responseBody, written) };
}

function captchaSeed(state: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (typeof state["active_provider_id"] === "string")
    body["active_provider_id"] = state["active_provider_id"];
  const challenge = state["auth_challenge"];
  if (isPlainObject(challenge) && typeof challenge["fail_open"] === "boolean") {
    body["auth_challenge"] = { fail_open: challenge["fail_open"] };
  }
  for (const name of CREDENTIAL_BLOCKS) {
    const block = state[name];
    if (!isPlainObject(block) || typeof block["site_key"] !== "string" || block["site_key"] === "") continue;
    const credential = name === "recaptcha_enterprise" ? "api_key" : "secret";
    body[name] = { ...block, [credential]: SEEDED_SECRET };
  }
  return body;
}

function neverConfigured(state: Record<string, unknown>): boolean {
  return CREDENTIAL_BLOCKS.every((name) => {
    const block = state[name];
    return !isPlainObject(block) || block["site_key"] === undefined || block["site_key"] === "";
  });
}

/**
 * The members the first settings GET shows that no request before it wrote (nor removed), for a tenant whose
 * first settings answer was a PATCH's (which leaves out some members a GET has, such as the sandbox versions on
 * offer): the tenant had them before the cassette.
 */
function onlyRead(fixture: Fixture): Record<string, unknown> {
  const settings = fixture.interactions.filter(
    (interaction) => targetOf(interaction.path).kind === "settings",
  );
  const firstRead = settings.findIndex(
    (interaction) => interaction.method === "GET" && ok(interaction.status),
  );
  const read = settings[firstRead]?.responseBody;
  if (!isPlainObject(read)) return {};
  const written = new Set(
    settings
      .slice(0, firstRead)
      .flatMap((interaction) => pathsWrittenBy(interaction).map((entry) => String(entry.path[0]))),
  );
  return Object.fromEntries(Object.entries(read).filter(([key]) => !written.has(key)));
}

/**
 * Decides the tenant a recording started from, from the recording alone:
 * - its plan lacks bot detection when a CAPTCHA or bot-detection answer is the 403 `insufficient_entitlement`, and the Highly
 *   Regulated Identity add-on when a settings answer is the 403 `feature_not_enabled`;
 * - its settings are the first settings answer (when a PATCH gave it: without what that PATCH wrote, without
 *   the members only PATCH answers carry, and with the members the first GET shows that no request wrote);
 * - it uses the legacy phone set-up when its settings say `phone_consolidated_experience: false`, or when its
 *   legacy template, selected-provider or Twilio endpoints answered 200 (settings recorded without the member
 *   stay without it: such a tenant serves the legacy endpoints, as the deploy CLI's e2e tenant does);
 * - its CAPTCHA, attack-protection documents, legacy templates and message types are what the first answer on
 *   them shows (without what that request wrote), given back through the API before the replay, secrets made
 *   up; a CAPTCHA whose every provider is unconfigured is a new tenant's;
 * - its legacy phone sender (selected provider, Twilio account) is what the first answer on it shows, when that
 *   answer is a GET's; the factors its first factor list shows on (and no request before it switched) are on;
 * - its phone providers and customized templates that no request created are what their first list read shows
 *   (created before the replay, their ids standing for the recorded ones; a provider's credentials made up).
 */
export function startingFacts(fixture: Fixture): StartingFacts {
  const notes: string[] = [];
  const seeds: SeedRequest[] = [];
  const captchaAnswers = fixture.interactions.filter((interaction) =>
    ["captcha", "botDetection"].includes(targetOf(interaction.path).kind),
  );
  const botDetection = !captchaAnswers.some(
    (interaction) =>
      interaction.status === 403 &&
      isPlainObject(interaction.responseBody) &&
      interaction.responseBody["errorCode"] === "insufficient_entitlement",
  );
  if (!botDetection) notes.push("plan without bot detection");
  const highlyRegulatedIdentity = !fixture.interactions.some(
    (interaction) =>
      targetOf(interaction.path).kind === "settings" &&
      interaction.status === 403 &&
      isPlainObject(interaction.responseBody) &&
      interaction.responseBody["errorCode"] === "feature_not_enabled",
  );
  if (!highlyRegulatedIdentity) notes.push("plan without Highly Regulated Identity");

  let settings: Record<string, unknown> | undefined;
  const firstSettings = firstState(fixture, ["settings"]);
  if (firstSettings !== undefined && isPlainObject(firstSettings.state)) {
    settings =
      firstSettings.interaction.method === "GET"
        ? firstSettings.state
        : {
            ...(without(firstSettings.state, PATCH_ONLY_SETTINGS) as Record<string, unknown>),
            ...onlyRead(fixture),
          };
    notes.push(`settings of #${firstSettings.interaction.index}`);
  }
  const legacyAnswered = fixture.interactions.some(
    (interaction) => LEGACY_KINDS.includes(targetOf(interaction.path).kind) && ok(interaction.status),
  );
  const says = settings?.["phone_consolidated_experience"];
  if (legacyAnswered && settings === undefined) {
    seeds.push({
      method: "PATCH",
      path: "/tenants/settings",
      body: { phone_consolidated_experience: false },
    });
  } else if (legacyAnswered && settings !== undefined && says !== undefined && says !== false) {
    settings = { ...settings, phone_consolidated_experience: false };
  }
  if (settings?.["phone_consolidated_experience"] === false || legacyAnswered)
    notes.push("legacy phone set-up");

  let captchaNeverConfigured = false;
  const firstCaptcha = firstState(fixture, ["captcha"]);
  if (firstCaptcha !== undefined && isPlainObject(firstCaptcha.state)) {
    if (neverConfigured(firstCaptcha.state)) {
      captchaNeverConfigured = true;
      notes.push("CAPTCHA never configured");
    } else {
      seeds.push({
        method: "PATCH",
        path: "/attack-protection/captcha",
        body: captchaSeed(firstCaptcha.state),
      });
      notes.push(`CAPTCHA of #${firstCaptcha.interaction.index}`);
    }
  }
  for (const kind of Object.values(ATTACK_PROTECTION_KINDS)) {
    const first = firstState(fixture, [kind]);
    if (first === undefined || !isPlainObject(first.state)) continue;
    seeds.push({ method: "PATCH", path: targetOf(first.interaction.path).path, body: first.state });
    notes.push(`${kind} of #${first.interaction.index}`);
  }
  for (const [kind, name] of Object.entries(PUT_DOCUMENTS) as [ObjectKind, string][]) {
    const first = firstState(fixture, [kind]);
    if (first?.interaction.method !== "GET") continue;
    seeds.push({ method: "PUT", path: targetOf(first.interaction.path).path, body: first.state });
    notes.push(`${name} of #${first.interaction.index}`);
  }
  const factors = factorSeeds(fixture);
  seeds.push(...factors.seeds);
  notes.push(...factors.notes);
  const listed = listedSeeds(fixture);
  seeds.push(...listed.seeds);
  notes.push(...listed.notes);
  return {
    botDetection,
    highlyRegulatedIdentity,
    ...(settings === undefined ? {} : { settings }),
    seeds,
    captchaNeverConfigured,
    notes,
  };
}
