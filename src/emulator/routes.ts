import type { IncomingMessage } from "node:http";

import {
  ALL_SCOPES,
  API_PATHS,
  API_PREFIX,
  AUTH_PATHS,
  SCOPES,
  TENANT_SETTINGS_FIELDS,
  captchaPatchRequestSchema,
  phoneTemplatesRequestSchema,
} from "../wire";
import type { CaptchaResponse, PhoneTemplatesResponse, TenantSettingsResponse, TokenResponse } from "../wire";

import { INVALID_TOKEN_MESSAGE, TOKEN_LIFETIME_SECONDS, TokenError, secretsEqual } from "./auth";
import type { ClientCredentials, TokenAuthority, VerifiedToken } from "./auth";
import { parseBody } from "./body";
import type { BodyFormat } from "./body";
import { BodyError } from "./bodyError";
import { apiError, oauthError } from "./errors";
import { booleanPathsOf } from "./formBody";
import type { Tenant } from "./tenantState";
import { jsonTypeName, parsePayload, queryError } from "./validation";

/** What a handler gets: the request (headers), its query and its raw body (already read within the limit). */
export interface RouteRequest {
  readonly request: IncomingMessage;
  readonly query: URLSearchParams;
  readonly body: Buffer;
}

/** A successful response: status, JSON body and extra headers. Failures are thrown as `HttpError`s. */
export interface RouteReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A route's handler. */
export type RouteHandler = (request: RouteRequest) => Promise<RouteReply>;

/** Handlers by path, then by method. */
export type RouteTable = ReadonlyMap<string, Readonly<Partial<Record<string, RouteHandler>>>>;

/** What the routes act on. */
export interface RouteDependencies {
  readonly tenant: Tenant;
  readonly authority: TokenAuthority;
  /** The tenant's global client; the only one allowed on the CAPTCHA endpoints. */
  readonly globalClient: ClientCredentials;
  /** A client that is not global: its tokens work everywhere except on the CAPTCHA endpoints. */
  readonly nonGlobalClient: ClientCredentials;
}

const CAPTCHA_BOOLEAN_PATHS = booleanPathsOf(captchaPatchRequestSchema);
const KNOWN_SETTINGS_FIELDS: ReadonlySet<string> = new Set(TENANT_SETTINGS_FIELDS);

function ok(body: unknown, headers?: Readonly<Record<string, string>>): RouteReply {
  return headers === undefined ? { status: 200, body } : { status: 200, body, headers };
}

/** Parses a management API body; a body that cannot be read fails in the management API's error shape. */
function managementBody(
  request: RouteRequest,
  formats: readonly BodyFormat[],
  booleanPaths?: string[][],
): unknown {
  try {
    return parseBody(request.body, request.request.headers["content-type"], formats, booleanPaths);
  } catch (error) {
    if (error instanceof BodyError) {
      throw apiError(error.status, error.message, error.status === 400 ? "invalid_body" : undefined);
    }
    throw error;
  }
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

/** Builds the emulator's route table over a tenant. */
export function createRoutes(deps: RouteDependencies): RouteTable {
  const { tenant, authority, globalClient, nonGlobalClient } = deps;

  async function authorize(
    request: IncomingMessage,
    scope: string,
    options: { globalOnly: boolean },
  ): Promise<VerifiedToken> {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === "") throw apiError(401, "Missing authentication");
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1]) throw apiError(401, INVALID_TOKEN_MESSAGE);
    let token: VerifiedToken;
    try {
      token = await authority.verify(match[1]);
    } catch (error) {
      if (error instanceof TokenError) throw apiError(401, error.message);
      throw error;
    }
    const isGlobal = token.clientId === globalClient.clientId;
    if (!isGlobal && token.clientId !== nonGlobalClient.clientId) throw apiError(401, INVALID_TOKEN_MESSAGE);
    if (options.globalOnly && !isGlobal) throw apiError(401, "Client is not global");
    if (!token.scopes.has(scope)) {
      throw apiError(403, `Insufficient scope, expected any of: ${scope}`, "insufficient_scope");
    }
    return token;
  }

  /** The plan and existence checks of the CAPTCHA endpoints. */
  function requireCaptcha(): void {
    if (!tenant.botDetection()) {
      throw apiError(
        403,
        "Please upgrade your subscription to use bot detection",
        "insufficient_entitlement",
      );
    }
    if (!tenant.hasCaptcha()) {
      throw apiError(404, "The CAPTCHA configuration does not exist", "inexistent_captcha_config");
    }
  }

  const getCaptcha: RouteHandler = async ({ request }) => {
    await authorize(request, SCOPES.readCaptcha, { globalOnly: true });
    requireCaptcha();
    return ok(tenant.captcha() satisfies CaptchaResponse | undefined);
  };

  const patchCaptcha: RouteHandler = async (request) => {
    await authorize(request.request, SCOPES.updateCaptcha, { globalOnly: true });
    const body = managementBody(request, ["json", "form"], CAPTCHA_BOOLEAN_PATHS);
    const patch = parsePayload(captchaPatchRequestSchema, body);
    requireCaptcha();
    return ok((await tenant.applyCaptchaPatch(patch)) satisfies CaptchaResponse);
  };

  const getSettings: RouteHandler = async ({ request, query }) => {
    await authorize(request, SCOPES.readTenantSettings, { globalOnly: false });
    return ok(selectSettings(tenant.settingsView(), query) satisfies TenantSettingsResponse);
  };

  const getPhoneTemplates: RouteHandler = async ({ request }) => {
    await authorize(request, SCOPES.readPhoneTemplates, { globalOnly: false });
    return ok(tenant.phoneTemplates() satisfies PhoneTemplatesResponse);
  };

  const putPhoneTemplates: RouteHandler = async (request) => {
    await authorize(request.request, SCOPES.updatePhoneTemplates, { globalOnly: false });
    const templates = parsePayload(phoneTemplatesRequestSchema, managementBody(request, ["json"]));
    return ok((await tenant.applyPhoneTemplates(templates)) satisfies PhoneTemplatesResponse);
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

  return new Map<string, Partial<Record<string, RouteHandler>>>([
    [`${API_PREFIX}${API_PATHS.captcha}`, { GET: getCaptcha, PATCH: patchCaptcha }],
    [`${API_PREFIX}${API_PATHS.tenantSettings}`, { GET: getSettings }],
    [`${API_PREFIX}${API_PATHS.phoneTemplates}`, { GET: getPhoneTemplates, PUT: putPhoneTemplates }],
    [AUTH_PATHS.token, { POST: postToken }],
    [AUTH_PATHS.jwks, { GET: getJwks }],
  ]);
}
