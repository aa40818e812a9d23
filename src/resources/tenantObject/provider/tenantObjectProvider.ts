import type * as pulumi from "@pulumi/pulumi";

import { TenantAdminError } from "../../../client/errors";
import type { TenantBinding } from "../../../engine/binding";
import { engineLog } from "../../../engine/log";
import type { ProviderContext } from "../../../engine/providerContext";
import { containsUnknown } from "../../../engine/unknowns";
import { IMPORT_ID_KEY, adoption, tenantObjectId, withoutFields } from "../adoption";
import { withoutPrintedValues } from "../checkFailures";
import { Declarations, pick, unknownInputFailures } from "./declarations";
import {
  DRY_RUN_KEY,
  NAME_KEY,
  changedKeys,
  jsonEqual,
  textProblem,
  withoutEngineKeys,
  withoutPaths,
  withPathsOf,
  withoutUndefined,
} from "../inputs";
import type { Occupant } from "../ownership";
import { occupiedReason } from "../ownership";
import type { TenantObjectHooks, TenantObjectInputs, TenantObjectState } from "./hooks";
import { WritePreflight } from "./preflight";
import { ProviderFailure, onTenantMessage } from "../providerFailure";

/**
 * Keys that are not the object's settings: the tenant's URL (set by check from the resolved connection,
 * so a move shows as `domain: "https://a…" => "https://b…"`) and the tenant argument, whose credentials
 * may rotate without the object changing.
 */
const BINDING_KEYS = ["domain", "tenant"];
/** Keys a diff does not compare: the binding, and the import id (it only says where the object came from). */
const NOT_COMPARED = [...BINDING_KEYS, IMPORT_ID_KEY];

async function onTenant<T>(
  tenant: string,
  action: () => Promise<T>,
  hint?: (error: TenantAdminError) => string | undefined,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof TenantAdminError) {
      const extra = hint?.(error);
      throw new ProviderFailure(`${onTenantMessage(tenant, error)}${extra === undefined ? "" : ` ${extra}`}`);
    }
    throw error;
  }
}

/** How a tenant argument refers to its tenant, credentials aside: its name, or that it spells settings out. */
function tenantReference(tenant: TenantObjectInputs["tenant"]): string | undefined {
  if (tenant === undefined || typeof tenant === "string") return tenant;
  return "(settings)";
}

