import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify } from "jose";
import type { JSONWebKeySet, JWK, KeyLike } from "jose";

import { accessTokenClaimsSchema } from "../wire";

/** A machine-to-machine client's credentials. */
export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The platform's lifetime of a management API token: 24 hours. */
export const TOKEN_LIFETIME_SECONDS = 86_400;

/** The 401 message for a token that has expired, in the platform's words. */
const EXPIRED_TOKEN_MESSAGE = "Expired token received for JSON Web Token validation";
/** The 401 message for any other unusable token. */
export const INVALID_TOKEN_MESSAGE = "Invalid token";

/** Successful verifications are cached up to this many tokens; the cache is emptied when it is full. */
const VERIFIED_CACHE_LIMIT = 10_000;

/** New client credentials, shaped like the platform's: a 32-character id and a 64-character secret. */
export function generateClientCredentials(): ClientCredentials {
  return {
    clientId: randomBytes(24).toString("base64url"),
    clientSecret: randomBytes(48).toString("base64url"),
  };
}

/** Compares two secrets in constant time (over their digests, so lengths do not leak either). */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A token that failed verification; `message` is the platform's 401 message. */
export class TokenError extends Error {
  override readonly name = "TokenError";
}

/** What a verified token grants. */
interface VerifiedToken {
  readonly clientId: string;
  /** The audience it was accepted for. */
  readonly audience: string;
  readonly scopes: ReadonlySet<string>;
  /** `exp`, in UNIX seconds. */
  readonly expiresAt: number;
}

/** What to put in a new token. */
interface TokenClaimsInput {
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** The `aud` claim; the authority's own audience unless given (a test may want a wrong one). */
  readonly audience?: string;
  /** Lifetime in seconds from now; zero or negative gives an already expired token. */
  readonly expiresInSeconds: number;
}

/** An RS256 key pair and its public JWK (with `kid`, `alg` and `use`). */
interface SigningKey {
  readonly privateKey: KeyLike;
  readonly publicKey: KeyLike;
  readonly publicJwk: JWK;
}

/** Generates a fresh RS256 key pair (2048 bits) through `jose`. */
export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, publicJwk: { ...jwk, kid, alg: "RS256", use: "sig" } };
}

/**
 * Issues and verifies the tenant's RS256 access tokens with a {@link SigningKey} generated for this emulator instance
 * (through `jose`). Verification results are cached by token string until the token expires, so a request with a
 * known token costs a map lookup.
 */
export class TokenAuthority {
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly key: SigningKey,
    /** The `iss` claim: `<url>/`. */
    readonly issuer: string,
    /** The `aud` claim of management tokens: `<url>/api/v2/`. */
    readonly audience: string,
  ) {}

  /** The public key set served at `/.well-known/jwks.json`. */
  jwks(): JSONWebKeySet {
    return { keys: [{ ...this.key.publicJwk }] };
  }

  /**
   * Signs a client-credentials access token: `iss`, `aud`, `sub` (`<clientId>@clients`), `azp`, `iat`, `exp`,
   * `scope` (space-separated) and `gty: "client-credentials"`.
   */
  async issue(input: TokenClaimsInput): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope: input.scopes.join(" "), gty: "client-credentials", azp: input.clientId })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: this.key.publicJwk.kid ?? "" })
      .setIssuer(this.issuer)
      .setAudience(input.audience ?? this.audience)
      .setSubject(`${input.clientId}@clients`)
      .setIssuedAt(now)
      .setExpirationTime(now + input.expiresInSeconds)
      .sign(this.key.privateKey);
  }

  /**
   * Verifies a token's signature, issuer, audience (the authority's own or one of `audiences`, the ones the
   * request's host stands for) and expiry. Throws a {@link TokenError} with the platform's message:
   * {@link EXPIRED_TOKEN_MESSAGE} for an expired token, {@link INVALID_TOKEN_MESSAGE} otherwise.
   */
  async verify(token: string, audiences: readonly string[] = []): Promise<VerifiedToken> {
    const cached = this.verified.get(token);
    if (cached && !audiences.includes(cached.audience) && cached.audience !== this.audience) {
      throw new TokenError(INVALID_TOKEN_MESSAGE);
    }
    if (cached) {
      if (cached.expiresAt * 1000 > Date.now()) return cached;
      this.verified.delete(token);
      throw new TokenError(EXPIRED_TOKEN_MESSAGE);
    }
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: ["RS256"],
        issuer: this.issuer,
        audience: [this.audience, ...audiences],
      }));
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      throw new TokenError(code === "ERR_JWT_EXPIRED" ? EXPIRED_TOKEN_MESSAGE : INVALID_TOKEN_MESSAGE);
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    const clientId = claims.success ? /^(.+)@clients$/.exec(claims.data.sub)?.[1] : undefined;
    if (!claims.success || clientId === undefined) throw new TokenError(INVALID_TOKEN_MESSAGE);
    const audience = [claims.data.aud].flat().find((aud) => aud === this.audience || audiences.includes(aud));
    const result: VerifiedToken = {
      clientId,
      audience: audience ?? this.audience,
      scopes: new Set(claims.data.scope.split(" ").filter((scope) => scope !== "")),
      expiresAt: claims.data.exp,
    };
    if (this.verified.size >= VERIFIED_CACHE_LIMIT) this.verified.clear();
    this.verified.set(token, result);
    return result;
  }
}
