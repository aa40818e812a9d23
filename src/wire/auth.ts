import { z } from "zod";

/** POST /oauth/token body for the client-credentials grant (JSON or form-encoded). */
export const tokenRequestSchema = z.looseObject({
  grant_type: z.literal("client_credentials"),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  audience: z.string().min(1),
});

export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** POST /oauth/token success body. */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});

export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The claims of a management API access token. */
export const accessTokenClaimsSchema = z.looseObject({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number().optional(),
  scope: z.string().default(""),
  gty: z.string().optional(),
  azp: z.string().optional(),
});

export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
