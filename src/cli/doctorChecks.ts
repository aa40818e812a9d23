import type { TenantConnection } from "../client/connection";
import { TenantApiError, TenantConnectionError } from "../client/errors";
import type { ObservedResponse } from "../client/http";
import type { TokenGrant } from "../client/managementClient";
import { OBJECTS } from "../resources/registry";
import { AUTH_PATHS } from "../wire/endpoint";
import { RATE_LIMIT_HEADERS } from "../wire/errors";
import type { ConfiguredObject } from "./configuredObjects";
import { configuredObjects } from "./configuredObjects";
import type { MissingScope } from "./scopeNeeds";
import { missingScopes, objectTitle } from "./scopeNeeds";
import type { Generation, ObjectRead, Outcome } from "./tenantReads";
import { appliesTo, generationOf, oneLine, settingsRead } from "./tenantReads";

export type { ConfiguredObject } from "./configuredObjects";

/** How a check came out: `fail` makes the command exit 1. */
export type CheckStatus = "ok" | "warn" | "fail" | "skipped";

/** One line of the report. */
export interface DoctorCheck {
  readonly name:
    | "connection"
    | "reachable"
    | "credentials"
    | "scopes"
    | "generation"
    | "plan"
    | "rateLimit"
    | "configured";
  readonly status: CheckStatus;
  /** One line, never a secret. */
  readonly summary: string;
  /** `scopes`: each missing scope with what it blocks. */
  readonly missingScopes?: readonly MissingScope[];
  /** `configured`: what differs from a new tenant's, each with the import value that adopts it. */
  readonly objects?: readonly ConfiguredObject[];
}

/** What `tenant-admin doctor` found: `ok` when no check failed. */
export interface DoctorReport {
  /** The tenant's base URL, when the connection resolved. */
  readonly tenant: string | undefined;
  readonly ok: boolean;
  readonly checks: readonly DoctorCheck[];
}

/** What the checks after the token judge. */
interface Findings {
  readonly connection: TenantConnection;
  readonly grant: TokenGrant | undefined;
  readonly reads: readonly ObjectRead[];
  readonly responses: readonly ObservedResponse[];
  /** This machine's clock when the token was in hand, in ms. */
  readonly nowMs: number;
}

/** How far this machine's clock may be from the tenant's before the report warns. */
const CLOCK_SKEW_WARNING_SECONDS = 60;

/** The checks after the connection's, from the token and the round of reads. */
export async function judgeTenant(findings: Findings): Promise<DoctorCheck[]> {
  const generation = generationOf(findings.reads);
  return [
    reachable(findings),
    credentials(findings, generation),
    scopes(findings, generation),
    generationCheck(findings.reads, generation),
    plan(findings.reads),
    rateLimit(findings.responses),
    await configured(findings, generation),
  ];
}

async function configured({ connection, reads }: Findings, generation: Generation): Promise<DoctorCheck> {
  const host = new URL(connection.baseUrl).host;
  const { objects, unread, failed } = await configuredObjects(host, reads, generation);
  const notRead = unread.length === 0 ? "" : `; not read: ${unread.join(", ")}`;
  const summary =
    objects.length === 0
      ? `every object read is as a new tenant has it${notRead}`
      : `${objects.length} already configured, each adopted with its import value${notRead}`;
  return { name: "configured", status: failed ? "fail" : "ok", summary, objects };
}

function isApiError(outcome: Outcome<unknown>, test: (error: TenantApiError) => boolean): boolean {
  return "error" in outcome && outcome.error instanceof TenantApiError && test(outcome.error);
}

function reachable({ connection, reads, responses }: Findings): DoctorCheck {
  if (responses.length > 0) {
    const scheme = connection.baseUrl.startsWith("https:") ? "over TLS" : "over plain http (loopback)";
    return { name: "reachable", status: "ok", summary: `${connection.baseUrl} answered ${scheme}` };
  }
  const failure = reads.find(
    ({ outcome }) => "error" in outcome && outcome.error instanceof TenantConnectionError,
  );
  const message =
    failure !== undefined && "error" in failure.outcome ? failure.outcome.error.message : "nothing was sent";
  return { name: "reachable", status: "fail", summary: oneLine(message) };
}

function credentials({ connection, grant, reads, nowMs }: Findings, generation: Generation): DoctorCheck {
  const applying = reads.filter(({ object }) => appliesTo(generation)(object));
  const refused = applying.filter(({ outcome }) => isApiError(outcome, (error) => error.status === 401));
  const first = refused[0];
  if (
    first !== undefined &&
    "error" in first.outcome &&
    !applying.some(({ outcome }) => "value" in outcome)
  ) {
    return { name: "credentials", status: "fail", summary: oneLine(first.outcome.error.message) };
  }
  // Endpoints only the tenant's global client may call answer another client 401.
  const globalOnly = refused.filter(({ endpoint }) => endpoint.globalClientOnly);
  if (globalOnly.length > 0) {
    const blocked = globalOnly.map(({ object }) => objectTitle(object)).join(", ");
    const paths = globalOnly.map(({ endpoint }) => `GET ${endpoint.path}`).join(", ");
    return {
      name: "credentials",
      status: "fail",
      summary:
        `accepted, but the client is not the tenant's global client: ${paths} answers 401, so ${blocked} ` +
        "cannot be used (use the tenant's global client, or an API token of it)",
    };
  }
  if (connection.credentials.kind === "apiToken") return apiToken(grant, nowMs);
  const what =
    connection.credentials.kind === "clientCredentials"
      ? "the client secret"
      : "the client assertion (private_key_jwt)";
  if (grant?.issuedAt === undefined) {
    return {
      name: "credentials",
      status: "ok",
      summary: `${what} was accepted (the token has no iat to compare clocks)`,
    };
  }
  const skew = Math.round(nowMs / 1000 - grant.issuedAt);
  const clock = `this machine's clock is ${Math.abs(skew)} s ${skew >= 0 ? "ahead of" : "behind"} the tenant's (token iat)`;
  if (Math.abs(skew) <= CLOCK_SKEW_WARNING_SECONDS) {
    return { name: "credentials", status: "ok", summary: `${what} was accepted; ${clock}` };
  }
  return {
    name: "credentials",
    status: "warn",
    summary:
      `${what} was accepted, but ${clock}: set the clock right (NTP); a private_key_jwt assertion issued ` +
      "ahead of the tenant's clock is refused",
  };
}

