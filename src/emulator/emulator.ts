import { createPrivateKey, createPublicKey } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { exportPKCS8, generateKeyPair } from "jose";

import { ALL_SCOPES, OBJECTS } from "../resources/registry";
import { API_PREFIX } from "../wire/endpoint";

import {
  TOKEN_LIFETIME_SECONDS,
  TokenAuthority,
  generateClientCredentials,
  generateSigningKey,
} from "./auth";
import { DEFAULT_BODY_LIMIT_BYTES } from "./body";
import type { EmulatorOptions, EmulatorTlsOptions, IssueTokenOptions, TenantEmulator } from "./types";
import { authRoutes } from "./authRoutes";
import { ClientAuthenticator, emulatorAssertionAudiences } from "./clientAuth";
import { tenantControl } from "./control";
import { readDataFile, writeDataFile } from "./dataDir";
import { FaultQueue } from "./faults";
import { DEFAULT_RATE_LIMIT, TokenBucket, rateLimitFrom } from "./rateLimit";
import { createRouter } from "./router";
import type { NewTenant, ObjectEmulation } from "../wire/emulation";
import { EmulatorServer } from "./server";
import type { RequestLogEntry } from "./server";
import { STATE_FORMAT_VERSION, tenantDataOf } from "./state";
import type { PersistedState } from "./state";
import { STATE_FILE_NAME, StateFile, loadState, lockDataDir } from "./store";
import type { DataDirLock } from "./store";
import { documentRulesOf } from "./documents";
import { planOf } from "./plan";
import { MemoryTenantStore } from "./tenantStore";
import type { TenantData } from "./tenantStore";
import { TenantUrls } from "./tenantUrls";
import { certificateNames, generateTlsMaterial, readTlsMaterial } from "./tls";
import type { TlsMaterial } from "./tls";

export type { EmulatorOptions, EmulatorTlsOptions, IssueTokenOptions, TenantEmulator } from "./types";

/** The name of the generated `private_key_jwt` key of the global client, in the data directory. */
export const CLIENT_ASSERTION_KEY_FILE_NAME = "tenant-emulator-client-key.pem";

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

/** The data of a new tenant: each document its object's rules give a new tenant. */
function newTenantData(emulations: readonly ObjectEmulation[], settings: NewTenant["settings"]): TenantData {
  const documents: Record<string, unknown> = {};
  for (const rules of emulations.flatMap((emulation) => emulation.documents ?? [])) {
    const initial: unknown = rules.initial({ settings });
    if (initial !== undefined) documents[rules.path] = initial;
  }
  return { documents, collections: {} };
}

/** Checks each loaded document and item with its object's stored schema; throws naming the first that fails. */
function checkLoaded(data: TenantData, emulations: readonly ObjectEmulation[], file: string): void {
  const fail = (where: string): never => {
    throw new Error(`The emulator data file ${file} is not in the expected format at ${where}`);
  };
  for (const rules of emulations.flatMap((emulation) => emulation.documents ?? [])) {
    const document = data.documents[rules.path];
    if (document !== undefined && document !== null && rules.stored?.safeParse(document).success === false)
      fail(rules.path);
  }
  for (const collection of emulations.flatMap((emulation) => emulation.collections ?? [])) {
    for (const [id, item] of Object.entries(data.collections[collection.path] ?? {})) {
      if (collection.stored?.safeParse(item).success === false) fail(`${collection.path}/${id}`);
    }
  }
}

/**
 * The emulation rules of the registry's objects, in registry order: a document object's from its description
 * (with what its `emulation.ts` does differently), the others' from their `emulation.ts`.
 */
async function loadEmulations(): Promise<ObjectEmulation[]> {
  return Promise.all(
    OBJECTS.map(async (object): Promise<ObjectEmulation> => {
      const own = object.emulation === undefined ? {} : (await object.emulation()).emulation;
      if (object.document === undefined) return own;
      const { document: overrides, ...rest } = own;
      return { ...rest, documents: [documentRulesOf(object.document, overrides), ...(own.documents ?? [])] };
    }),
  );
}

