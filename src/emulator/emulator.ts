import { createPrivateKey, createPublicKey } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { exportPKCS8, generateKeyPair } from "jose";

import { ALL_SCOPES, API_PREFIX, SCOPES, tenantSettingsResponseSchema } from "../wire";
import type { TenantSettingsResponse } from "../wire/model";

import {
  TOKEN_LIFETIME_SECONDS,
  TokenAuthority,
  generateClientCredentials,
  generateSigningKey,
} from "./auth";
import type { ClientCredentials } from "./auth";
import { DEFAULT_BODY_LIMIT_BYTES } from "./body";
import { ClientAuthenticator, emulatorAssertionAudiences } from "./clientAuth";
import { readDataFile, writeDataFile } from "./dataDir";
import { defaultCaptchaConfig, defaultPhoneTemplates, defaultTenantSettings } from "./defaults";
import { FaultQueue } from "./faults";
import type { Fault, FaultRoute } from "./faults";
import { DEFAULT_RATE_LIMIT, TokenBucket, rateLimitFrom } from "./rateLimit";
import type { RateLimitOptions, RateLimitPreset } from "./rateLimit";
import { createRoutes } from "./routes";
import { EmulatorServer } from "./server";
import type { RequestLogEntry } from "./server";
import { STATE_FORMAT_VERSION } from "./state";
import type { PersistedState } from "./state";
import { StateFile, loadState, lockDataDir } from "./store";
import type { DataDirLock } from "./store";
import { Tenant } from "./tenantState";
import type { TenantControl, TenantState } from "./tenantState";
import { TenantUrls } from "./tenantUrls";
import { certificateNames, generateTlsMaterial, readTlsMaterial } from "./tls";
import type { TlsMaterial } from "./tls";

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

/** The name of the generated `private_key_jwt` key of the global client, in the data directory. */
export const CLIENT_ASSERTION_KEY_FILE_NAME = "tenant-emulator-client-key.pem";

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
  /**
   * Serve https: `true` with a certificate generated at start (for localhost, 127.0.0.1, ::1 and the host; its
   * PEM in {@link TenantEmulator.caFile}), or the given options. Default: plain http.
   */
  readonly tls?: boolean | EmulatorTlsOptions;
  /**
   * The tenant's settings, in the platform's shape, instead of a new tenant's (validated with the settings
   * response schema). Ignored when the data directory already holds a state.
   */
  readonly settings?: TenantSettingsResponse;
  /**
   * The public key (PEM, SPKI or a certificate) of the global client's `private_key_jwt` credential. Without
   * it, a key pair is generated (and kept in the data directory): see {@link TenantEmulator.clientAssertionKey}.
   */
  readonly clientPublicKey?: string;
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
  /** With TLS: the PEM file of the certificate to trust (`NODE_EXTRA_CA_CERTS`, `SSL_CERT_FILE`). */
  readonly caFile: string | undefined;
  /**
   * The global client's generated `private_key_jwt` private key (PKCS#8 PEM, for RS256) and the file it is kept
   * in (in the data directory, mode 0600), or `undefined` when a public key was registered instead.
   */
  readonly clientAssertionKey:
    { readonly privateKeyPem: string; readonly file: string | undefined } | undefined;
  /** Out-of-band access to the tenant's state. */
  readonly tenant: TenantControl;
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
   * (one of `EMULATOR_ROUTES`, e.g. `"POST /oauth/token"` or an operation's `"<METHOD> /api/v2/<path>"`) or
   * `"*"` for any request; a route's own faults are used before the `"*"` ones. Throws on an unknown route.
   */
  injectFault(route: FaultRoute, fault: Fault, count?: number): void;
  /** Drops every queued fault. */
  clearFaults(): void;
  /** Empties the request log and sets {@link TenantEmulator.connectionsOpened} back to 0. */
  clearRequestLog(): void;
  /** Stops the server (in-flight requests finish first) and waits for pending writes of the data file. */
  close(): Promise<void>;
}