function apiToken(grant: TokenGrant | undefined, nowMs: number): DoctorCheck {
  const expiresAt = grant?.expiresAt;
  if (expiresAt === undefined)
    return { name: "credentials", status: "ok", summary: "the API token was accepted" };
  const at = new Date(expiresAt * 1000).toISOString();
  return expiresAt * 1000 <= nowMs
    ? { name: "credentials", status: "fail", summary: `the API token expired at ${at}: get a new one` }
    : { name: "credentials", status: "ok", summary: `the API token was accepted, valid until ${at}` };
}

function scopes({ grant, reads }: Findings, generation: Generation): DoctorCheck {
  if (grant === undefined) {
    const refused = reads.some(({ outcome }) =>
      isApiError(outcome, (error) => error.errorCode === "insufficient_scope"),
    );
    return {
      name: "scopes",
      status: refused ? "fail" : "warn",
      summary:
        "the token is not a JWT, so its scopes cannot be read; a read it was refused names its scope above",
    };
  }
  const missing = missingScopes(grant.scopes, appliesTo(generation));
  if (missing.length === 0) {
    return {
      name: "scopes",
      status: "ok",
      summary: `the token has every scope the package needs (${grant.scopes.length} granted)`,
    };
  }
  const who = grant.clientId === undefined ? "the token" : `the client ${grant.clientId}`;
  const list = missing.map(({ scope, blocks }) => `${scope} (blocks ${blocks.join(", ")})`).join("; ");
  return {
    name: "scopes",
    status: "fail",
    summary: `${who} lacks ${list}: grant them to the client for the management API`,
    missingScopes: missing,
  };
}

function generationCheck(reads: readonly ObjectRead[], generation: Generation): DoctorCheck {
  if (generation === undefined) {
    const settings = settingsRead(reads);
    return {
      name: "generation",
      status: "error" in settings ? "fail" : "skipped",
      summary: `unknown: ${"error" in settings ? oneLine(settings.error.message) : "notRead" in settings ? settings.notRead : ""}`,
    };
  }
  const phone = OBJECTS.filter((object) => object.phoneGeneration !== undefined);
  const applies = phone.filter((object) => object.phoneGeneration === generation).map(objectTitle);
  const not = phone.filter((object) => object.phoneGeneration !== generation).map(objectTitle);
  const name = generation === "unified" ? "the Unified Phone Experience" : "the legacy phone set-up";
  return {
    name: "generation",
    status: "ok",
    summary: `${name}: ${applies.join(", ")} ${applies.length === 1 ? "applies" : "apply"}, ${not.join(", ")} ${not.length === 1 ? "does" : "do"} not`,
  };
}

function plan(reads: readonly ObjectRead[]): DoctorCheck {
  const entitled = reads.filter(({ object }) => object.document?.entitlement !== undefined);
  const refused = entitled.filter(({ outcome }) =>
    isApiError(outcome, (error) => error.errorCode === "insufficient_entitlement"),
  );
  if (entitled.every(({ outcome }) => "notRead" in outcome)) {
    return { name: "plan", status: "skipped", summary: "unknown: the token lacks the scope to read them" };
  }
  const first = refused[0];
  if (first === undefined) return { name: "plan", status: "ok", summary: "the plan includes bot detection" };
  const blocked = entitled.map(({ object }) => objectTitle(object)).join(" and ");
  return {
    name: "plan",
    status: "warn",
    summary:
      `the plan has no bot detection (GET ${first.endpoint.path} answered 403 insufficient_entitlement): ` +
      `${blocked} cannot be used on this tenant`,
  };
}

function rateLimit(responses: readonly ObservedResponse[]): DoctorCheck {
  const limited = responses.filter(
    (response) =>
      response.path !== AUTH_PATHS.token && response.headers[RATE_LIMIT_HEADERS.limit] !== undefined,
  );
  const last = limited[limited.length - 1];
  if (last === undefined) {
    return { name: "rateLimit", status: "ok", summary: "the tenant sent no X-RateLimit headers" };
  }
  const remaining = Math.min(
    ...limited.map((response) => Number(response.headers[RATE_LIMIT_HEADERS.remaining] ?? NaN)),
  );
  const left = Number.isFinite(remaining) ? `, ${remaining} remaining` : "";
  return {
    name: "rateLimit",
    status: remaining === 0 ? "warn" : "ok",
    summary: `limit ${last.headers[RATE_LIMIT_HEADERS.limit] ?? "?"}${left} (X-RateLimit-Limit, X-RateLimit-Remaining)`,
  };
}