/** The failures without repeats (a schema and a template rule may say the same of one property). */
function distinct(failures: readonly pulumi.dynamic.CheckFailure[]): pulumi.dynamic.CheckFailure[] {
  const seen = new Set<string>();
  return failures.filter((failure) => {
    const key = JSON.stringify([failure.property, failure.reason]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the tenant answered, refused when it holds text the engine cannot carry. */
function engineSafe<T>(tenant: string, label: string, settings: T): T {
  const problem = textProblem(settings);
  if (problem !== undefined) {
    throw new ProviderFailure(
      `${tenant}: the tenant's ${label}: text the Pulumi engine cannot carry at ${problem}; fix it on the ` +
        "tenant (its dashboard or the management API), then run the command again.",
    );
  }
  return settings;
}

/**
 * The provider of a resource that manages one object of a tenant: check (settings and connection, at
 * preview, with the write preflight for a planned write), diff (inputs against state; another tenant is a
 * replace), create and update (write), read (refresh: state and inputs from the tenant, so drift shows as a
 * diff), delete.
 *
 * Tenant binding: each method binds its tenant once, at its start (see `engine/binding.ts`), and what it
 * calls takes the binding. A resource is read and deleted only with the credentials configured for the
 * tenant its state records (its own `tenant` argument, or the stack's connection when that addresses the
 * same domain). When the stack now addresses another tenant, the old one is left as it was, with a warning.
 */
export function tenantObjectProvider<Inputs extends TenantObjectInputs, Settings extends object>(
  context: ProviderContext,
  hooks: TenantObjectHooks<Inputs, Settings>,
): Required<pulumi.dynamic.ResourceProvider<Inputs, TenantObjectState<Inputs>>> {
  const resource = hooks.needs.resource;
  // One per provider process and resource type: the preview's write checks, remembered per tenant.
  const preflights = new WritePreflight();
  const declarations = new Declarations();
  const engineOnly = hooks.engineOnly ?? [];
  type State = TenantObjectState<Inputs> & Settings;

  function resultOf(binding: TenantBinding, settings: Inputs, stored: Settings, path?: string) {
    const merged: Inputs & Settings = { ...settings, ...stored };
    const id = tenantObjectId(binding.host, path ?? hooks.path(merged));
    const outs: State = withoutUndefined({ ...merged, domain: binding.baseUrl });
    return { id, outs: engineSafe(binding.baseUrl, hooks.label, outs) };
  }

  async function write(binding: TenantBinding, inputs: Inputs, state?: State) {
    const settings = withoutEngineKeys(inputs, ["domain"]);
    const stored = await onTenant(binding.baseUrl, async () =>
      hooks.write(await binding.client(), settings, state),
    );
    return resultOf(binding, settings, stored);
  }

  /** Adopts the object the import id names instead of writing it (see adoption.ts); `failure` if it cannot. */
  async function adopt(binding: TenantBinding, inputs: Inputs) {
    const settings = withoutEngineKeys(inputs, ["domain"]);
    const declared = withoutEngineKeys(settings, [IMPORT_ID_KEY]);
    // Its reads fail as any call does: one line naming the tenant (check prints any other error with its stack).
    const outcome = await onTenant(binding.baseUrl, () =>
      adoption(binding, hooks, inputs.importId, declared),
    );
    if ("failure" in outcome) return outcome;
    return resultOf(binding, settings, outcome.settings, outcome.path);
  }

  /** The binding of the state's tenant, or `undefined` (with a warning) when none is configured. */
  function bindingFor(state: State, doing: string): TenantBinding | undefined {
    let bound: ReturnType<ProviderContext["bindState"]>;
    try {
      bound = context.bindState(state.domain, state.tenant);
    } catch (error) {
      if (error instanceof TenantAdminError)
        throw new ProviderFailure(`${resource} was not ${doing}: ${error.message}`);
      throw error;
    }
    if ("elsewhere" in bound) {
      engineLog(
        `${resource} on ${state.domain} was not ${doing}: the stack's tenant is now ${bound.elsewhere}, ` +
          `and no credentials are configured for ${state.domain}; that tenant is left as it was.`,
        "warn",
      );
      return undefined;
    }
    return bound.binding;
  }

  /**
   * What applying `news` over `olds` (state, or the previous inputs) would do: move to another tenant
   * (a replace), write changed settings, or nothing. The tenant argument's credentials are not settings:
   * rotating them is not a change. Blocks the tenant keeps whatever the program says are left out.
   */
  function planOf(
    olds: Inputs & { domain?: string },
    news: Inputs & { domain?: string },
    bound: TenantBinding | undefined,
  ): {
    changes: boolean;
    writes: boolean;
    creates: boolean;
    moves: boolean;
    kept: string[];
    replaces: string[];
  } {
    if (Object.keys(withoutEngineKeys(olds)).length === 0)
      return { changes: true, writes: true, creates: true, moves: false, kept: [], replaces: [] };
    const newDomain = news.domain ?? bound?.baseUrl;
    const moves = olds.domain !== undefined && newDomain !== undefined && newDomain !== olds.domain;
    const kept = hooks.kept?.(olds, news) ?? [];
    const comparable = (settings: object) =>
      hooks.comparable?.(settings as Record<string, unknown>) ?? settings;
    const before = withoutPaths(withoutEngineKeys(olds, [...NOT_COMPARED, ...(hooks.outputs ?? [])]), kept);
    const changed = changedKeys(comparable(before), comparable(withoutEngineKeys(news, NOT_COMPARED)));
    const settingsChanged = changed.filter((key) => !engineOnly.includes(key));
    const writes = moves || settingsChanged.length > 0 || containsUnknown(news.tenant);
    // A tenant named otherwise (or named instead of spelled out) on the same domain writes nothing, but the
    // state takes the new argument: a name in place of settings drops their credentials from the state.
    const renamed = !jsonEqual(tenantReference(olds.tenant), tenantReference(news.tenant));
    const replaces = [
      ...(moves ? ["tenant"] : []),
      ...(hooks.replaceOn ?? []).filter((key) => changed.includes(key)),
    ];
    return {
      changes: writes || renamed || changed.length > 0,
      writes,
      creates: replaces.length > 0,
      moves,
      kept,
      replaces,
    };
  }

  /**
   * At a preview that plans a write, starts the write check's token request before the check loads what
   * the inputs' rules need: the request's round trip overlaps those loads.
   */
  async function startWriteCheck(
    binding: TenantBinding,
    olds: Inputs & { domain?: string },
    news: Inputs,
  ): Promise<void> {
    if (news.importId !== undefined && Object.keys(withoutEngineKeys(olds)).length === 0) return;
    if (!planOf(olds, { ...news, domain: binding.baseUrl }, binding).writes) return;
    await preflights.start(binding);
  }

  /** Why a planned create would take over an item someone else made (see {@link TenantObjectHooks.occupant}). */
  async function occupied(binding: TenantBinding, inputs: Inputs): Promise<string | undefined> {
    if (hooks.occupant === undefined) return undefined;
    const tenant = binding.baseUrl;
    try {
      const occupant = await hooks.occupant(
        await binding.client(),
        withoutEngineKeys(inputs, ["domain"]),
        "preview",
      );
      return occupant === undefined ? undefined : occupiedMessage(binding, inputs, occupant);
    } catch (error) {
      if (error instanceof TenantAdminError) {
        return `${resource} cannot be written: ${onTenantMessage(tenant, error)} Nothing was written.`;
      }
      throw error;
    }
  }

  /** A create at `up` refuses, as its preview did, an object someone configured meanwhile. */
  async function refuseOccupied(binding: TenantBinding, inputs: Inputs): Promise<void> {
    if (hooks.occupant === undefined) return;
    const client = await binding.client();
    const settings = withoutEngineKeys(inputs, ["domain"]);
    const occupant = await onTenant(binding.baseUrl, () => hooks.occupant!(client, settings, "create"));
    if (occupant !== undefined) throw new ProviderFailure(occupiedMessage(binding, inputs, occupant));
  }

  /** The one line a create refused for `occupant` gives, at preview and at up. */
  function occupiedMessage(binding: TenantBinding, inputs: Inputs, occupant: Occupant): string {
    return (
      `${titleOf(inputs)} cannot be created on ${binding.baseUrl}: ${occupiedReason(binding.host, occupant)} ` +
      "Nothing was written."
    );
  }

  function titleOf(inputs: Inputs): string {
    return hooks.title?.(inputs) ?? resource;
  }

  return {
    async configure(request: pulumi.dynamic.ConfigureRequest) {
      context.configure(request.config);
    },

    async check(olds: Inputs & { domain?: string }, rawNews: Inputs) {
      context.programRuns();
      const dryRun = (rawNews as Record<string, unknown>)[DRY_RUN_KEY] === true;
      const news = withoutEngineKeys(rawNews, ["domain"]);
      const tenant = context.bindInputs(news.tenant);
      const binding = tenant.kind === "bound" ? tenant.binding : undefined;
      if (dryRun && binding !== undefined) await startWriteCheck(binding, olds, news);
      const unknownInputs = unknownInputFailures(news, hooks.properties());
      const failures = distinct([
        ...unknownInputs,
        ...(unknownInputs.length > 0 ? [] : hooks.failures(news)),
        ...(tenant.kind === "invalid" ? [tenant.failure] : []),
      ]);
      const name = (rawNews as Record<string, unknown>)[NAME_KEY];
      if (binding !== undefined && typeof name === "string" && failures.length === 0) {
        const title = titleOf(news);
        const first = declarations.claim(binding.baseUrl, title, name);
        if (first !== undefined) {
          failures.push({
            property: "",
            reason:
              `${title} "${name}" and ${title} "${first}" of this program both declare the tenant's ` +
              `${hooks.label} on ${binding.baseUrl}: one program declares each object of a tenant once ` +
              "(the tenant would keep whichever wrote last). Keep one of them.",
          });
        }
      }
      const domain = failures.length === 0 ? binding?.baseUrl : undefined;
      let inputs = domain === undefined ? news : { ...news, domain };
      const printable = [...hooks.printable, IMPORT_ID_KEY];
      // An import is checked against the tenant at preview, once, while the resource is not in state yet;
      // it writes nothing, so there is no write check.
      const importing = news.importId !== undefined && Object.keys(withoutEngineKeys(olds)).length === 0;
      if (importing) {
        if (failures.length === 0 && binding !== undefined && !containsUnknown(news)) {
          const outcome = await adopt(binding, inputs);
          if ("failure" in outcome) failures.push(outcome.failure);
          // The imported inputs hold no secret either, so the next preview shows the secrets as added.
          else inputs = withoutFields(inputs, hooks.unreadable);
        }
        return { inputs, failures: withoutPrintedValues(failures, printable) };
      }
      const plan = planOf(olds, inputs, binding);
      if (plan.kept.length > 0 && !plan.moves) {
        // The engine shows an update as the stored inputs against these, so an update carries the kept
        // settings over (it would show them removed). With nothing to write the step is unchanged, which shows
        // no inputs: the inputs stored are then the program's, as a refresh under `--run-program` compares
        // them with what the program declares. The outputs keep the tenant's settings either way.
        if (plan.writes && hooks.carry !== undefined) inputs = hooks.carry(olds, inputs, plan.kept);
        engineLog(
          `${titleOf(inputs)} on ${olds.domain}: ${plan.kept.join(", ")} ` +
            `${plan.kept.length === 1 ? "is" : "are"} no longer declared, but ` +
            `${hooks.keptBecause ?? "the API cannot remove it"}: the tenant keeps ` +
            `${plan.kept.length === 1 ? "it" : "them"} (and so does the stack's state).`,
          "warn",
        );
      }
      // The engine calls only check for a planned create, so the preview's write check happens here,
      // for creates and changes alike, and its failure is shown like any invalid input.
      if (failures.length === 0 && dryRun && plan.writes) {
        const reason =
          binding === undefined
            ? undefined
            : ((await preflights.check(binding, hooks.needs, plan.creates)) ??
              (plan.creates ? await occupied(binding, inputs) : undefined));
        if (reason !== undefined) failures.push({ property: "", reason });
        else if (hooks.report !== undefined) {
          const subject = typeof name === "string" ? `${resource} ${name}` : resource;
          // The tenant's client once the write check has talked to the tenant with it, else nothing is read.
          await hooks.report(news, await binding?.clientWithToken(), subject);
        }
      }
      return { inputs, failures: withoutPrintedValues(failures, printable) };
    },

    async diff(_id, olds: TenantObjectState<Inputs>, news: Inputs & { domain?: string }) {
      // Check set the domain from its binding; without it (an unknown tenant argument) the tenant is bound here.
      const tenant = news.domain === undefined ? context.bindInputs(news.tenant) : undefined;
      const plan = planOf(olds, news, tenant?.kind === "bound" ? tenant.binding : undefined);
      return { changes: plan.changes, replaces: plan.replaces, deleteBeforeReplace: true };
    },

    async create(inputs: Inputs) {
      const binding = context.bind(inputs.tenant);
      if (inputs.importId === undefined) {
        await refuseOccupied(binding, inputs);
        return write(binding, inputs);
      }
      // Checked again: the tenant may have changed since the preview.
      const outcome = await adopt(binding, inputs);
      if ("failure" in outcome) throw new TenantAdminError(`${IMPORT_ID_KEY}: ${outcome.failure.reason}`);
      return outcome;
    },

    async update(_id, olds: TenantObjectState<Inputs>, news: Inputs) {
      const binding = context.bind(news.tenant);
      if (!planOf(olds, { ...news, domain: binding.baseUrl }, binding).writes) {
        // Only what configures the resource changed (resetOnDelete): the state takes it, the tenant is not asked.
        const own = [...engineOnly, "tenant"];
        const outs: TenantObjectState<Inputs> = withoutUndefined({
          ...withoutEngineKeys(olds, own),
          ...pick(news, own),
        });
        return { outs };
      }
      const { outs } = await write(binding, news, olds as State);
      // The settings the tenant keeps stay in the state, as the warning at their removal said.
      return { outs: withPathsOf(outs, olds, hooks.kept?.(olds, news) ?? []) };
    },

    async read(id: string, state?: TenantObjectState<Inputs>) {
      // The engine always passes the state it refreshes; without it there is no tenant to ask.
      if (state === undefined) throw new Error(`read of ${id} needs the resource's state`);
      const stored = state as State;
      const binding = bindingFor(stored, "refreshed");
      if (binding === undefined) return { id, props: state };
      const current = await onTenant(
        binding.baseUrl,
        async () => hooks.read(await binding.client(), withoutEngineKeys(stored, BINDING_KEYS)),
        (error) => context.savedConfigHint(binding.connection, error),
      );
      if (current === undefined) return {};
      const refreshed = engineSafe(binding.baseUrl, hooks.label, withoutUndefined({ ...state, ...current }));
      // The tenant as the state has it: the stored inputs stay (the engine keeps them when read returns
      // none). They are the program's, while the outputs also hold the settings the tenant keeps (which no
      // program declares); inputs made from the outputs would show those as removed at the next refresh.
      if (jsonEqual(refreshed, withoutUndefined(state))) return { id, props: refreshed };
      // Drift: the inputs of later diffs, so it shows against the program; without the object's outputs,
      // which no program declares. The engine's keys are dropped too; the dynamic-provider host puts
      // `__provider` back.
      return { id, props: refreshed, inputs: withoutEngineKeys(refreshed, hooks.outputs ?? []) };
    },

    async delete(_id, state: TenantObjectState<Inputs>) {
      const stored = state as State;
      const binding = bindingFor(stored, "deleted");
      if (binding === undefined) return;
      await onTenant(
        binding.baseUrl,
        async () => hooks.remove(await binding.client(), withoutEngineKeys(stored, BINDING_KEYS)),
        (error) => context.savedConfigHint(binding.connection, error),
      );
    },
  } satisfies Required<pulumi.dynamic.ResourceProvider<Inputs, TenantObjectState<Inputs>>>;
}
