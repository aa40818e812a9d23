import type { KeyObject } from "node:crypto";

import { decodeJwt, jwtVerify } from "jose";
import type { JWTPayload } from "jose";

import { AUTH_PATHS } from "../wire";

import { secretsEqual } from "./auth";
import type { ClientCredentials } from "./auth";
import { oauthError } from "./errors";

/** The `client_assertion_type` of `private_key_jwt` (RFC 7523). */
export const JWT_BEARER_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** The platform accepts client assertions that live at most 5 minutes; a little clock skew is allowed on top. */
const MAX_ASSERTION_LIFETIME_SECONDS = 300;
const CLOCK_SKEW_SECONDS = 30;
/** An assertion issued (`iat`) further in the future than this is refused: no clock is that far ahead. */
const MAX_ISSUED_IN_FUTURE_SECONDS = 60;
const ASSERTION_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
];
/** Seen `jti`s are remembered until their assertion expires; past this many, expired ones are swept. */
const REPLAY_SWEEP_SIZE = 10_000;

/** A client the token endpoint knows: its secret, and the public key of its `private_key_jwt` credential. */
interface RegisteredClient extends ClientCredentials {
  readonly publicKey?: KeyObject | undefined;
}

/** How a client authenticated. */
type ClientAuthMethod = "client_secret_post" | "client_secret_basic" | "private_key_jwt";

/** The token request's parameters that concern client authentication. */
interface ClientAuthParams {
  readonly authorization: string | undefined;
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  readonly clientAssertionType: string | undefined;
  readonly clientAssertion: string | undefined;
}

const BASIC_CHALLENGE = { "www-authenticate": 'Basic realm="tenant-emulator", charset="UTF-8"' };

function invalidBasic(description: string): Error {
  return oauthError(401, "invalid_client", description, BASIC_CHALLENGE);
}

/** `application/x-www-form-urlencoded` decoding of one Basic credential part (RFC 6749 §2.3.1). */
function formDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/** The client id and secret of an `Authorization: Basic` header, or `undefined` when there is none. */
function basicCredentials(authorization: string | undefined): ClientCredentials | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization);
  if (!match?.[1]) {
    if (/^Basic\b/i.test(authorization)) throw invalidBasic("Malformed Basic credentials");
    return undefined;
  }
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const clientId = colon === -1 ? undefined : formDecode(decoded.slice(0, colon));
  const clientSecret = colon === -1 ? undefined : formDecode(decoded.slice(colon + 1));
  if (!clientId || clientSecret === undefined) throw invalidBasic("Malformed Basic credentials");
  return { clientId, clientSecret };
}

/**
 * The `aud` values a client assertion may carry at the emulator: for each name it answers to (`names`: the
 * loopback names, the listening host, the certificate's extra names) and the port of `url` (its own URL), the
 * tenant's URL with a trailing slash (the issuer, as the platform documents and the official SDK sends) and the
 * token endpoint's URL (RFC 7523); both also without the port when it is the scheme's default. Never derived
 * from a request: an assertion made for another server is not accepted because a request names that server.
 */
export function emulatorAssertionAudiences(url: string, names: readonly string[]): string[] {
  const own = new URL(url);
  const defaultPort = own.protocol === "https:" ? "443" : "80";
  const port = own.port === "" ? defaultPort : own.port;
  const bases = new Set<string>();
  for (const name of [own.hostname, ...names]) {
    const host = name.includes(":") && !name.startsWith("[") ? `[${name}]` : name;
    let base: URL;
    try {
      base = new URL(`${own.protocol}//${host}:${port}`);
    } catch {
      continue;
    }
    bases.add(`${base.protocol}//${base.hostname}:${port}`);
    if (port === defaultPort) bases.add(`${base.protocol}//${base.hostname}`);
  }
  return [...bases].flatMap((base) => [`${base}/`, `${base}${AUTH_PATHS.token}`]);
}

/**
 * Client authentication at `/oauth/token`: `client_secret_post` (id and secret in the body),
 * `client_secret_basic` (HTTP Basic, RFC 6749 §2.3.1) and `private_key_jwt` (RFC 7523, verified with jose
 * against the client's registered public key; `iss` and `sub` the client id, `aud` one of the emulator's own
 * URLs or token endpoint URLs ({@link emulatorAssertionAudiences}), at most 5 minutes of life, issued at most
 * 60 seconds in the future, a string `jti` used once). Errors follow RFC 6749, except that a wrong secret in
 * the body keeps the platform's documented 401 `access_denied`.
 */
