/**
 * The endpoint half of the operations table, without zod: for each management API operation its method,
 * path, scope and which clients may call it. `./operations` completes each entry with its schemas, body
 * encodings and hints. The split exists for the public declarations: the emulator's route names, `SCOPES`
 * and `ALL_SCOPES` are exported from modules whose `.d.ts` must not load zod.
 */

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
  updateTenantSettings: "update:tenant_settings",
  readPhoneTemplates: "read:guardian_factors",
  updatePhoneTemplates: "update:guardian_factors",
} as const;

/** Where an operation is and who may call it. */
export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Path under {@link API_PREFIX}. */
  readonly path: string;
  /** The scope a token needs for it. */
  readonly scope: string;
  /** Only the tenant's global client may call it (the CAPTCHA endpoints); other clients get a 401. */
  readonly globalClientOnly: boolean;
}

const CAPTCHA_PATH = "/attack-protection/captcha";
const TENANT_SETTINGS_PATH = "/tenants/settings";
const PHONE_TEMPLATES_PATH = "/guardian/factors/phone/templates";

/** The endpoint of every operation in `OPERATIONS`, by the same names. */
export const ENDPOINTS = {
  getCaptcha: { method: "GET", path: CAPTCHA_PATH, scope: SCOPES.readCaptcha, globalClientOnly: true },
  patchCaptcha: { method: "PATCH", path: CAPTCHA_PATH, scope: SCOPES.updateCaptcha, globalClientOnly: true },
  getTenantSettings: {
    method: "GET",
    path: TENANT_SETTINGS_PATH,
    scope: SCOPES.readTenantSettings,
    globalClientOnly: false,
  },
  patchTenantSettings: {
    method: "PATCH",
    path: TENANT_SETTINGS_PATH,
    scope: SCOPES.updateTenantSettings,
    globalClientOnly: false,
  },
  getPhoneTemplates: {
    method: "GET",
    path: PHONE_TEMPLATES_PATH,
    scope: SCOPES.readPhoneTemplates,
    globalClientOnly: false,
  },
  putPhoneTemplates: {
    method: "PUT",
    path: PHONE_TEMPLATES_PATH,
    scope: SCOPES.updatePhoneTemplates,
    globalClientOnly: false,
  },
} as const satisfies Record<string, EndpointSpec>;

/** The name of an operation in `OPERATIONS`, e.g. `patchCaptcha`. */
export type OperationName = keyof typeof ENDPOINTS;

type Endpoints = typeof ENDPOINTS;

/** `"<METHOD> /api/v2<path>"` of an operation, as the emulator names its routes. */
export type OperationRoute<N extends OperationName = OperationName> = {
  [K in N]: `${Endpoints[K]["method"]} ${typeof API_PREFIX}${Endpoints[K]["path"]}`;
}[N];

/** Every operation name, in table order. */
export const OPERATION_NAMES = Object.keys(ENDPOINTS) as OperationName[];

/** The route of an operation: `"PATCH /api/v2/attack-protection/captcha"`. */
export function operationRoute<N extends OperationName>(name: N): OperationRoute<N> {
  const endpoint: EndpointSpec = ENDPOINTS[name];
  return `${endpoint.method} ${API_PREFIX}${endpoint.path}` as OperationRoute<N>;
}

/**
 * The operations the package itself sends (its client's calls); the others in the table, such as
 * `patchTenantSettings`, exist for the emulator and the official SDKs. The client's `call` accepts only these.
 */
export const PACKAGE_OPERATION_NAMES = [
  "getCaptcha",
  "patchCaptcha",
  "getTenantSettings",
  "getPhoneTemplates",
  "putPhoneTemplates",
] as const satisfies readonly OperationName[];

/** The name of an operation the package sends, one of {@link PACKAGE_OPERATION_NAMES}. */
export type PackageOperationName = (typeof PACKAGE_OPERATION_NAMES)[number];

/**
 * Every scope the package's operations need ({@link PACKAGE_OPERATION_NAMES}), for a machine-to-machine client
 * grant. The package never changes tenant settings, so `update:tenant_settings` is not among them.
 */
export const ALL_SCOPES: readonly string[] = [
  ...new Set(PACKAGE_OPERATION_NAMES.map((name) => ENDPOINTS[name].scope)),
];
