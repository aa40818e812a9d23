import type { z } from "zod";

import { captchaPatchRequestSchema, captchaResponseSchema } from "./captcha";
import { ENDPOINTS } from "./endpoints";
import type { EndpointSpec, OperationName } from "./endpoints";
import { phoneTemplatesRequestSchema, phoneTemplatesResponseSchema } from "./phoneTemplates";
import { tenantSettingsPatchRequestSchema, tenantSettingsResponseSchema } from "./tenantSettings";

/** How a request body may be encoded: `application/json` or `application/x-www-form-urlencoded`. */
export type BodyEncoding = "json" | "form";

/** One operation of the management API, described as data: its endpoint, and what goes over it. */
export interface OperationSpec extends EndpointSpec {
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

/**
 * Every management API operation the package sends or the emulator serves: the one place that names its
 * method, path, scope (from `ENDPOINTS`, the zod-free half), schemas, body encodings and failure hints.
 * The client's calls, the emulator's router, scope checks and fault names, the bench and the test support
 * all read it. The client sends only `PACKAGE_OPERATION_NAMES`.
 */
export const OPERATIONS = {
  getCaptcha: {
    ...ENDPOINTS.getCaptcha,
    bodyEncodings: [],
    response: captchaResponseSchema,
    hints: CAPTCHA_HINTS,
  },
  patchCaptcha: {
    ...ENDPOINTS.patchCaptcha,
    request: captchaPatchRequestSchema,
    bodyEncodings: ["json", "form"],
    response: captchaResponseSchema,
    hints: CAPTCHA_HINTS,
  },
  getTenantSettings: {
    ...ENDPOINTS.getTenantSettings,
    bodyEncodings: [],
    response: tenantSettingsResponseSchema,
    hints: { 400: "Check the names passed in fields" },
  },
  patchTenantSettings: {
    ...ENDPOINTS.patchTenantSettings,
    request: tenantSettingsPatchRequestSchema,
    bodyEncodings: ["json", "form"],
    response: tenantSettingsResponseSchema,
    hints: { 400: "Check the settings sent: only the spec's writable settings fields, with their types" },
  },
  getPhoneTemplates: {
    ...ENDPOINTS.getPhoneTemplates,
    bodyEncodings: [],
    response: phoneTemplatesResponseSchema,
    hints: {},
  },
  putPhoneTemplates: {
    ...ENDPOINTS.putPhoneTemplates,
    request: phoneTemplatesRequestSchema,
    bodyEncodings: ["json", "form"],
    response: phoneTemplatesResponseSchema,
    hints: {},
  },
} as const satisfies Record<OperationName, OperationSpec>;

type Operations = typeof OPERATIONS;

/** The request body an operation takes, as its schema outputs it (`undefined` without a body). */
export type OperationRequest<N extends OperationName> = Operations[N] extends {
  request: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** The parsed 2xx response body of an operation. */
export type OperationResponse<N extends OperationName> = z.output<Operations[N]["response"]>;

/** The operation at `method` and `path` (under `API_PREFIX`), if the table has one. */
export function operationAt(method: string, path: string): OperationSpec | undefined {
  return Object.values(OPERATIONS).find(
    (operation: OperationSpec) => operation.method === method && operation.path === path,
  );
}
