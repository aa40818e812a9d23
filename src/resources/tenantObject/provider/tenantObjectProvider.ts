import type * as pulumi from "@pulumi/pulumi";

import { TenantAdminError } from "../../../client/errors";
import type { TenantBinding } from "../../../engine/binding";
import { engineLog } from "../../../engine/log";
import type { ProviderContext } from "../../../engine/providerContext";
import { containsUnknown } from "../../../engine/unknowns";
import { IMPORT_ID_KEY, adoption, tenantObjectId, withoutFields } from "../adoption";
import { withoutPrintedValues } from "../checkFailures";
import { jsonEqual, withPathsOf, withoutEngineKeys, withoutUndefined } from "../inputs";
import type { Occupant } from "../ownership";
import { occupiedReason } from "../ownership";
import { ProviderFailure, onTenantMessage } from "../providerFailure";
import { Declarations, pick, unknownInputFailures } from "./declarations";
import type { CheckRequest } from "./engineInputs";
import { checkRequestOf, distinct, settingsOf } from "./engineInputs";
import type { TenantObjectHooks, TenantObjectInputs, TenantObjectState } from "./hooks";
import type { WritePlan } from "./plan";
import { BINDING_KEYS, isNew, planOf } from "./plan";
import { WritePreflight } from "./preflight";
import { engineSafe, onTenant } from "./tenantCalls";

type CheckFailure = pulumi.dynamic.CheckFailure;
type Implementation<Inputs extends TenantObjectInputs> = Required<
  pulumi.dynamic.ResourceProvider<Inputs, TenantObjectState<Inputs>>
>;

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
class TenantObjectProvider<
  Inputs extends TenantObjectInputs,
  Settings extends object,
