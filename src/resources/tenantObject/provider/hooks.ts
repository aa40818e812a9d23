import type * as pulumi from "@pulumi/pulumi";

import type { ManagementClient } from "../../../client/managementClient";
import type { ResolvedTenant } from "../../../engine/tenantArgs";
import type { AdoptionTarget } from "../adoption";
import type { Occupant } from "../ownership";
import type { WriteNeeds } from "./preflight";

/** A provider implementation, as the engine's dynamic-provider host calls it. */
export type ProviderImplementation = Required<pulumi.dynamic.ResourceProvider>;

/** Inputs every tenant-object resource has besides its own settings. */
export interface TenantObjectInputs {
  tenant?: ResolvedTenant | undefined;
  /** The `import` resource option's id, when the resource adopts what the tenant holds. */
  importId?: string | undefined;
}

/** The state of a tenant-object resource: its inputs, as the tenant has them, and the tenant's URL. */
export type TenantObjectState<Inputs extends TenantObjectInputs> = Inputs & { domain: string };

/**
 * What differs between the resources that each manage one object of a tenant (its CAPTCHA configuration, its
 * phone templates, one phone notification template); {@link tenantObjectProvider} does the rest.
 */
export interface TenantObjectHooks<
  Inputs extends TenantObjectInputs,
  Settings extends object,
> extends AdoptionTarget<Inputs, Settings> {
  /** Top-level inputs the engine may print beside a check failure (they never hold secrets). */
  readonly printable: readonly string[];
  /**
   * The settings as a diff compares them, when two spellings mean one thing to the tenant (a document's lists
   * are sets: their order is no change); default the settings as they are.
   */
  comparable?(settings: Record<string, unknown>): Record<string, unknown>;
  /** Inputs whose change makes another object of the tenant (a template's type): a replace. */
  readonly replaceOn?: readonly string[];
  /** What a write needs of the tenant, checked at preview before anything is written. */
  readonly needs: WriteNeeds;
  /** The object's API path on its tenant, which with the tenant's host makes the resource id. */
  path(stored: Inputs & Settings): string;
  /** How messages name one resource's object (the resource type and a template's type); default the resource type. */
  title?(inputs: Inputs): string;
  /** Check failures of the resource's own settings, in the user's property names. */
  failures(news: Inputs): pulumi.dynamic.CheckFailure[];
  /** Lines a valid check shows at a preview that plans a write; see {@link ReportsPreview}. */
  readonly reportsPreview?: ReportsPreview<Inputs>;
  /** Settings a write cannot remove from the tenant; see {@link KeepsUndeclared}. */
  readonly keepsUndeclared?: KeepsUndeclared<Inputs>;
  /** What a create would take over from someone else; see {@link RefusesOccupied}. */
  readonly refusesOccupied?: RefusesOccupied<Inputs>;
  /**
   * The resource's own top-level inputs (`enabled`, `resetOnDelete`): any other input is refused at check,
   * naming the known one it likely means (a snake_case spelling names its camelCase one).
   */
  properties(): readonly string[];
  /**
   * Inputs that configure the resource rather than the tenant (`resetOnDelete`): a change of them alone is
   * an update that writes nothing to the tenant, needs nothing of it, and so succeeds on any plan.
   */
  readonly engineOnly?: readonly string[];
  /** Writes the declared settings (`state` on an update); returns them as the tenant stored them. */
  write(client: ManagementClient, inputs: Inputs, state?: Inputs & Settings): Promise<Settings>;
  /** The declared settings as the tenant has them now, or `undefined` when the object is gone. */
  read(client: ManagementClient, state: Inputs & Settings): Promise<Settings | undefined>;
  /** What a destroy does to the tenant. */
  remove(client: ManagementClient, state: Inputs & Settings): Promise<void>;
}

/** A provider that shows more than the write check at a preview (a template's SMS). */
interface ReportsPreview<Inputs> {
  /**
   * Reports on the declared inputs after the write check, with the tenant's client when the check fetched a
   * token for it (else nothing is read for them). Each line starts with `subject`: the resource's type and the
   * name the program gives it.
   */
  report(news: Inputs, client: ManagementClient | undefined, subject: string): Promise<void>;
}

/**
 * A provider whose object keeps settings (property paths: `hcaptcha`, `content.from`) that the program no
 * longer declares, because a write cannot remove them from the tenant: they are kept out of the diff, and a
 * warning says the tenant keeps them.
 */
interface KeepsUndeclared<Inputs> {
  /** Why the API cannot remove them, for the warning. */
  readonly because: string;
  /** The settings of `olds` that `news` no longer declares and the tenant keeps. */
  paths(olds: Inputs, news: Inputs): string[];
  /** `news` with the `kept` settings of `olds` carried over, secrets marked secret for the engine. */
  carry(olds: Inputs, news: Inputs, kept: readonly string[]): Inputs;
}

/**
 * A provider whose create takes an object only when nobody configured it (another stack, the dashboard,
 * another tool).
 */
interface RefusesOccupied<Inputs> {
  /**
   * What a create would take over, or `undefined` when it takes nobody's object: for a singleton, its
   * document when it differs from a new tenant's; for an item of a collection, the type's template someone
   * made. Asked at the preview of a create (`"preview"`, after the write check), and again by the create at
   * `up` (`"create"`, reading the tenant afresh), since the tenant may change between the two; a provider
   * whose `write` refuses the occupant itself (with `occupiedReason`) answers `undefined` for `"create"`.
   */
  occupant(
    client: ManagementClient,
    inputs: Inputs,
    moment: "preview" | "create",
  ): Promise<Occupant | undefined>;
}
