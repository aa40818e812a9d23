import { z } from "zod";

/** POST /oauth/token body for the client-credentials grant (JSON or form-encoded). */
export const tokenRequestSchema = z.looseObject({
  grant_type: z.literal("client_credentials"),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  audience: z.string().min(1),
});

export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The `client_assertion_type` of `private_key_jwt` client authentication (RFC 7523). */
export const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** POST /oauth/token body for the client-credentials grant with `private_key_jwt` client authentication. */
export const clientAssertionTokenRequestSchema = z.looseObject({
  grant_type: z.literal("client_credentials"),
  client_id: z.string().min(1),
  client_assertion_type: z.literal(CLIENT_ASSERTION_TYPE),
  client_assertion: z.string().min(1),
  audience: z.string().min(1),
});

export type ClientAssertionTokenRequest = z.infer<typeof clientAssertionTokenRequestSchema>;

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
