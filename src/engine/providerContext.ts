import * as pulumi from "@pulumi/pulumi";

import type { TenantConnection, TenantConnectionSettings } from "../client/connection";
import { TenantConfigError, TokenRequestError } from "../client/errors";
import type { TenantAdminError } from "../client/errors";
import { isNamedSource, namedKey } from "../client/connectionSettings";
import { namedTenantNames } from "../client/namedTenants";
import { CONFIG_KEYS, ENV_VARS, TENANTS_CONFIG_KEY } from "../client/settings";
import type { InputsBinding, TenantBinding } from "./binding";
import { bindTenant } from "./binding";
import type { PulumiCommand } from "./pulumiCommand";
import { pulumiCommand, usesSavedConfig, withRunProgram } from "./pulumiCommand";
import type { ResolvedTenant } from "./tenantArgs";
import { containsUnknown } from "./unknowns";

/** Where a {@link ProviderContext} looks for what its process cannot be told through `configure`. */
interface ProviderContextSources {
  /** The `pulumi` command the process runs under; default {@link pulumiCommand} (read from `/proc`). */
  readonly command?: (() => PulumiCommand | undefined) | undefined;
  /** The environment the `AUTH0_*` and `TENANT_ADMIN_*` variables are read from; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

/**
 * The stack config a dynamic provider was configured with, read once per provider process through the
 * provider's `configure`, and the connection resolution on top of it.
 */
export class ProviderContext {
  private stackConfig: TenantConnectionSettings = {};
  /** The value of `tenant-admin:tenants`: read again from this config at each bind, never kept in state. */
  #tenants: unknown = undefined;
  #configKeys: readonly string[] = [];
  #programRuns = false;
  readonly #command: () => PulumiCommand | undefined;
  readonly #env: Readonly<Record<string, string | undefined>> | undefined;

  constructor(sources: ProviderContextSources = {}) {
    this.#command = sources.command ?? pulumiCommand;
    this.#env = sources.env;
  }

  /** The environment, read at each use (the default is whatever `process.env` is then). */
  get #environment(): Readonly<Record<string, string | undefined>> {
    return this.#env ?? process.env;
  }

  configure(config: pulumi.dynamic.Config): void {
    this.stackConfig = stackConfigFrom((key) => config.get(key));
    this.#tenants = config.get(TENANTS_CONFIG_KEY);
    this.#configKeys = configKeysOf(config);
  }

  /** Check calls this: the engine checks inputs only when the program runs, so the config is the current one. */
  programRuns(): void {
    this.#programRuns = true;
  }

  /**
   * Whether this process may hold the stack config saved at the last `pulumi up` rather than the current
   * one: `pulumi refresh` and `pulumi destroy` (and the refresh pass of `--refresh`) run without the program
   * unless given `--run-program`, and the engine then configures providers from state.
   */
  holdsSavedConfig(): boolean {
    return !this.#programRuns && usesSavedConfig(this.#command(), this.#environment) !== false;
  }

  /**
   * The sentence a refused token request of a refresh or destroy gets when the credentials came from the
   * saved stack config: what to run so the current ones are used. `undefined` otherwise.
   */
  savedConfigHint(connection: TenantConnection, error: TenantAdminError): string | undefined {
    const from = connection.origin.credentials;
    if (!(error instanceof TokenRequestError) || (from !== "config" && !isNamedSource(from)))
      return undefined;
    if (!this.holdsSavedConfig()) return undefined;
    const rotated = isNamedSource(from) ? namedKey(from, "clientSecret") : CONFIG_KEYS.clientSecret;
    return (
      `Pulumi ran this without the program, so the provider used the stack config saved at the last ` +
      `pulumi up: if the credentials changed since (a rotated ${rotated}), run ` +
      `${withRunProgram(this.#command())}, or pulumi up first.`
    );
  }

  /**
   * Binds the tenant of a resource's inputs: its `tenant` argument (a name of `tenant-admin:tenants`, or the
   * settings themselves), else stack config, else environment variables.
   *
   * @throws TenantConfigError when the settings do not make a connection
   */
  bind(tenant: ResolvedTenant | undefined): TenantBinding {
    return bindTenant(
      {
        explicit: tenant,
        tenants: this.#tenants,
        config: this.stackConfig,
        env: this.#environment,
        configKeys: this.#configKeys,
      },
      { sharesReads: true },
    );
  }

