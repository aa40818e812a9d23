import type { Plan } from "../wire/emulation";
import type { ClientCredentials } from "./auth";
import type { TenantControl } from "./control";
import type { Fault, FaultRoute } from "./faults";
import type { RateLimitOptions, RateLimitPreset } from "./rateLimit";
import type { RequestLogEntry } from "./server";

/** How the emulator serves https. */
export interface EmulatorTlsOptions {
  /** A PEM certificate file; with {@link keyFile}, served instead of a generated certificate. */
  readonly certFile?: string;
  /** The PEM private key file of {@link certFile}. */
  readonly keyFile?: string;
  /**
   * Extra DNS names or IP addresses for the generated certificate (e.g. a CI service container's name); it
   * always covers `localhost`, `127.0.0.1`, `::1` and the listening host.
   */
  readonly names?: readonly string[];
}

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** TCP port; default 0 (a free port, see {@link TenantEmulator.url}). */
  readonly port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string;
  /**
   * Directory for the data file (`tenant-emulator-state.json`, mode 0600). Without it the state lives in
   * memory only. With it the state is loaded at start and saved after each change, before the response.
   */
  readonly dataDir?: string;
  /**
   * The tenant's token bucket, a preset shaped like a plan's documented limit (`"free"`: 2/s, bursts of
   * 10; see `RATE_LIMIT_PRESETS`), or `false` for no rate limit; default 100 requests/s with bursts of 200.
   */
  readonly rateLimit?: RateLimitOptions | RateLimitPreset | false;
  /**
   * Milliseconds every request waits before it is handled, as a distant tenant's round trip would; default
   * 0. A fault's own `delay` comes on top.
   */
  readonly latencyMs?: number;
  /** Up to this many milliseconds added at random to {@link EmulatorOptions.latencyMs}; default 0. */
  readonly latencyJitterMs?: number;
  /**
   * The tenant's plan: the features it lacks (`{ lacks: ["botDetection"] }`); default none. Each object's rules
   * name the features they need: without `botDetection` the CAPTCHA endpoints answer 403.
   */
  readonly plan?: Plan;
  /** Shorthand: `false` adds `botDetection` to what the {@link plan} lacks; default `true`. */
  readonly botDetection?: boolean;
  /**
   * Shorthand: `false` adds `highlyRegulatedIdentity` to what the {@link plan} lacks (the Highly Regulated
   * Identity add-on); default `true`. Without it a settings PATCH
   * that sets `acr_values_supported`, `mtls` or `pushed_authorization_requests_supported` answers 403
   * `feature_not_enabled` and changes nothing.
   */
  readonly highlyRegulatedIdentity?: boolean;
  /** The global client's id; generated (or loaded from the data file) unless given. */
  readonly clientId?: string;
  /** The global client's secret; generated (or loaded from the data file) unless given. */
  readonly clientSecret?: string;
  /**
   * The scopes the clients are granted; default every scope of the emulated endpoints. A token request that
   * asks for another is refused (403 `access_denied`), and a token request without `scope` gets these.
   */
  readonly grantedScopes?: readonly string[];
  /** Receives one line per request (method, path, status, ms); never a token, secret or body. */
  readonly log?: (line: string) => void;
  /**
   * The request body limit in bytes; default 1 MiB (`DEFAULT_BODY_LIMIT_BYTES`, the platform's), above any body
   * whose texts a preview accepts. Larger bodies get a 413.
   */
  readonly bodyLimitBytes?: number;
  /**
   * Serve https: `true` with a certificate generated at start (for localhost, 127.0.0.1, ::1 and the host; its
   * PEM in {@link TenantEmulator.caFile}), or the given options. Default: plain http.
   */
  readonly tls?: boolean | EmulatorTlsOptions;
  /**
   * The tenant's settings, in the platform's shape, instead of a new tenant's (validated with the settings
   * response schema). A new tenant uses the Unified Phone Experience, as a real one created since March 2025
   * does; `{"phone_consolidated_experience": false}` makes a tenant of the legacy phone set-up. Ignored when
   * the data directory already holds a state.
   */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * The public key (PEM, SPKI or a certificate) of the global client's `private_key_jwt` credential. Without
   * it, a key pair is generated (and kept in the data directory): see {@link TenantEmulator.clientAssertionKey}.
   */
  readonly clientPublicKey?: string;
}