function formatUrl(scheme: "http" | "https", host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `${scheme}://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

async function tlsMaterial(
  tls: true | EmulatorTlsOptions,
  host: string,
  dataDir: string | undefined,
): Promise<TlsMaterial> {
  const options = tls === true ? {} : tls;
  if ((options.certFile === undefined) !== (options.keyFile === undefined)) {
    throw new Error("tls.certFile and tls.keyFile must be given together");
  }
  if (options.certFile !== undefined && options.keyFile !== undefined) {
    return readTlsMaterial(options.certFile, options.keyFile);
  }
  const directory = dataDir ?? (await mkdtemp(join(tmpdir(), "tenant-emulator-")));
  return generateTlsMaterial(certificateNames(host, options.names), directory);
}

/** The global client's `private_key_jwt` key: the registered public key, or a kept or generated key pair. */
async function clientAssertionKeys(
  publicKeyPem: string | undefined,
  dataDir: string | undefined,
): Promise<{ publicKey: KeyObject; privateKeyPem: string | undefined; file: string | undefined }> {
  if (publicKeyPem !== undefined) {
    return { publicKey: createPublicKey(publicKeyPem), privateKeyPem: undefined, file: undefined };
  }
  const file = dataDir === undefined ? undefined : join(dataDir, CLIENT_ASSERTION_KEY_FILE_NAME);
  // Neither read nor written through a link: a symbolic link at the name is refused, and a new key goes to a
  // temporary file created exclusively, then renamed over the name.
  let privateKeyPem = file === undefined ? undefined : await readDataFile(file);
  if (privateKeyPem === undefined) {
    const pair = await generateKeyPair("RS256", { extractable: true });
    privateKeyPem = await exportPKCS8(pair.privateKey);
    if (dataDir !== undefined) {
      await writeDataFile(dataDir, CLIENT_ASSERTION_KEY_FILE_NAME, privateKeyPem, 0o600);
    }
  }
  return { publicKey: createPublicKey(createPrivateKey(privateKeyPem)), privateKeyPem, file };
}

function parseSettingsSeed(settings: TenantSettingsResponse): TenantSettingsResponse {
  const parsed = tenantSettingsResponseSchema.safeParse(structuredClone(settings));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`settings: ${issue?.path.join(".") ?? ""} ${issue?.message ?? "is invalid"}`.trim());
  }
  return parsed.data;
}

function checkMilliseconds(name: string, value: number | undefined): number {
  const ms = value ?? 0;
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`${name} must be a number >= 0, got ${ms}`);
  return ms;
}

function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);
  }
  return port;
}

/**
 * Starts an emulator of a tenant's management API: CAPTCHA GET/PATCH, tenant settings GET/PATCH, phone
 * templates GET/PUT, `/oauth/token` (client_secret_post, client_secret_basic, private_key_jwt) and
 * `/.well-known/jwks.json`, over http or https, with the platform's validation, error bodies, token checks and
 * rate-limit headers, an optional (locked) data directory, and fault injection for tests.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<TenantEmulator> {
  const port = checkPort(options.port ?? 0);
  const host = options.host ?? "127.0.0.1";
  if (options.rateLimit) rateLimitFrom(options.rateLimit);
  const dataDir = options.dataDir;
  let lock: DataDirLock | undefined;
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    lock = await lockDataDir(dataDir);
  }
  try {
    return await startLocked(options, port, host, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function startLocked(
  options: EmulatorOptions,
  port: number,
  host: string,
  lock: DataDirLock | undefined,
): Promise<TenantEmulator> {
  const rateLimit =
    options.rateLimit === false ? undefined : rateLimitFrom(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const latency = {
    ms: checkMilliseconds("latencyMs", options.latencyMs),
    jitterMs: checkMilliseconds("latencyJitterMs", options.latencyJitterMs),
  };
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
  const settings =
    options.settings === undefined ? defaultTenantSettings() : parseSettingsSeed(options.settings);
  const state: TenantState = loaded
    ? { captcha: loaded.captcha, phoneTemplates: loaded.phoneTemplates, settings: loaded.settings }
    : {
        captcha: options.captchaConfigured === false ? null : defaultCaptchaConfig(),
        phoneTemplates: defaultPhoneTemplates(),
        settings,
      };
  const tls =
    options.tls === undefined || options.tls === false
      ? undefined
      : await tlsMaterial(options.tls, host, options.dataDir);
  const assertionKeys = await clientAssertionKeys(options.clientPublicKey, options.dataDir);

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
    tls,
    latency,
  });
  const address = await server.listen(port, host);
  const url = formatUrl(tls ? "https" : "http", host, address.port);
  const audience = `${url}${API_PREFIX}/`;
  const authority = new TokenAuthority(signingKey, `${url}/`, audience);
  const tlsNames = typeof options.tls === "object" ? options.tls.names : undefined;
  const clientAuth = new ClientAuthenticator(
    [{ ...globalClient, publicKey: assertionKeys.publicKey }, nonGlobalClient],
    emulatorAssertionAudiences(url, certificateNames(host, tlsNames)),
  );
  server.setRoutes(
    createRoutes({
      tenant,
      authority,
      globalClient,
      nonGlobalClient,
      clientAuth,
      urls: new TenantUrls(url),
      grantedScopes: Object.values(SCOPES),
    }),
  );

  return {
    url,
    audience,
    domain: url,
    clientId: globalClient.clientId,
    clientSecret: globalClient.clientSecret,
    nonGlobalClient,
    dataFile: stateFile?.path,
    caFile: tls?.caFile,
    clientAssertionKey:
      assertionKeys.privateKeyPem === undefined
        ? undefined
        : { privateKeyPem: assertionKeys.privateKeyPem, file: assertionKeys.file },
    tenant,
    get requestLog(): readonly RequestLogEntry[] {
      return server.requestLog;
    },
    get connectionsOpened(): number {
      return server.connectionsOpened;
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
      server.clearRequestLog();
    },
    close: async () => {
      await server.close();
      await stateFile?.flush();
      await lock?.release();
    },
  };
}
