import { schema } from "./schema";

/** The body of every management API error: `{statusCode, error, message, errorCode?}`. */
export type ApiErrorBody = {
  [key: string]: unknown;
  statusCode: number;
  error: string;
  message: string;
  errorCode?: string | undefined;
};

/** The schema of an {@link ApiErrorBody}. */
export const apiErrorBodySchema = schema<ApiErrorBody>()((z) =>
  z.looseObject({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    errorCode: z.string().optional(),
  }),
);

/** The body of a token endpoint error: `{error, error_description}`. */
export type OAuthErrorBody = {
  [key: string]: unknown;
  error: string;
  error_description?: string | undefined;
};

/** The schema of an {@link OAuthErrorBody}. */
export const oauthErrorBodySchema = schema<OAuthErrorBody>()((z) =>
  z.looseObject({ error: z.string(), error_description: z.string().optional() }),
);

/** The rate-limit headers; `X-RateLimit-Reset` is a UNIX time in seconds. */
export const RATE_LIMIT_HEADERS = {
  limit: "x-ratelimit-limit",
  remaining: "x-ratelimit-remaining",
  reset: "x-ratelimit-reset",
} as const;

/** Reads `X-RateLimit-Reset` (UNIX seconds); `undefined` when absent, blank or not a number. */
export function parseRateLimitReset(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}
