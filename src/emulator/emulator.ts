import { ALL_SCOPES, API_PREFIX } from "../wire";

import {
  TOKEN_LIFETIME_SECONDS,
  TokenAuthority,
  generateClientCredentials,
  generateSigningKey,
} from "./auth";
import type { ClientCredentials } from "./auth";
import { DEFAULT_BODY_LIMIT_BYTES } from "./body";
import { defaultCaptchaConfig, defaultPhoneTemplates, defaultTenantSettings } from "./defaults";
import { FaultQueue } from "./faults";
import type { Fault, FaultRoute } from "./faults";
import { DEFAULT_RATE_LIMIT, TokenBucket, checkRateLimitOptions } from "./rateLimit";
import type { RateLimitOptions } from "./rateLimit";
import { createRoutes } from "./routes";
import { EmulatorServer } from "./server";
import type { RequestLogEntry } from "./server";
import { STATE_FORMAT_VERSION } from "./state";
import type { PersistedState } from "./state";
import { StateFile, loadState } from "./store";
import { Tenant } from "./tenantState";
import type { TenantControl, TenantState } from "./tenantState";

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
  /** The tenant's token bucket, or `false` for no rate limit; default 100 requests/s with bursts of 200. */
  readonly rateLimit?: RateLimitOptions | false;
  /** Whether the plan includes bot detection; default `true`. Without it the CAPTCHA endpoints answer 403. */
  readonly botDetection?: boolean;
  /**
   * Whether a new tenant starts with a CAPTCHA configuration; default `true`. With `false`, CAPTCHA GET and
   * PATCH answer 404 `inexistent_captcha_config` until `tenant.createCaptchaConfig()` is called (PATCH does
   * not create it). Ignored when the data directory already holds a state.
   */
  readonly captchaConfigured?: boolean;
  /** The global client's id; generated (or loaded from the data file) unless given. */
  readonly clientId?: string;
  /** The global client's secret; generated (or loaded from the data file) unless given. */
  readonly clientSecret?: string;
  /** Receives one line per request (method, path, status, ms); never a token, secret or body. */
  readonly log?: (line: string) => void;
  /** The request body limit in bytes; default 100 KiB. Larger bodies get a 413. */
  readonly bodyLimitBytes?: number;
}

/** Options of {@link TenantEmulator.issueToken}. */
export interface IssueTokenOptions {
  /** The token's scopes; default every scope the package needs (`ALL_SCOPES`). */
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
  /** The global machine-to-machine client's id (granted every scope in `ALL_SCOPES`). */
  readonly clientId: string;
  /** The global client's secret. */
  readonly clientSecret: string;
  /** A client that is not global: tokens work on settings and phone templates; the CAPTCHA endpoints answer 401. */
  readonly nonGlobalClient: ClientCredentials;
  /** The data file's path, when a data directory was given. */
  readonly dataFile: string | undefined;
  /** Out-of-band access to the tenant's state. */
  readonly tenant: TenantControl;
  /** Every handled request, oldest first (the last 10,000 at most). */
  readonly requestLog: readonly RequestLogEntry[];
  /** Signs an access token as `/oauth/token` would, e.g. a static API token for tests. */
  issueToken(options?: IssueTokenOptions): Promise<string>;
  /**
   * Makes the next `count` (default 1) responses of `route` the given fault. `route` is `"<METHOD> <path>"`
   * (one of `EMULATOR_ROUTES`, e.g. `"POST /oauth/token"` or an operation's `"<METHOD> /api/v2/<path>"`) or
   * `"*"` for any request; a route's own faults are used before the `"*"` ones. Throws on an unknown route.
   */
  injectFault(route: FaultRoute, fault: Fault, count?: number): void;
  /** Drops every queued fault. */
  clearFaults(): void;
  /** Empties the request log. */
  clearRequestLog(): void;
  /** Stops the server (in-flight requests finish first) and waits for pending writes of the data file. */
  close(): Promise<void>;
}

function formatUrl(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);
  }
  return port;
}

/**
 * Starts an emulator of a tenant's management API: CAPTCHA GET/PATCH, tenant settings GET, phone templates
 * GET/PUT, `/oauth/token` and `/.well-known/jwks.json`, with the platform's validation, error bodies, token
 * checks and rate-limit headers, an optional data directory, and fault injection for tests.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<TenantEmulator> {
  const port = checkPort(options.port ?? 0);
  const host = options.host ?? "127.0.0.1";
  const rateLimit =
    options.rateLimit === false ? undefined : checkRateLimitOptions(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const loaded = options.dataDir === undefined ? undefined : await loadState(options.dataDir);

  const generated = loaded?.clients.global ?? generateClientCredentials();
  const globalClient: ClientCredentials = {
    clientId: options.clientId ?? generated.clientId,
    clientSecret: options.clientSecret ?? generated.clientSecret,
  };
  const nonGlobalClient = loaded?.clients.nonGlobal ?? generateClientCredentials();
  if (globalClient.clientId === nonGlobalClient.clientId) {
    throw new Error("clientId must differ from the non-global client's id");
  }
  const state: TenantState = loaded
    ? { captcha: loaded.captcha, phoneTemplates: loaded.phoneTemplates, settings: loaded.settings }
    : {
        captcha: options.captchaConfigured === false ? null : defaultCaptchaConfig(),
        phoneTemplates: defaultPhoneTemplates(),
        settings: defaultTenantSettings(),
      };

  const snapshot = (): PersistedState => ({
    version: STATE_FORMAT_VERSION,
    clients: { global: globalClient, nonGlobal: nonGlobalClient },
    ...tenant.snapshot(),
  });
  const stateFile = options.dataDir === undefined ? undefined : new StateFile(options.dataDir, snapshot);
  const tenant = new Tenant(
    state,
    options.botDetection ?? true,
    () => stateFile?.save() ?? Promise.resolve(),
  );
  // Saved at once, so the client credentials are stable from the first start on.
  await stateFile?.save();

  const signingKey = await generateSigningKey();
  const faults = new FaultQueue();
  const server = new EmulatorServer({
    faults,
    bucket: rateLimit ? new TokenBucket(rateLimit) : undefined,
    bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    log: options.log,
  });
  const address = await server.listen(port, host);
  const url = formatUrl(host, address.port);
  const audience = `${url}${API_PREFIX}/`;
  const authority = new TokenAuthority(signingKey, `${url}/`, audience);
  server.setRoutes(createRoutes({ tenant, authority, globalClient, nonGlobalClient }));

  return {
    url,
    audience,
    domain: url,
    clientId: globalClient.clientId,
    clientSecret: globalClient.clientSecret,
    nonGlobalClient,
    dataFile: stateFile?.path,
    tenant,
    get requestLog(): readonly RequestLogEntry[] {
      return server.requestLog;
    },
    issueToken: (tokenOptions: IssueTokenOptions = {}) =>
      authority.issue({
        clientId: tokenOptions.global === false ? nonGlobalClient.clientId : globalClient.clientId,
        scopes: tokenOptions.scopes ?? ALL_SCOPES,
        expiresInSeconds: tokenOptions.expiresInSeconds ?? TOKEN_LIFETIME_SECONDS,
        ...(tokenOptions.audience === undefined ? {} : { audience: tokenOptions.audience }),
      }),
    injectFault: (route, fault, count = 1) => faults.add(route, fault, count),
    clearFaults: () => faults.clear(),
    clearRequestLog: () => {
      server.requestLog.length = 0;
    },
    close: async () => {
      await server.close();
      await stateFile?.flush();
    },
  };
}
