import { AUTH_PATHS } from "../wire/endpoint";
import type { TokenResponse } from "../wire/auth";
import { TOKEN_LIFETIME_SECONDS } from "./auth";
import type { TokenAuthority } from "./auth";
import { parseBody } from "./body";
import { BodyError } from "./bodyError";
import type { ClientAuthenticator } from "./clientAuth";
import { oauthError } from "./errors";
import type { RouteHandler, RouteReply } from "./routeTable";
import type { TenantUrls } from "./tenantUrls";
import { jsonTypeName } from "./validation";

/** What the token endpoint acts on. */
interface AuthRouteDependencies {
  readonly authority: TokenAuthority;
  /** Authenticates clients at the token endpoint. */
  readonly clientAuth: ClientAuthenticator;
  /** The URLs (and so audiences) a request may address the tenant by. */
  readonly urls: TenantUrls;
  /** Every scope a client of this tenant is granted. */
  readonly grantedScopes: readonly string[];
}

function ok(body: unknown, headers?: Readonly<Record<string, string>>): RouteReply {
  return headers === undefined ? { status: 200, body } : { status: 200, body, headers };
}

/**
 * The tenant's authorization server: `POST /oauth/token` (client_credentials grant, with client_secret_post,
 * client_secret_basic or private_key_jwt) and the key set `GET /.well-known/jwks.json`.
 */
export function authRoutes(
  deps: AuthRouteDependencies,
): { method: string; path: string; handler: RouteHandler }[] {
  const { authority, clientAuth, urls, grantedScopes } = deps;

  const postToken: RouteHandler = async (request) => {
    let body: unknown;
    try {
      body = parseBody(request.body, request.request.headers["content-type"], ["json", "form"]);
    } catch (error) {
      if (error instanceof BodyError) throw oauthError(error.status, "invalid_request", error.message);
      throw error;
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw oauthError(400, "invalid_request", `Expected an object body but found ${jsonTypeName(body)}`);
    }
    const field = (name: string): string | undefined => {
      const value = (body as Record<string, unknown>)[name];
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    const grantType = field("grant_type");
    if (grantType === undefined)
      throw oauthError(400, "invalid_request", "Missing required parameter: grant_type");
    if (grantType !== "client_credentials") {
      throw oauthError(400, "unsupported_grant_type", `Unsupported grant type: ${grantType.slice(0, 100)}`);
    }
    const host = request.request.headers.host;
    const { client } = await clientAuth.authenticate({
      authorization: request.request.headers.authorization,
      clientId: field("client_id"),
      clientSecret: field("client_secret"),
      clientAssertionType: field("client_assertion_type"),
      clientAssertion: field("client_assertion"),
    });
    request.charge();
    const clientId = client.clientId;
    const audience = field("audience");
    if (audience === undefined) {
      throw oauthError(
        403,
        "access_denied",
        "No audience parameter was provided, and no default audience has been configured",
      );
    }
    if (!urls.audiences(host).includes(audience)) {
      throw oauthError(403, "access_denied", `Service not enabled within domain: ${audience.slice(0, 200)}`);
    }
    const requested = field("scope")
      ?.split(" ")
      .filter((scope) => scope !== "");
    const notGranted = requested?.filter((scope) => !grantedScopes.includes(scope)) ?? [];
    if (notGranted.length > 0) {
      throw oauthError(403, "access_denied", `Client has not been granted scopes: ${notGranted.join(", ")}`);
    }
    const scopes = requested ?? grantedScopes;
    const accessToken = await authority.issue({
      clientId,
      scopes,
      audience,
      expiresInSeconds: TOKEN_LIFETIME_SECONDS,
    });
    const response = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: scopes.join(" "),
    } satisfies TokenResponse;
    return ok(response, { "cache-control": "no-store", pragma: "no-cache" });
  };

  const getJwks: RouteHandler = () => Promise.resolve(ok(authority.jwks()));

  return [
    { method: "POST", path: AUTH_PATHS.token, handler: postToken },
    { method: "GET", path: AUTH_PATHS.jwks, handler: getJwks },
  ];
}
