import { z } from "zod";

/** The body of every management API error: `{statusCode, error, message, errorCode?}`. */
export const apiErrorBodySchema = z.looseObject({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errorCode: z.string().optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The body of a token endpoint error: `{error, error_description}`. */
export const oauthErrorBodySchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});

export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;

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
