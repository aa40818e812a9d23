import type { z } from "zod";

import { captchaPatchRequestSchema, captchaResponseSchema } from "./captcha";
import { phoneTemplatesRequestSchema, phoneTemplatesResponseSchema } from "./phoneTemplates";
import { tenantSettingsResponseSchema } from "./tenantSettings";

/** The path prefix of the management API on a tenant's host. */
export const API_PREFIX = "/api/v2";

/** The client-credentials token endpoint and the key set, on the tenant's host (no prefix). */
export const AUTH_PATHS = {
  token: "/oauth/token",
  jwks: "/.well-known/jwks.json",
} as const;

/** The HTTP methods of the management API and the token endpoint. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The scope each operation needs, as the platform names them. */
export const SCOPES = {
  readCaptcha: "read:attack_protection",
  updateCaptcha: "update:attack_protection",
  readTenantSettings: "read:tenant_settings",
  readPhoneTemplates: "read:guardian_factors",
  updatePhoneTemplates: "update:guardian_factors",
} as const;

/** How a request body may be encoded: `application/json` or `application/x-www-form-urlencoded`. */
export type BodyEncoding = "json" | "form";

/** One operation of the management API, described as data. */
export interface OperationSpec {
  readonly method: HttpMethod;
  /** Path under {@link API_PREFIX}. */
  readonly path: string;
  /** The scope a token needs for it. */
  readonly scope: string;
  /** Only the tenant's global client may call it (the CAPTCHA endpoints); other clients get a 401. */
  readonly globalClientOnly: boolean;
  /** The request body's schema; absent when the operation takes no body. */
  readonly request?: z.ZodType;
  /** The encodings the service accepts for the body (empty without a body). Answers are always JSON. */
  readonly bodyEncodings: readonly BodyEncoding[];
  /** The 2xx response body's schema. */
  readonly response: z.ZodType;
  /** Sentences appended to an error of this operation, by HTTP status. */
  readonly hints: Readonly<Partial<Record<number, string>>>;
}

const CAPTCHA_HINTS = {
  401: "Check the client credentials or API token; a token for the CAPTCHA settings must belong to a global client",
  404: "The tenant has no CAPTCHA configuration yet",
} as const;

const CAPTCHA_PATH = "/attack-protection/captcha";
const PHONE_TEMPLATES_PATH = "/guardian/factors/phone/templates";

/**
 * Every management API operation the package uses: the one place that names its method, path, scope,
 * schemas, body encodings and failure hints. The client's calls, the emulator's router, scope checks
 * and fault names, the bench and the test support all read it.
 */
export const OPERATIONS = {
  getCaptcha: {
    method: "GET",
    path: CAPTCHA_PATH,
    scope: SCOPES.readCaptcha,
    globalClientOnly: true,
    bodyEncodings: [],
    response: captchaResponseSchema,
    hints: CAPTCHA_HINTS,
  },
  patchCaptcha: {
    method: "PATCH",
    path: CAPTCHA_PATH,
    scope: SCOPES.updateCaptcha,
    globalClientOnly: true,
    request: captchaPatchRequestSchema,
    bodyEncodings: ["json", "form"],
    response: captchaResponseSchema,
    hints: CAPTCHA_HINTS,
  },
  getTenantSettings: {
    method: "GET",
    path: "/tenants/settings",
    scope: SCOPES.readTenantSettings,
    globalClientOnly: false,
    bodyEncodings: [],
    response: tenantSettingsResponseSchema,
    hints: { 400: "Check the names passed in fields" },
  },
  getPhoneTemplates: {
    method: "GET",
    path: PHONE_TEMPLATES_PATH,
    scope: SCOPES.readPhoneTemplates,
    globalClientOnly: false,
    bodyEncodings: [],
    response: phoneTemplatesResponseSchema,
    hints: {},
  },
  putPhoneTemplates: {
    method: "PUT",
    path: PHONE_TEMPLATES_PATH,
    scope: SCOPES.updatePhoneTemplates,
    globalClientOnly: false,
    request: phoneTemplatesRequestSchema,
    bodyEncodings: ["json"],
    response: phoneTemplatesResponseSchema,
    hints: {},
  },
} as const satisfies Record<string, OperationSpec>;

/** The name of an operation in {@link OPERATIONS}, e.g. `patchCaptcha`. */
export type OperationName = keyof typeof OPERATIONS;

type Operations = typeof OPERATIONS;

/** The request body an operation takes, as its schema outputs it (`undefined` without a body). */
export type OperationRequest<N extends OperationName> = Operations[N] extends {
  request: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** The parsed 2xx response body of an operation. */
export type OperationResponse<N extends OperationName> = z.output<Operations[N]["response"]>;

/** `"<METHOD> /api/v2<path>"` of an operation, as the emulator names its routes. */
export type OperationRoute<N extends OperationName = OperationName> = {
  [K in N]: `${Operations[K]["method"]} ${typeof API_PREFIX}${Operations[K]["path"]}`;
}[N];

/** Every operation name, in table order. */
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

/** The route of an operation: `"PATCH /api/v2/attack-protection/captcha"`. */
export function operationRoute<N extends OperationName>(name: N): OperationRoute<N> {
  const operation: OperationSpec = OPERATIONS[name];
  return `${operation.method} ${API_PREFIX}${operation.path}` as OperationRoute<N>;
}

/** The operation at `method` and `path` (under {@link API_PREFIX}), if the table has one. */
export function operationAt(method: string, path: string): OperationSpec | undefined {
  return Object.values(OPERATIONS).find(
    (operation: OperationSpec) => operation.method === method && operation.path === path,
  );
}

/** Every scope the package's operations need, for a machine-to-machine client grant. */
export const ALL_SCOPES: readonly string[] = [
  ...new Set(Object.values(OPERATIONS).map((operation: OperationSpec) => operation.scope)),
];