/** Every scope an emulated endpoint needs: what the clients are granted unless `grantedScopes` says otherwise. */
function scopesOf(emulations: readonly ObjectEmulation[]): string[] {
  return [
    ...new Set(
      emulations.flatMap((emulation) => [
        ...(emulation.documents ?? []).flatMap((rules) => rules.endpoints.map((endpoint) => endpoint.scope)),
        ...(emulation.routes ?? []).map((route) => route.endpoint.scope),
      ]),
    ),
  ];
}

/** The scopes the emulator's endpoints need, which `grantedScopes` (`--scopes`) may name. */
export async function emulatedScopes(): Promise<string[]> {
  return scopesOf(await loadEmulations());
}

/**
 * Starts an emulator of a tenant's management API: every endpoint of the registry's objects (the CAPTCHA
 * configuration, tenant settings, the legacy phone templates and message types, the branding phone
 * templates), `/oauth/token` (client_secret_post, client_secret_basic, private_key_jwt) and
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
  const emulations = await loadEmulations();
  const { data, globalClient, nonGlobalClient, settings } = await tenantState(options, emulations);
  const tls =
    options.tls === undefined || options.tls === false
      ? undefined
      : await tlsMaterial(options.tls, host, options.dataDir);
  const assertionKeys = await clientAssertionKeys(options.clientPublicKey, options.dataDir);

  const snapshot = (): PersistedState => ({
    version: STATE_FORMAT_VERSION,
    clients: { global: { ...globalClient }, nonGlobal: nonGlobalClient },
    ...store.snapshot(),
  });
  const stateFile = options.dataDir === undefined ? undefined : new StateFile(options.dataDir, snapshot);
  const store = new MemoryTenantStore(data, planOf(options), () => stateFile?.save() ?? Promise.resolve());
  // Saved at once, so the client credentials are stable from the first start on.
  await stateFile?.save();

  const signingKey = await generateSigningKey();
  let routes: readonly string[] = [];
  const faults = new FaultQueue(() => routes);
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
  const audiences = emulatorAssertionAudiences(
    url,
    certificateNames(host, typeof options.tls === "object" ? options.tls.names : undefined),
  );
  const clientAuth = clientAuthenticator(globalClient, nonGlobalClient, assertionKeys.publicKey, audiences);
  const emulatedScopes = scopesOf(emulations);
  const unknownScopes = (options.grantedScopes ?? []).filter((scope) => !emulatedScopes.includes(scope));
  if (unknownScopes.length > 0) {
    await server.close();
    throw new RangeError(
      `grantedScopes: ${unknownScopes.join(", ")} not emulated; scopes: ${emulatedScopes.join(", ")}`,
    );
  }
  const log = (line: string): void => options.log?.(line);
  const table = createRouter(
    { authority, urls: new TenantUrls(url), globalClient, nonGlobalClient },
    emulations,
    store,
    log,
    authRoutes({
      authority,
      clientAuth,
      urls: new TenantUrls(url),
      grantedScopes: options.grantedScopes ?? emulatedScopes,
    }),
  );
  routes = table.routes();
  server.setRoutes(table);

  return emulatorHandle({
    url,
    audience,
    globalClient,
    nonGlobalClient,
    stateFile,
    tls,
    assertionKeys,
    control: tenantControl(store, emulations, { settings }),
    routes,
    server,
    authority,
    faults,
    lock,
  });
}

/**
 * The tenant the emulator starts with: the data directory's state when it has one (documents later versions
 * added get a new tenant's content), else a new tenant seeded with `options.settings`; and its two clients.
 */
