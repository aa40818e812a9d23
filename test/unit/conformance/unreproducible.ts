/**
 * What a replay cannot reproduce: the only values of a recorded answer the judge does not compare for equality.
 * Each entry names the answers and JSON paths it covers (`*` for any array index), the kind of difference it
 * excuses, why, and what the emulator's value must still be. Everything not listed here is compared.
 */
import type { Difference, JsonPath } from "./judge";
import type { ObjectKind } from "./recordings";

/**
 * A kind of difference an entry excuses: a value that differs, a member only recorded, a member only answered,
 * an array answered with exactly the recorded items in another order.
 */
export type Excused = "value" | "missing" | "extra" | "order";

export interface Unreproducible {
  /** The answers it applies to: a method and the object the path is about. */
  readonly answers: readonly { readonly method: string; readonly kind: ObjectKind }[];
  /** Where, as `a.b`, `templates[*].c`. */
  readonly paths: readonly string[];
  readonly excuses: readonly Excused[];
  readonly reason: string;
  /** What the emulator's value must be instead of the recorded one (`undefined`: absent). */
  readonly instead: { readonly rule: string; holds(answered: unknown): boolean };
}

const TEMPLATE_ANSWERS = [
  { method: "POST", kind: "templateList" },
  { method: "GET", kind: "template" },
  { method: "PATCH", kind: "template" },
  { method: "POST", kind: "providerList" },
  { method: "GET", kind: "provider" },
  { method: "PATCH", kind: "provider" },
] as const;
const LIST_ANSWERS = [
  { method: "GET", kind: "templateList" },
  { method: "GET", kind: "providerList" },
] as const;
const SETTINGS_PATCH_ANSWERS = [{ method: "PATCH", kind: "settings" }] as const;

const PROTECTION_ANSWERS = (["GET", "PATCH"] as const).flatMap((method) =>
  (
    ["botDetection", "bruteForceProtection", "breachedPasswordDetection", "suspiciousIpThrottling"] as const
  ).map((kind) => ({ method, kind })),
);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const timestamp = {
  rule: "an ISO 8601 UTC timestamp with milliseconds",
  holds: (answered: unknown) => typeof answered === "string" && ISO_TIMESTAMP.test(answered),
};
const tenantName = {
  rule: "a non-empty string",
  holds: (answered: unknown) => typeof answered === "string" && answered !== "",
};

/** The table. A test fails when an entry excuses nothing in a whole run, so it cannot outlive its reason. */
export const UNREPRODUCIBLE: readonly Unreproducible[] = [
  {
    answers: [...TEMPLATE_ANSWERS, ...LIST_ANSWERS],
    paths: [
      "created_at",
      "updated_at",
      "templates[*].created_at",
      "templates[*].updated_at",
      "providers[*].created_at",
      "providers[*].updated_at",
    ],
    excuses: ["value"],
    reason:
      "when the real request ran (a template's or phone provider's, and a default template's, which the " +
      "platform dates at the read)",
    instead: timestamp,
  },
  {
    answers: [...TEMPLATE_ANSWERS, ...LIST_ANSWERS],
    paths: ["tenant", "templates[*].tenant", "providers[*].tenant"],
    excuses: ["value"],
    reason: "the recorded tenant's own name (`go-auth0-dev.eu.auth0.com`, `terraform-provider-auth0-dev`)",
    instead: tenantName,
  },
  {
    answers: SETTINGS_PATCH_ANSWERS,
    paths: [
      "universal_login.is_custom_theme_set",
      "universal_login.is_custom_template_set",
      "universal_login.identifier_first",
      "universal_login.webauthn_platform_first_factor",
    ],
    excuses: ["missing"],
    reason:
      "only a settings PATCH answer shows them, with the recorded tenant's own value (true in " +
      "TestAccTenant_EnableSSO, false in TestAccPages, absent in most); no GET shows them, so the replay " +
      "cannot give its tenant the recorded value",
    instead: { rule: "absent", holds: (answered) => answered === undefined },
  },
  {
    answers: SETTINGS_PATCH_ANSWERS,
    paths: ["client_id_metadata_document_supported", "resource_parameter_profile"],
    excuses: ["extra"],
    reason:
      "a PATCH answer shows them only once the tenant set them (go-auth0 TestTenantManager_CountryCodes: " +
      "absent at #1, #3, #5, present after #7 wrote them), a GET shows them either way; the replay's tenant " +
      "is seeded from a GET, so it cannot know whether the recorded tenant had set them before the cassette",
    instead: {
      rule: "the value a GET shows",
      holds: (answered) => typeof answered === "boolean" || typeof answered === "string",
    },
  },
  {
    answers: PROTECTION_ANSWERS,
    paths: [
      "allowlist",
      "shields",
      "admin_notification_frequency",
      "stage.pre-user-registration.shields",
      "stage.pre-change-password.shields",
    ],
    excuses: ["order"],
    reason:
      "the platform keeps these lists as sets and answers them in an order no request decides: " +
      "terraform-provider-auth0 TestAccDataSourceAttackProtection #2 PATCHes shields " +
      "[admin_notification, block] and is answered [block, admin_notification], and the GET #3 right after " +
      "answers [admin_notification, block]; the emulator keeps the order sent",
    instead: {
      rule: "the recorded items, each once, in another order",
      holds: (answered) => Array.isArray(answered),
    },
  },
  {
    answers: [
      { method: "GET", kind: "suspiciousIpThrottling" },
      { method: "PATCH", kind: "suspiciousIpThrottling" },
    ],
    paths: ["stage.pre-custom-token-exchange"],
    excuses: ["extra"],
    reason:
      "recorded before the platform added the custom token exchange stage (terraform-provider-auth0 " +
      "TestAccAttackProtectionBotDetectionInsufficientEntitlement answers two stages; every later recording " +
      "answers three)",
    instead: {
      rule: "a stage with max_attempts and rate",
      holds: (answered) =>
        typeof answered === "object" && answered !== null && "max_attempts" in answered && "rate" in answered,
    },
  },
];

/** `templates[*].tenant` → `["templates", "*", "tenant"]`. */
function segments(path: string): string[] {
  return path
    .replace(/\[(\d+|\*)\]/g, ".$1")
    .split(".")
    .filter((segment) => segment !== "");
}

function matches(pattern: readonly string[], path: JsonPath): boolean {
  return (
    pattern.length === path.length &&
    pattern.every((segment, index) => {
      const actual = path[index];
      return segment === "*" ? typeof actual === "number" : String(actual) === segment;
    })
  );
}

const PATTERNS = UNREPRODUCIBLE.map((entry) => entry.paths.map(segments));

/** The entry that excuses `difference` in the answer to `method` on `kind`, if any. */
export function excuseFor(
  answer: { readonly method: string; readonly kind: ObjectKind },
  difference: Difference,
): Unreproducible | undefined {
  return UNREPRODUCIBLE.find(
    (entry, index) =>
      entry.answers.some((scope) => scope.method === answer.method && scope.kind === answer.kind) &&
      (entry.excuses as readonly string[]).includes(difference.what) &&
      (PATTERNS[index] ?? []).some((pattern) => matches(pattern, difference.at)),
  );
}

/** How many JSON paths the table lists. */
export const UNREPRODUCIBLE_PATHS = UNREPRODUCIBLE.reduce((count, entry) => count + entry.paths.length, 0);