export class ClientAuthenticator {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly clients: readonly RegisteredClient[],
    /** The `aud` values a client assertion may carry: {@link emulatorAssertionAudiences}. */
    private readonly assertionAudiences: readonly string[],
  ) {}

  /** Authenticates a token request; returns the client and method, or throws the token endpoint's error. */
  async authenticate(
    params: ClientAuthParams,
  ): Promise<{ client: RegisteredClient; method: ClientAuthMethod }> {
    const basic = basicCredentials(params.authorization);
    const usesAssertion = params.clientAssertion !== undefined || params.clientAssertionType !== undefined;
    const methods = [basic, params.clientSecret, usesAssertion ? true : undefined].filter(
      (method) => method !== undefined,
    );
    if (methods.length > 1) {
      throw oauthError(400, "invalid_request", "Only one client authentication method may be used");
    }
    if (basic) {
      if (params.clientId !== undefined && params.clientId !== basic.clientId) {
        throw oauthError(400, "invalid_request", "client_id does not match the Basic credentials");
      }
      const client = this.find(basic.clientId);
      if (!client || !secretsEqual(basic.clientSecret, client.clientSecret)) {
        throw invalidBasic("Invalid client credentials");
      }
      return { client, method: "client_secret_basic" };
    }
    if (usesAssertion) return { client: await this.verifyAssertion(params), method: "private_key_jwt" };
    if (params.clientId === undefined) {
      throw oauthError(400, "invalid_request", "Missing required parameter: client_id");
    }
    const client = this.find(params.clientId);
    if (!client || !secretsEqual(params.clientSecret ?? "", client.clientSecret)) {
      throw oauthError(401, "access_denied", "Unauthorized");
    }
    return { client, method: "client_secret_post" };
  }

  private find(clientId: string): RegisteredClient | undefined {
    return this.clients.find((candidate) => candidate.clientId === clientId);
  }

  private async verifyAssertion(params: ClientAuthParams): Promise<RegisteredClient> {
    const invalid = (description: string): Error => oauthError(401, "invalid_client", description);
    if (params.clientAssertionType !== JWT_BEARER_ASSERTION_TYPE) {
      throw oauthError(400, "invalid_request", `client_assertion_type must be ${JWT_BEARER_ASSERTION_TYPE}`);
    }
    if (params.clientAssertion === undefined) {
      throw oauthError(400, "invalid_request", "Missing required parameter: client_assertion");
    }
    let claimedId = params.clientId;
    if (claimedId === undefined) {
      try {
        claimedId = decodeJwt(params.clientAssertion).iss;
      } catch {
        throw invalid("The client assertion is not a JWT");
      }
    }
    const client = claimedId === undefined ? undefined : this.find(claimedId);
    if (!client?.publicKey) throw invalid("The client has no registered key for private_key_jwt");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(params.clientAssertion, client.publicKey, {
        algorithms: ASSERTION_ALGORITHMS,
        issuer: client.clientId,
        subject: client.clientId,
        audience: [...this.assertionAudiences],
        requiredClaims: ["exp", "jti"],
        clockTolerance: CLOCK_SKEW_SECONDS,
      }));
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      throw invalid(
        code === "ERR_JWT_EXPIRED" ? "The client assertion has expired" : "The client assertion is invalid",
      );
    }
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = payload.exp ?? 0;
    if (expiresAt - now > MAX_ASSERTION_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) {
      throw invalid(`The client assertion must expire within ${MAX_ASSERTION_LIFETIME_SECONDS} seconds`);
    }
    if (payload.iat !== undefined && payload.iat - now > MAX_ISSUED_IN_FUTURE_SECONDS) {
      throw invalid("The client assertion is issued in the future (iat)");
    }
    // RFC 7519 §4.1.7: a case-sensitive string. Any other JSON value is refused rather than compared by a
    // spelling of it (the number 1 and the string "1" would be one jti, and every object would be another).
    const jti: unknown = payload.jti;
    if (typeof jti !== "string" || jti === "")
      throw invalid("The client assertion's jti must be a non-empty string");
    const key = `${client.clientId}\u0000${jti}`;
    if (this.seen.has(key)) throw invalid("The client assertion has already been used");
    if (this.seen.size >= REPLAY_SWEEP_SIZE) {
      for (const [seenKey, exp] of this.seen) if (exp + CLOCK_SKEW_SECONDS < now) this.seen.delete(seenKey);
    }
    this.seen.set(key, expiresAt);
    return client;
  }
}