async function tenantState(options: EmulatorOptions, emulations: Awaited<ReturnType<typeof loadEmulations>>) {
  const legacyKeys = new Map(
    emulations
      .flatMap((emulation) => emulation.documents ?? [])
      .flatMap((rules) => (rules.legacyKey === undefined ? [] : [[rules.legacyKey, rules.path] as const])),
  );
  // A data file leaves out what later versions added: those documents get a new tenant's content.
  const initial = newTenantData(emulations, undefined).documents;
  const loaded =
    options.dataDir === undefined ? undefined : await loadState(options.dataDir, legacyKeys, initial);

  const generated = loaded?.clients.global ?? generateClientCredentials();
  const globalClient = {
    clientId: options.clientId ?? generated.clientId,
    clientSecret: options.clientSecret ?? generated.clientSecret,
  };
  const nonGlobalClient = loaded?.clients.nonGlobal ?? generateClientCredentials();
  if (globalClient.clientId === nonGlobalClient.clientId) {
    throw new Error("clientId must differ from the non-global client's id");
  }
  const settings = options.settings === undefined ? undefined : structuredClone(options.settings);
  // Built even when a state is loaded: the objects' rules check the seed (the settings) as they take it.
  const fresh = newTenantData(emulations, settings);
  const data = loaded === undefined ? fresh : tenantDataOf(loaded, initial);
  if (loaded !== undefined && options.dataDir !== undefined) {
    checkLoaded(data, emulations, join(options.dataDir, STATE_FILE_NAME));
  }
  return { data, globalClient, nonGlobalClient, settings };
}

/** What {@link emulatorHandle} hands the caller of {@link startEmulator}. */
interface HandleParts {
  readonly url: string;
  readonly audience: string;
  readonly globalClient: { clientId: string; clientSecret: string };
  readonly nonGlobalClient: TenantEmulator["nonGlobalClient"];
  readonly stateFile: StateFile | undefined;
  readonly tls: Awaited<ReturnType<typeof tlsMaterial>> | undefined;
  readonly assertionKeys: Awaited<ReturnType<typeof clientAssertionKeys>>;
  readonly control: TenantEmulator["tenant"];
  readonly routes: readonly string[];
  readonly server: EmulatorServer;
  readonly authority: TokenAuthority;
  readonly faults: FaultQueue;
  readonly lock: DataDirLock | undefined;
}

/** The running emulator, as its caller controls it. */
function emulatorHandle(parts: HandleParts): TenantEmulator {
  const { url, audience, globalClient, nonGlobalClient, stateFile, tls, assertionKeys, control } = parts;
  const { routes, server, authority, faults, lock } = parts;
  return {
    url,
    audience,
    domain: url,
    clientId: globalClient.clientId,
    get clientSecret(): string {
      return globalClient.clientSecret;
    },
    nonGlobalClient,
    dataFile: stateFile?.path,
    caFile: tls?.caFile,
    clientAssertionKey:
      assertionKeys.privateKeyPem === undefined
        ? undefined
        : { privateKeyPem: assertionKeys.privateKeyPem, file: assertionKeys.file },
    tenant: control,
    routes,
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
    rotateClientSecret: async (secret = generateClientCredentials().clientSecret) => {
      globalClient.clientSecret = secret;
      await stateFile?.save();
      return secret;
    },
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

/** Who may ask for a token: the global client (its secret read at each request, so a rotation is at once) and the other. */
function clientAuthenticator(
  globalClient: { readonly clientId: string; readonly clientSecret: string },
  nonGlobalClient: { readonly clientId: string; readonly clientSecret: string },
  publicKey: Awaited<ReturnType<typeof clientAssertionKeys>>["publicKey"],
  audiences: ReturnType<typeof emulatorAssertionAudiences>,
): ClientAuthenticator {
  const global = {
    clientId: globalClient.clientId,
    get clientSecret(): string {
      return globalClient.clientSecret;
    },
    publicKey,
  };
  return new ClientAuthenticator([global, nonGlobalClient], audiences);
}