> implements Implementation<Inputs> {
  private readonly resource: string;
  // One per provider process and resource type: the preview's write checks, remembered per tenant.
  private readonly preflights = new WritePreflight();
  private readonly declarations = new Declarations();

  constructor(
    private readonly context: ProviderContext,
    private readonly hooks: TenantObjectHooks<Inputs, Settings>,
  ) {
    this.resource = hooks.needs.resource;
  }

  async configure(request: pulumi.dynamic.ConfigureRequest) {
    this.context.configure(request.config);
  }

  async check(olds: Inputs & { domain?: string }, raw: Inputs) {
    this.context.programRuns();
    const request = checkRequestOf(raw);
    const { news } = request;
    const tenant = this.context.bindInputs(news.tenant);
    const binding = tenant.kind === "bound" ? tenant.binding : undefined;
    if (request.dryRun && binding !== undefined) await this.startWriteCheck(binding, olds, news);
    const failures = this.inputFailures(news, tenant.kind === "invalid" ? tenant.failure : undefined);
    if (binding !== undefined && request.name !== undefined && failures.length === 0) {
      failures.push(...this.secondDeclaration(binding, news, request.name));
    }
    const domain = failures.length === 0 ? binding?.baseUrl : undefined;
    const inputs = domain === undefined ? news : { ...news, domain };
    const checked =
      // An import is checked against the tenant at preview, once, while the resource is not in state yet;
      // it writes nothing, so there is no write check.
      news.importId !== undefined && isNew(olds)
        ? await this.checkImport(binding, request, inputs, failures)
        : await this.checkWrite(binding, olds, inputs, failures, request);
    return {
      inputs: checked,
      failures: withoutPrintedValues(failures, [...this.hooks.printable, IMPORT_ID_KEY]),
    };
  }

  async diff(_id: string, olds: TenantObjectState<Inputs>, news: Inputs & { domain?: string }) {
    // Check set the domain from its binding; without it (an unknown tenant argument) the tenant is bound here.
    const tenant = news.domain === undefined ? this.context.bindInputs(news.tenant) : undefined;
    const plan = planOf(this.hooks, olds, news, tenant?.kind === "bound" ? tenant.binding : undefined);
    return { changes: plan.changes, replaces: plan.replaces, deleteBeforeReplace: true };
  }

  async create(inputs: Inputs) {
    const settings = settingsOf(inputs);
    const binding = this.context.bind(settings.tenant);
    if (settings.importId === undefined) {
      await this.refuseOccupied(binding, settings);
      return this.write(binding, settings);
    }
    // Checked again: the tenant may have changed since the preview.
    const outcome = await this.adopt(binding, settings);
    if ("failure" in outcome) throw new TenantAdminError(`${IMPORT_ID_KEY}: ${outcome.failure.reason}`);
    return outcome;
  }

  async update(_id: string, olds: TenantObjectState<Inputs>, news: Inputs) {
    const binding = this.context.bind(news.tenant);
    if (!planOf(this.hooks, olds, { ...news, domain: binding.baseUrl }, binding).writes) {
      // Only what configures the resource changed (resetOnDelete): the state takes it, the tenant is not asked.
      const own = [...(this.hooks.engineOnly ?? []), "tenant"];
      const outs: TenantObjectState<Inputs> = withoutUndefined({
        ...withoutEngineKeys(olds, own),
        ...pick(news, own),
      });
      return { outs };
    }
    const state = olds as TenantObjectState<Inputs> & Settings;
    const { outs } = await this.write(binding, settingsOf(news), state);
    // The settings the tenant keeps stay in the state, as the warning at their removal said.
    return { outs: withPathsOf(outs, olds, this.hooks.keepsUndeclared?.paths(olds, news) ?? []) };
  }

  async read(id: string, state?: TenantObjectState<Inputs>) {
    // The engine always passes the state it refreshes; without it there is no tenant to ask.
    if (state === undefined) throw new Error(`read of ${id} needs the resource's state`);
    const stored = state as TenantObjectState<Inputs> & Settings;
    const binding = this.bindingFor(stored, "refreshed");
    if (binding === undefined) return { id, props: state };
    const current = await onTenant(
      binding.baseUrl,
      async () => this.hooks.read(await binding.client(), withoutEngineKeys(stored, BINDING_KEYS)),
      (error) => this.context.savedConfigHint(binding.connection, error),
    );
    if (current === undefined) return {};
    const refreshed = engineSafe(
      binding.baseUrl,
      this.hooks.label,
      withoutUndefined({ ...state, ...current }),
    );
    // The tenant as the state has it: the stored inputs stay (the engine keeps them when read returns
    // none). They are the program's, while the outputs also hold the settings the tenant keeps (which no
    // program declares); inputs made from the outputs would show those as removed at the next refresh.
    if (jsonEqual(refreshed, withoutUndefined(state))) return { id, props: refreshed };
    // Drift: the inputs of later diffs, so it shows against the program; without the object's outputs,
    // which no program declares. The engine's keys are dropped too; the dynamic-provider host puts
    // `__provider` back.
    return { id, props: refreshed, inputs: withoutEngineKeys(refreshed, this.hooks.outputs ?? []) };
  }

  async delete(_id: string, state: TenantObjectState<Inputs>) {
    const stored = state as TenantObjectState<Inputs> & Settings;
    const binding = this.bindingFor(stored, "deleted");
    if (binding === undefined) return;
    await onTenant(
      binding.baseUrl,
      async () => this.hooks.remove(await binding.client(), withoutEngineKeys(stored, BINDING_KEYS)),
      (error) => this.context.savedConfigHint(binding.connection, error),
    );
  }

  /** The failures of the inputs alone: unknown ones, the object's own rules, an invalid tenant argument. */
  private inputFailures(news: Inputs, tenantFailure: CheckFailure | undefined): CheckFailure[] {
    const unknownInputs = unknownInputFailures(news, this.hooks.properties());
    return distinct([
      ...unknownInputs,
      ...(unknownInputs.length > 0 ? [] : this.hooks.failures(news)),
      ...(tenantFailure === undefined ? [] : [tenantFailure]),
    ]);
  }

  /** The failure of a second resource of this program declaring the same object of the tenant. */
  private secondDeclaration(binding: TenantBinding, news: Inputs, name: string): CheckFailure[] {
    const title = this.titleOf(news);
    const first = this.declarations.claim(binding.baseUrl, title, name);
    if (first === undefined) return [];
    return [
      {
        property: "",
        reason:
          `${title} "${name}" and ${title} "${first}" of this program both declare the tenant's ` +
          `${this.hooks.label} on ${binding.baseUrl}: one program declares each object of a tenant once ` +
          "(the tenant would keep whichever wrote last). Keep one of them.",
      },
    ];
  }

  /** The inputs of an import's check, after the tenant's object is compared with them. */
  private async checkImport(
    binding: TenantBinding | undefined,
    request: CheckRequest<Inputs>,
    inputs: Inputs,
    failures: CheckFailure[],
  ) {
    if (failures.length > 0 || binding === undefined || containsUnknown(inputs)) return inputs;
    const outcome = await this.adopt(binding, request.news);
    if ("failure" in outcome) {
      failures.push(outcome.failure);
      return inputs;
    }
    // The imported inputs hold no secret either, so the next preview shows the secrets as added.
    return withoutFields(inputs, this.hooks.unreadable);
  }

  /** The inputs of a check that may plan a write; at a preview, the write check's failure joins `failures`. */
  private async checkWrite(
    binding: TenantBinding | undefined,
    olds: Inputs & { domain?: string },
    inputs: Inputs,
    failures: CheckFailure[],
    request: CheckRequest<Inputs>,
  ): Promise<Inputs> {
    const plan = planOf(this.hooks, olds, inputs, binding);
    const checked = this.withKeptSettings(olds, inputs, plan);
    // The engine calls only check for a planned create, so the preview's write check happens here,
    // for creates and changes alike, and its failure is shown like any invalid input.
    if (failures.length === 0 && request.dryRun && plan.writes) {
      const reason =
        binding === undefined
          ? undefined
          : ((await this.preflights.check(binding, this.hooks.needs, plan.creates)) ??
            (plan.creates ? await this.occupied(binding, request.news) : undefined));
      if (reason !== undefined) failures.push({ property: "", reason });
      else await this.reportPreview(binding, request);
    }
    return checked;
  }

  /** `inputs` with the settings the tenant keeps, and the warning that says so. */
  private withKeptSettings(olds: Inputs & { domain?: string }, inputs: Inputs, plan: WritePlan): Inputs {
    const keeps = this.hooks.keepsUndeclared;
    if (keeps === undefined || plan.kept.length === 0 || plan.moves) return inputs;
    engineLog(
      `${this.titleOf(inputs)} on ${olds.domain}: ${plan.kept.join(", ")} ` +
        `${plan.kept.length === 1 ? "is" : "are"} no longer declared, but ${keeps.because}: the tenant keeps ` +
        `${plan.kept.length === 1 ? "it" : "them"} (and so does the stack's state).`,
      "warn",
    );
    // The engine shows an update as the stored inputs against these, so an update carries the kept
    // settings over (it would show them removed). With nothing to write the step is unchanged, which shows
    // no inputs: the inputs stored are then the program's, as a refresh under `--run-program` compares
    // them with what the program declares. The outputs keep the tenant's settings either way.
    return plan.writes ? keeps.carry(olds, inputs, plan.kept) : inputs;
  }

  /** What the provider shows of a valid planned write at a preview, beyond the write check. */
  private async reportPreview(
    binding: TenantBinding | undefined,
    request: CheckRequest<Inputs>,
  ): Promise<void> {
    const reports = this.hooks.reportsPreview;
    if (reports === undefined) return;
    const subject = request.name === undefined ? this.resource : `${this.resource} ${request.name}`;
    // The tenant's client once the write check has talked to the tenant with it, else nothing is read.
    await reports.report(request.news, await binding?.clientWithToken(), subject);
  }

  private resultOf(binding: TenantBinding, settings: Inputs, stored: Settings, path?: string) {
    const merged: Inputs & Settings = { ...settings, ...stored };
    const id = tenantObjectId(binding.host, path ?? this.hooks.path(merged));
    const outs: TenantObjectState<Inputs> & Settings = withoutUndefined({
      ...merged,
      domain: binding.baseUrl,
    });
    return { id, outs: engineSafe(binding.baseUrl, this.hooks.label, outs) };
  }

  /** Writes `settings` (the inputs without the URL check set) on the binding's tenant. */
  private async write(
    binding: TenantBinding,
    settings: Inputs,
    state?: TenantObjectState<Inputs> & Settings,
  ) {
    const stored = await onTenant(binding.baseUrl, async () =>
      this.hooks.write(await binding.client(), settings, state),
    );
    return this.resultOf(binding, settings, stored);
  }

  /** Adopts the object the import id names instead of writing it (see adoption.ts); `failure` if it cannot. */
  private async adopt(binding: TenantBinding, settings: Inputs) {
    const { [IMPORT_ID_KEY]: importId, ...declared } = settings;
    // Its reads fail as any call does: one line naming the tenant (check prints any other error with its stack).
    const outcome = await onTenant(binding.baseUrl, () =>
      adoption(binding, this.hooks, importId, declared as Inputs),
    );
    if ("failure" in outcome) return outcome;
    return this.resultOf(binding, settings, outcome.settings, outcome.path);
  }

  /** The binding of the state's tenant, or `undefined` (with a warning) when none is configured. */
  private bindingFor(state: TenantObjectState<Inputs>, doing: string): TenantBinding | undefined {
    let bound: ReturnType<ProviderContext["bindState"]>;
    try {
      bound = this.context.bindState(state.domain, state.tenant);
    } catch (error) {
      if (error instanceof TenantAdminError)
        throw new ProviderFailure(`${this.resource} was not ${doing}: ${error.message}`);
      throw error;
    }
    if ("elsewhere" in bound) {
      engineLog(
        `${this.resource} on ${state.domain} was not ${doing}: the stack's tenant is now ${bound.elsewhere}, ` +
          `and no credentials are configured for ${state.domain}; that tenant is left as it was.`,
        "warn",
      );
      return undefined;
    }
    return bound.binding;
  }

  /**
   * At a preview that plans a write, starts the write check's token request before the check loads what
   * the inputs' rules need: the request's round trip overlaps those loads.
   */
  private async startWriteCheck(binding: TenantBinding, olds: Inputs & { domain?: string }, news: Inputs) {
    if (news.importId !== undefined && isNew(olds)) return;
    if (!planOf(this.hooks, olds, { ...news, domain: binding.baseUrl }, binding).writes) return;
    await this.preflights.start(binding);
  }

  /** Why a planned create would take over an item someone else made (see {@link RefusesOccupied}). */
  private async occupied(binding: TenantBinding, settings: Inputs): Promise<string | undefined> {
    const refuses = this.hooks.refusesOccupied;
    if (refuses === undefined) return undefined;
    try {
      const occupant = await refuses.occupant(await binding.client(), settings, "preview");
      return occupant === undefined ? undefined : this.occupiedMessage(binding, settings, occupant);
    } catch (error) {
      if (error instanceof TenantAdminError) {
        return `${this.resource} cannot be written: ${onTenantMessage(binding.baseUrl, error)} Nothing was written.`;
      }
      throw error;
    }
  }

  /** A create at `up` refuses, as its preview did, an object someone configured meanwhile. */
  private async refuseOccupied(binding: TenantBinding, settings: Inputs): Promise<void> {
    const refuses = this.hooks.refusesOccupied;
    if (refuses === undefined) return;
    const client = await binding.client();
    const occupant = await onTenant(binding.baseUrl, () => refuses.occupant(client, settings, "create"));
    if (occupant !== undefined) throw new ProviderFailure(this.occupiedMessage(binding, settings, occupant));
  }

  /** The one line a create refused for `occupant` gives, at preview and at up. */
  private occupiedMessage(binding: TenantBinding, inputs: Inputs, occupant: Occupant): string {
    return (
      `${this.titleOf(inputs)} cannot be created on ${binding.baseUrl}: ${occupiedReason(binding.host, occupant)} ` +
      "Nothing was written."
    );
  }

  private titleOf(inputs: Inputs): string {
    return this.hooks.title?.(inputs) ?? this.resource;
  }
}

/** The provider of a resource managing one object of a tenant, from what is the object's own (its hooks). */
export function tenantObjectProvider<Inputs extends TenantObjectInputs, Settings extends object>(
  context: ProviderContext,
  hooks: TenantObjectHooks<Inputs, Settings>,
): Implementation<Inputs> {
  return new TenantObjectProvider(context, hooks);
}
