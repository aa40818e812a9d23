import { schema } from "./schema";

/** POST /oauth/token body for the client-credentials grant (JSON or form-encoded). */
export type TokenRequest = {
  [key: string]: unknown;
  grant_type: "client_credentials";
  client_id: string;
  client_secret: string;
  audience: string;
};

/** The `client_assertion_type` of `private_key_jwt` client authentication (RFC 7523). */
export const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** POST /oauth/token body for the client-credentials grant with `private_key_jwt` client authentication. */
export type ClientAssertionTokenRequest = {
  [key: string]: unknown;
  grant_type: "client_credentials";
  client_id: string;
  client_assertion_type: typeof CLIENT_ASSERTION_TYPE;
  client_assertion: string;
  audience: string;
};

/** POST /oauth/token success body. */
export type TokenResponse = {
  [key: string]: unknown;
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string | undefined;
};

/** The schema of a {@link TokenResponse}: a token request's success body. */
export const tokenResponseSchema = schema<TokenResponse>()((z) =>
  z.looseObject({
    access_token: z.string().min(1),
    token_type: z.string(),
    expires_in: z.number().positive(),
    scope: z.string().optional(),
  }),
);

/** The claims of a management API access token. */
type AccessTokenClaims = {
  [key: string]: unknown;
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat?: number | undefined;
  scope: string;
  gty?: string | undefined;
  azp?: string | undefined;
};

/** The schema of {@link AccessTokenClaims}; a missing `scope` reads as no scope. */
export const accessTokenClaimsSchema = schema<AccessTokenClaims>()((z) =>
  z.looseObject({
    iss: z.string(),
    sub: z.string(),
    aud: z.union([z.string(), z.array(z.string())]),
    exp: z.number(),
    iat: z.number().optional(),
    scope: z.string().default(""),
    gty: z.string().optional(),
    azp: z.string().optional(),
  }),
);