/** Options of {@link TenantEmulator.issueToken}. */
export interface IssueTokenOptions {
  /** The token's scopes; default every scope the package needs (`ALL_SCOPES` of the package index). */
  readonly scopes?: readonly string[];
  /** Whether the token belongs to the global client (default) or to the non-global client. */
  readonly global?: boolean;
  /** Lifetime in seconds; default 86400 (24 h). Zero or negative gives an expired token. */
  readonly expiresInSeconds?: number;
  /** The `aud` claim; default {@link TenantEmulator.audience}. Another value gives a token the API refuses. */
  readonly audience?: string;
}

/** A running emulator of a tenant's management API. */
export interface TenantEmulator {
  /** The base URL, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  readonly url: string;
  /** The management API audience, `<url>/api/v2/`. */
  readonly audience: string;
  /** The tenant's domain as the provider takes it; the same as {@link url}. */
  readonly domain: string;
  /** The global machine-to-machine client's id (granted every scope of the emulated endpoints). */
  readonly clientId: string;
  /** The global client's secret (its current one: see {@link TenantEmulator.rotateClientSecret}). */
  readonly clientSecret: string;
  /** A client that is not global: tokens work on settings and phone templates; the CAPTCHA endpoints answer 401. */
  readonly nonGlobalClient: ClientCredentials;
  /** The data file's path, when a data directory was given. */
  readonly dataFile: string | undefined;
  /** With TLS: the PEM file of the certificate to trust (`NODE_EXTRA_CA_CERTS`, `SSL_CERT_FILE`). */
  readonly caFile: string | undefined;
  /**
   * The global client's generated `private_key_jwt` private key (PKCS#8 PEM, for RS256) and the file it is kept
   * in (in the data directory, mode 0600), or `undefined` when a public key was registered instead.
   */
  readonly clientAssertionKey:
    { readonly privateKeyPem: string; readonly file: string | undefined } | undefined;
  /** Out-of-band access to the tenant's data. */
  readonly tenant: TenantControl;
  /** Every route the emulator serves, as `"<METHOD> <path>"` (the names faults take). */
  readonly routes: readonly string[];
  /**
   * Gives the global client a new secret (generated unless given) and revokes the old one at once, as rotating
   * a client secret on the platform does; saved to the data file. Returns the new secret.
   */
  rotateClientSecret(secret?: string): Promise<string>;
  /** Every handled request, oldest first (the last 10,000 at most). */
  readonly requestLog: readonly RequestLogEntry[];
  /**
   * TCP connections clients opened since the start (or the last {@link TenantEmulator.clearRequestLog}):
   * with keep-alive, one client's requests share one. Each log entry names its connection too.
   */
  readonly connectionsOpened: number;
  /** Signs an access token as `/oauth/token` would, e.g. a static API token for tests. */
  issueToken(options?: IssueTokenOptions): Promise<string>;
  /**
   * Makes the next `count` (default 1) responses of `route` the given fault. `route` is `"<METHOD> <path>"`
   * (one of {@link TenantEmulator.routes}, e.g. `"POST /oauth/token"` or an endpoint's
   * `"<METHOD> /api/v2/<path>"`) or `"*"` for any request; a route's own faults are used before the `"*"`
   * ones. Throws on an unknown route.
   */
  injectFault(route: FaultRoute, fault: Fault, count?: number): void;
  /** Drops every queued fault. */
  clearFaults(): void;
  /** Empties the request log and sets {@link TenantEmulator.connectionsOpened} back to 0. */
  clearRequestLog(): void;
  /** Stops the server (in-flight requests finish first) and waits for pending writes of the data file. */
  close(): Promise<void>;
}
