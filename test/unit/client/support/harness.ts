import { createServer } from "node:net";

import { resolveTenantConnection } from "../../../../src/client/connection";
import { ManagementClient } from "../../../../src/client/managementClient";
import { TokenCache } from "../../../../src/client/tokens";
import type { TenantConnection } from "../../../../src/client/connection";
import type { TenantConnectionSettings } from "../../../../src/client/connectionSettings";
import type { ManagementClientOptions } from "../../../../src/client/managementClient";
import { startEmulator } from "../../../../src/emulator";
import type { EmulatorOptions, EmulatorRoute, TenantEmulator } from "../../../../src/emulator";
import { getCaptcha, patchCaptcha } from "../../../../src/resources/captchaConfig/api";
import { getPhoneTemplates, putPhoneTemplates } from "../../../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../../../src/resources/tenantSettings/api";
import { AUTH_PATHS, routeOf } from "../../../../src/wire";
import { LEGACY_PHONE_SETTINGS } from "../../../support/tenants";

/** The emulator routes the client calls, by endpoint. */
export const ROUTES = {
  getCaptcha: routeOf(getCaptcha),
  patchCaptcha: routeOf(patchCaptcha),
  getSettings: routeOf(getTenantSettings),
  getPhoneTemplates: routeOf(getPhoneTemplates),
  putPhoneTemplates: routeOf(putPhoneTemplates),
  token: `POST ${AUTH_PATHS.token}`,
} as const satisfies Record<string, EmulatorRoute>;

/** A client under test with what it did instead of sleeping. */
export interface ClientUnderTest {
  client: ManagementClient;
  /** The delays the client asked to sleep, in ms, in order. */
  sleeps: number[];
  /** The client's retry log lines. */
  logs: string[];
  tokenCache: TokenCache;
  connection: TenantConnection;
}

/** A running emulator plus factories for connections and clients pointed at it. */
export interface Harness {
  emulator: TenantEmulator;
  /** A connection resolved the real way (stack config input) with the global client's credentials. */
  connection(settings?: TenantConnectionSettings): TenantConnection;
  /**
   * A client with its own token cache and a fake sleep that records and returns at once (unless
   * `realSleep`), and `random` fixed at 0.5 (so jitter is half its range).
   */
  client(
    settings?: TenantConnectionSettings,
    options?: ManagementClientOptions & { realSleep?: boolean },
  ): ClientUnderTest;
  /** `"METHOD path status"` of every request the emulator handled since the last reset, in order. */
  requests(): string[];
  /** Clears faults and the request log. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts an emulator (no rate limit unless asked) on a free loopback port. Its tenant uses the legacy phone
 * set-up unless `options.settings` says otherwise, so the legacy phone templates, the client's cheapest
 * read and write, answer.
 */
export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ rateLimit: false, settings: LEGACY_PHONE_SETTINGS, ...options });
  const connection = (settings: TenantConnectionSettings = {}): TenantConnection => {
    // Timeouts below the configurable minimum (1 s) keep the timeout tests fast: set on the resolved connection.
    const { timeoutSeconds, ...rest } = settings;
    const resolved = resolveTenantConnection({
      config: {
        domain: emulator.url,
        clientId: emulator.clientId,
        clientSecret: emulator.clientSecret,
        ...rest,
      },
      env: {},
    });
    return timeoutSeconds === undefined
      ? resolved
      : { ...resolved, timeoutMs: Math.round(Number(timeoutSeconds) * 1000) };
  };
  return {
    emulator,
    connection,
    client(settings = {}, options = {}) {
      const sleeps: number[] = [];
      const logs: string[] = [];
      const tokenCache = options.tokenCache ?? new TokenCache();
      const resolved = connection(settings);
      const { realSleep, ...clientOptions } = options;
      const client = new ManagementClient(resolved, {
        random: () => 0.5,
        ...(realSleep
          ? {}
          : {
              sleep: (ms: number) => {
                sleeps.push(ms);
                return Promise.resolve();
              },
            }),
        log: (line) => logs.push(line),
        ...clientOptions,
        tokenCache,
      });
      return { client, sleeps, logs, tokenCache, connection: resolved };
    },
    requests: () => emulator.requestLog.map((entry) => `${entry.method} ${entry.path} ${entry.status}`),
    reset() {
      emulator.clearFaults();
      emulator.clearRequestLog();
    },
    close: () => emulator.close(),
  };
}

/** A loopback port nothing listens on (bound once, then released). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Runs `action` and returns what it threw (failing the test if it did not throw). */
export async function caught(action: () => Promise<unknown>): Promise<Error> {
  try {
    await action();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`, { cause: error });
  }
  throw new Error("expected the call to fail");
}
