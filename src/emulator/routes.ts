import { ALL_SCOPES, AUTH_PATHS, TENANT_SETTINGS_FIELDS } from "../wire";
import type { CaptchaResponse, TenantSettingsResponse, TokenResponse } from "../wire";

import { TOKEN_LIFETIME_SECONDS, secretsEqual } from "./auth";
import type { ClientCredentials, TokenAuthority } from "./auth";
import { parseBody } from "./body";
import { BodyError } from "./bodyError";
import { apiError, oauthError } from "./errors";
import { createRouter } from "./router";
import type { OperationHandlers, RouteHandler, RouteReply, RouteTable } from "./router";
import type { Tenant } from "./tenantState";
import { jsonTypeName, queryError, requireValidTemplates } from "./validation";

export type { RouteHandler, RouteReply, RouteRequest, RouteTable } from "./router";

/** What the routes act on. */
export interface RouteDependencies {
  readonly tenant: Tenant;
  readonly authority: TokenAuthority;
  /** The tenant's global client; the only one allowed on the CAPTCHA endpoints. */
  readonly globalClient: ClientCredentials;
  /** A client that is not global: its tokens work everywhere except on the CAPTCHA endpoints. */
  readonly nonGlobalClient: ClientCredentials;
}

const KNOWN_SETTINGS_FIELDS: ReadonlySet<string> = new Set(TENANT_SETTINGS_FIELDS);

function ok(body: unknown, headers?: Readonly<Record<string, string>>): RouteReply {
  return headers === undefined ? { status: 200, body } : { status: 200, body, headers };
}

/**
 * Settings field selection: `fields` lists known top-level names (commas, whitespace around names ignored,
 * empty means all); `include_fields` `true` or absent includes them, `false` excludes them.
 */
function selectSettings(
  settings: Readonly<TenantSettingsResponse>,
  query: URLSearchParams,
): TenantSettingsResponse {
  const single = (name: string): string | undefined => {
    const values = query.getAll(name);
    if (values.length > 1) throw queryError(name, "Expected type string but found type array");
    return values[0];
  };
  const includeValue = single("include_fields");
  if (includeValue !== undefined && includeValue !== "true" && includeValue !== "false") {
    throw queryError("include_fields", "Expected type boolean but found type string");
  }
  const names = (single("fields") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const unknown = names.find((name) => !KNOWN_SETTINGS_FIELDS.has(name));
  if (unknown !== undefined) throw queryError("fields", `No enum match for: ${JSON.stringify(unknown)}`);
  if (names.length === 0) return settings;
  const listed = new Set(names);
  const include = includeValue !== "false";
  return Object.fromEntries(Object.entries(settings).filter(([name]) => listed.has(name) === include));
}

/**
 * Builds the emulator's route table over a tenant: one handler per operation of `OPERATIONS` (the router
 * checks the token, the scope and the body first), plus the token endpoint and the key set.
 */
export function createRoutes(deps: RouteDependencies): RouteTable {
  const { tenant, authority, globalClient, nonGlobalClient } = deps;

  /** The plan and existence checks of the CAPTCHA endpoints; returns the configuration. */
  function requireCaptcha(): CaptchaResponse {
    if (!tenant.botDetection()) {
      throw apiError(
        403,
        "Please upgrade your subscription to use bot detection",
        "insufficient_entitlement",
      );
    }
    const captcha = tenant.captcha();
    if (captcha === undefined) {
      throw apiError(404, "The CAPTCHA configuration does not exist", "inexistent_captcha_config");
    }
    return captcha;
  }

  const operations: OperationHandlers = {
    getCaptcha: async () => requireCaptcha(),
    patchCaptcha: async ({ payload }) => {
      requireCaptcha();
      return await tenant.applyCaptchaPatch(payload);
    },
    getTenantSettings: async ({ query }) => selectSettings(tenant.settingsView(), query),
    getPhoneTemplates: async () => tenant.phoneTemplates(),
    putPhoneTemplates: async ({ payload }) => {
      requireValidTemplates(payload);
      return await tenant.applyPhoneTemplates(payload);
    },
  };

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
    const clientId = field("client_id");
    if (clientId === undefined)
      throw oauthError(400, "invalid_request", "Missing required parameter: client_id");
    const client = [globalClient, nonGlobalClient].find((candidate) => candidate.clientId === clientId);
    const secret = field("client_secret") ?? "";
    if (!client || !secretsEqual(secret, client.clientSecret))
      throw oauthError(401, "access_denied", "Unauthorized");
    const audience = field("audience");
    if (audience === undefined) {
      throw oauthError(
        403,
        "access_denied",
        "No audience parameter was provided, and no default audience has been configured",
      );
    }
    if (audience !== authority.audience) {
      throw oauthError(403, "access_denied", `Service not enabled within domain: ${audience.slice(0, 200)}`);
    }
    const requested = field("scope")
      ?.split(" ")
      .filter((scope) => scope !== "");
    const notGranted = requested?.filter((scope) => !ALL_SCOPES.includes(scope)) ?? [];
    if (notGranted.length > 0) {
      throw oauthError(403, "access_denied", `Client has not been granted scopes: ${notGranted.join(", ")}`);
    }
    const scopes = requested ?? ALL_SCOPES;
    const accessToken = await authority.issue({ clientId, scopes, expiresInSeconds: TOKEN_LIFETIME_SECONDS });
    const response = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: scopes.join(" "),
    } satisfies TokenResponse;
    return ok(response, { "cache-control": "no-store", pragma: "no-cache" });
  };

  const getJwks: RouteHandler = () => Promise.resolve(ok(authority.jwks()));

  return createRouter(
    { authority, globalClient, nonGlobalClient },
    operations,
    new Map<string, Partial<Record<string, RouteHandler>>>([
      [AUTH_PATHS.token, { POST: postToken }],
      [AUTH_PATHS.jwks, { GET: getJwks }],
    ]),
  );
}
