import { AUTH_PATHS, parseTenantSettingsFields, TENANT_SETTINGS_FIELDS } from "../wire";
import type { CaptchaResponse, TenantSettingsResponse, TokenResponse } from "../wire";
import { isRecord } from "../wire/json";

import { TOKEN_LIFETIME_SECONDS } from "./auth";
import type { ClientCredentials, TokenAuthority } from "./auth";
import { parseBody } from "./body";
import { BodyError } from "./bodyError";
import type { ClientAuthenticator } from "./clientAuth";
import { apiError, oauthError } from "./errors";
import { createRouter } from "./router";
import type { OperationHandlers, RouteHandler, RouteReply, RouteTable } from "./router";
import type { Tenant } from "./tenantState";
import type { TenantUrls } from "./tenantUrls";
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
  /** Authenticates clients at the token endpoint. */
  readonly clientAuth: ClientAuthenticator;
  /** The URLs (and so audiences) a request may address the tenant by. */
  readonly urls: TenantUrls;
  /** Every scope a client of this tenant is granted. */
  readonly grantedScopes: readonly string[];
}

type JsonObject = Record<string, unknown>;

function ok(body: unknown, headers?: Readonly<Record<string, string>>): RouteReply {
  return headers === undefined ? { status: 200, body } : { status: 200, body, headers };
}

/** Copies `value` into `target[key]` as data, whatever the key (no prototype setter). */
function put(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Settings field selection. `fields` must match the published OpenAPI pattern (known names, commas only); empty
 * or absent means all. `include_fields` `true` or absent includes them, `false` excludes them. A nested name
 * (`universal_login.colors`) selects that member of its object.
 */
function selectSettings(settings: Readonly<TenantSettingsResponse>, query: URLSearchParams): JsonObject {
  const single = (name: string): string | undefined => {
    const values = query.getAll(name);
    if (values.length > 1) throw queryError(name, "Expected type string but found type array");
    return values[0];
  };
  const includeValue = single("include_fields");
  if (includeValue !== undefined && includeValue !== "true" && includeValue !== "false") {
    throw queryError("include_fields", "Expected type boolean but found type string");
  }
  const fieldsValue = single("fields") ?? "";
  if (fieldsValue === "") return settings;
  const names = parseTenantSettingsFields(fieldsValue);
  if (names === undefined) {
    const known: ReadonlySet<string> = new Set(TENANT_SETTINGS_FIELDS);
    const unknown = fieldsValue.split(",").find((name) => name.trim() !== "" && !known.has(name.trim()));
    throw queryError(
      "fields",
      unknown === undefined
        ? "String does not match pattern: known field names joined by commas, without spaces or empty names"
        : `No enum match for: ${JSON.stringify(unknown.slice(0, 100))}`,
    );
  }
  const all: JsonObject = settings;
  if (includeValue === "false") {
    const result: JsonObject = { ...all };
    for (const name of names) {
      const [top = name, member] = name.split(".");
      const value = result[top];
      if (member === undefined) delete result[top];
      else if (isRecord(value)) {
        const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== member));
        put(result, top, rest);
      }
    }
    return result;
  }
  const result: JsonObject = {};
  for (const name of names) {
    const [top = name, member] = name.split(".");
    if (!Object.prototype.hasOwnProperty.call(all, top)) continue;
    const value = all[top];
    if (member === undefined) put(result, top, value);
    else if (isRecord(value) && Object.prototype.hasOwnProperty.call(value, member)) {
      const selected = result[top];
      if (selected === value) continue;
      const partial: JsonObject = isRecord(selected) ? selected : {};
      put(partial, member, value[member]);
      put(result, top, partial);
    }
  }
  return result;
}

/**
 * Builds the emulator's route table over a tenant: one handler per operation of `OPERATIONS` (the router
 * checks the token and the scope, charges the rate limit and parses the body first), plus the token
 * endpoint and the key set.
 */
export function createRoutes(deps: RouteDependencies): RouteTable {
  const { tenant, authority, globalClient, nonGlobalClient, clientAuth, urls, grantedScopes } = deps;

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
    getTenantSettings: async ({ query }) =>
      selectSettings(tenant.settingsView(), query) satisfies TenantSettingsResponse,
    patchTenantSettings: async ({ payload }) => await tenant.applySettingsPatch(payload),
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

  return createRouter(
    { authority, globalClient, nonGlobalClient, urls },
    operations,
    new Map<string, Partial<Record<string, RouteHandler>>>([
      [AUTH_PATHS.token, { POST: postToken }],
      [AUTH_PATHS.jwks, { GET: getJwks }],
    ]),
  );
}
