/**
 * The tenant clients of this process and what they share: one token per tenant and credentials for every
 * resource of the run, one rate-limit pacer per tenant whichever credentials a client has, one client per
 * connection, and the reads of the `pulumi` command the process runs under. A tenant binding
 * (`binding.ts`) takes its client from here and hands it down; nothing else does.
 */
import type { TenantConnection } from "../client/connection";
import type * as ManagementClientModule from "../client/managementClient";
import type { ManagementClient } from "../client/managementClient";
import type * as PacingModule from "../client/pacing";
import type { RequestPacer } from "../client/pacing";
import type { RunCache } from "../client/runCache";
import type * as TokensModule from "../client/tokens";
import type { TokenCache } from "../client/tokens";
import { engineLog } from "./log";
import { pulumiCommand } from "./pulumiCommand";

/** Whether a client keeps its reads for the command's other provider processes (see `RunCache`). */
export interface ReadSharing {
  readonly sharesReads: boolean;
}

/** What this process's clients share. */
interface ProcessClients {
  tokenCache: TokenCache | undefined;
  /** By the tenant's base URL. */
  readonly pacers: Map<string, RequestPacer>;
  /** By read sharing and the connection's identity, whose secrets are hashes. */
  readonly clients: Map<string, ManagementClient>;
  runCache: RunCache | undefined;
}

const SLOT = Symbol.for("pulumi-tenant-admin.engine.processClients");

/**
 * The process's one set. It is kept on `globalThis`, not in a module variable, so that a serialized provider
 * closure never captures it and two copies of this module (the package a program loads and the provider's
 * bundle) share it.
 */
function processClients(): ProcessClients {
  const slots = globalThis as unknown as Record<symbol, ProcessClients | undefined>;
  return (slots[SLOT] ??= {
    tokenCache: undefined,
    pacers: new Map(),
    clients: new Map(),
    runCache: undefined,
  });
}

interface ClientModules {
  readonly client: typeof ManagementClientModule;
  readonly tokens: typeof TokensModule;
  readonly pacing: typeof PacingModule;
}

let loaded: ClientModules | undefined;

/**
 * Loads the HTTP client (axios, and the token code). A preview's `check` and `diff` of a resource already in
 * state never talk to the tenant, and the engine starts the dynamic-provider process afresh for every
 * command, so loading it there would only slow every preview; a program that reads no settings never loads it.
 */
async function clientModules(): Promise<ClientModules> {
  if (loaded === undefined) {
    const [client, tokens, pacing] = await Promise.all([
      import("../client/managementClient"),
      import("../client/tokens"),
      import("../client/pacing"),
    ]);
    loaded = { client, tokens, pacing };
  }
  return loaded;
}

/** Whether this process has loaded the HTTP client: some binding asked for a client. */
export function clientsLoaded(): boolean {
  return loaded !== undefined;
}

/** The reads shared by the provider processes of the `pulumi` command this one runs under; none outside one. */
async function commandRunCache(shared: ProcessClients): Promise<RunCache | undefined> {
  const run = pulumiCommand()?.run;
  if (run === undefined) return undefined;
  const { RunCache } = await import("../client/runCache");
  return (shared.runCache ??= new RunCache(run));
}

/**
 * The process's client for `connection`, made on first use with the process's token cache, the tenant's pacer,
 * the engine's log and, where `sharing.sharesReads`, the command's run cache. Loads the HTTP client.
 */
export async function processClient(
  connection: TenantConnection,
  sharing: ReadSharing,
): Promise<ManagementClient> {
  const { client, tokens, pacing } = await clientModules();
  const shared = processClients();
  const runCache = sharing.sharesReads ? await commandRunCache(shared) : undefined;
  const key = JSON.stringify([sharing.sharesReads, client.connectionIdentity(connection)]);
  const known = shared.clients.get(key);
  if (known !== undefined) return known;
  let pacer = shared.pacers.get(connection.baseUrl);
  if (pacer === undefined) {
    pacer = new pacing.RequestPacer();
    shared.pacers.set(connection.baseUrl, pacer);
  }
  const made = new client.ManagementClient(connection, {
    tokenCache: (shared.tokenCache ??= new tokens.TokenCache()),
    pacer,
    log: engineLog,
    runCache,
  });
  shared.clients.set(key, made);
  return made;
}