  /**
   * How a check binds the inputs' tenant: not yet while the tenant argument is not known (preview), or a
   * check failure for its settings (domain format, missing credentials), so they show at preview. A failure
   * is reported without a property: the engine would print the tenant input's value beside it.
   */
  bindInputs(tenant: ResolvedTenant | undefined): InputsBinding {
    if (containsUnknown(tenant)) return { kind: "unknown" };
    try {
      return { kind: "bound", binding: this.bind(tenant) };
    } catch (error) {
      if (error instanceof TenantConfigError)
        return { kind: "invalid", failure: { property: "", reason: error.message } };
      throw error;
    }
  }

  /**
   * Binds the tenant a resource's state records, for refresh and delete: `domain` (and, when the program
   * gave one, its `tenant` argument). The state's own tenant settings are used whole; otherwise the
   * connection configured for the state's tenant name, or for the stack, is used only when it addresses the
   * state's domain. A resource created on one tenant is never read or deleted with credentials configured for
   * another: then `elsewhere` names the tenant the name or the stack addresses now.
   */
  bindState(
    domain: string | undefined,
    tenant: ResolvedTenant | undefined,
  ): { readonly binding: TenantBinding } | { readonly elsewhere: string } {
    if (typeof tenant === "object" && tenant.domain !== undefined) return { binding: this.bind(tenant) };
    const configured = this.bind(typeof tenant === "string" ? tenant : undefined);
    if (domain !== undefined && configured.baseUrl !== domain) return { elsewhere: configured.baseUrl };
    if (configured.connection.origin.unbound && this.holdsSavedConfig()) {
      // The saved config names the state's tenant; credentials from the environment without AUTH0_DOMAIN
      // belong to whatever tenant the *current* config names, which this process cannot see.
      throw new TenantConfigError(
        `${configured.baseUrl}: nothing was sent. Pulumi runs this command without the program, so the ` +
          `provider has the stack config saved at the last pulumi up (${CONFIG_KEYS.domain} ${configured.baseUrl}), ` +
          `while the credentials come from the environment (${ENV_VARS.clientId}, …) without ${ENV_VARS.domain}, ` +
          `and may belong to another tenant now. Run ${withRunProgram(this.#command())}, or set ${ENV_VARS.domain} to the ` +
          "tenant the credentials belong to.",
      );
    }
    return { binding: configured };
  }
}

/** The value of `tenant-admin:tenants` in the running program's stack config (JSON text), if set. */
function programTenants(): string | undefined {
  return pulumi.runtime.getConfig(TENANTS_CONFIG_KEY);
}

/**
 * The names of the tenants the stack config key `tenant-admin:tenants` sets, in its order: a program that
 * manages each named tenant the same way loops over them. Reads no credential into the program's values.
 *
 * @throws TenantConfigError when `tenant-admin:tenants` is not a map of names to settings
 */
export function tenantNames(): string[] {
  return namedTenantNames(programTenants());
}

/** The stack config of the running program, for functions that run in the program process. */
function programStackConfig(): TenantConnectionSettings {
  return stackConfigFrom((key) => pulumi.runtime.getConfig(key));
}

/** Every key the running program's stack config sets (`tenant-admin:domain`, `aws:region`, …). */
function programConfigKeys(): string[] {
  return Object.keys(pulumi.runtime.allConfig());
}

/**
 * Binds the tenant of a call in the program process (a function, a resource's declared domain): `explicit`,
 * else the program's stack config, else the environment.
 *
 * Its client comes one turn of the event loop after it is asked for. Loading the HTTP client holds the loop
 * (axios and zod start), and a program's functions ask for it while the SDK is still sending the resources'
 * registrations, the first of which starts the engine's provider process: they leave first.
 *
 * @throws TenantConfigError when the settings do not make a connection
 */
export function bindProgramTenant(explicit: ResolvedTenant | undefined): TenantBinding {
  const binding = bindTenant(
    {
      explicit,
      tenants: programTenants(),
      config: programStackConfig(),
      env: process.env,
      configKeys: programConfigKeys(),
    },
    { sharesReads: false },
  );
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  return { ...binding, client: () => nextTurn().then(() => binding.client()) };
}

/**
 * The keys a provider's config sets. `pulumi.dynamic.Config` offers `get` alone; the dynamic-provider host's
 * config holds every stack config value in `rawConfig`, read as an own property and skipped if a release
 * drops it: only the messages about missing settings use the keys.
 */
function configKeysOf(config: pulumi.dynamic.Config): string[] {
  const raw: unknown = Object.getOwnPropertyDescriptor(config, "rawConfig")?.value;
  return typeof raw === "object" && raw !== null ? Object.keys(raw) : [];
}

function stackConfigFrom(read: (key: string) => string | undefined): TenantConnectionSettings {
  const entries = Object.entries(CONFIG_KEYS).map(([field, key]) => [field, read(key)] as const);
  return Object.fromEntries(entries);
}
