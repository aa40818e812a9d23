import type * as pulumi from "@pulumi/pulumi";

import type { ManagementClient } from "../client";
import { TenantAdminError, managementClientFor } from "../client";
import { IMPORT_ID_KEY, adoption, tenantObjectId, withoutFields } from "./adoption";
import { withoutPrintedValues } from "./checkFailures";
import { changedKeys, omit, withoutUndefined } from "./inputs";
import { engineLog } from "../engine/log";
import type { ProviderContext, TenantInputs } from "../engine/tenantArgs";
import { containsUnknown } from "../engine/unknowns";

/** Inputs every tenant-object resource has besides its own settings. */
export interface TenantObjectInputs {
  tenant?: TenantInputs | undefined;
  /** The `import` resource option's id, when the resource adopts what the tenant holds. */
  importId?: string | undefined;
}

/** The state of a tenant-object resource: its inputs, as the tenant has them, and the tenant's URL. */
export type TenantObjectState<Inputs extends TenantObjectInputs> = Inputs & { domain: string };

/** Outputs that are not inputs. */
const OUTPUT_ONLY_KEYS = ["domain"];
/** Keys a diff does not compare. */
const NOT_COMPARED = [...OUTPUT_ONLY_KEYS, IMPORT_ID_KEY];

/**
 * What differs between the resources that each manage one object of a tenant (its CAPTCHA
 * configuration, its phone templates); {@link tenantObjectProvider} does the rest.
 */
export interface TenantObjectOperations<Inputs extends TenantObjectInputs, Settings extends object> {
  /** The object's API path, which with the tenant's host makes the resource id. */
  readonly path: string;
  /** The object's name in messages ("CAPTCHA configuration"). */
  readonly label: string;
  /** Fields the tenant never returns (secrets): an import leaves them out of state, so the next up writes them. */
  readonly unreadable: readonly string[];
  /** Top-level inputs the engine may print beside a check failure (they never hold secrets). */
  readonly printable: readonly string[];
  /** Check failures of the resource's own settings, in the user's property names. */
  failures(news: Inputs): pulumi.dynamic.CheckFailure[];
  /** Writes the declared settings; returns them as the tenant stored them. */
  write(client: ManagementClient, inputs: Inputs): Promise<Settings>;
  /** The declared settings as the tenant has them now, or `undefined` when the object is gone. */
  read(client: ManagementClient, state: Inputs): Promise<Settings | undefined>;
  /** What a destroy does to the tenant. */
  remove(client: ManagementClient, state: Inputs): Promise<void>;
}

/**
 * The provider of a resource that manages one object of a tenant: check (settings and connection,
 * at preview), diff (inputs against state; another tenant is a replace), create and update (write),
 * read (refresh: state and inputs from the tenant, so drift shows as a diff), delete.
 *
 * The object is a singleton of its tenant, so a replace deletes before it creates: creating first and
 * then deleting the old resource would undo what was just written on the same tenant.
 */
export function tenantObjectProvider<Inputs extends TenantObjectInputs, Settings extends object>(
  context: ProviderContext,
  operations: TenantObjectOperations<Inputs, Settings>,
): Required<pulumi.dynamic.ResourceProvider<Inputs, TenantObjectState<Inputs>>> {
  async function write(inputs: Inputs): Promise<{ id: string; outs: TenantObjectState<Inputs> }> {
    const connection = context.connection(inputs.tenant);
    const stored = await operations.write(managementClientFor(connection, { log: engineLog }), inputs);
    const id = tenantObjectId(new URL(connection.baseUrl).host, operations.path);
    return { id, outs: withoutUndefined({ ...inputs, ...stored, domain: connection.baseUrl }) };
  }

  /** Adopts the object the import id names instead of writing it (see adoption.ts); `failure` if it cannot. */
  async function adopt(inputs: Inputs) {
    const connection = context.connection(inputs.tenant);
    const declared = omit(inputs, [IMPORT_ID_KEY]);
    const outcome = await adoption(connection, operations, inputs.importId, declared);
    if ("failure" in outcome) return outcome;
    const id = tenantObjectId(new URL(connection.baseUrl).host, operations.path);
    return { id, outs: withoutUndefined({ ...inputs, ...outcome.settings, domain: connection.baseUrl }) };
  }

  const clientAt = (state: TenantObjectState<Inputs>) =>
    managementClientFor(context.connectionAt(state.domain, state.tenant), { log: engineLog });

  const provider = {
    async configure(request: pulumi.dynamic.ConfigureRequest) {
      context.configure(request.config);
    },

    async check(olds: Partial<Inputs>, news: Inputs) {
      const failures = [...operations.failures(news), ...context.tenantFailures(news.tenant)];
      // An import is checked against the tenant at preview, once, while the resource is not in state yet.
      const importing = news.importId !== undefined && Object.keys(omit(olds)).length === 0;
      let inputs = news;
      if (failures.length === 0 && importing && !containsUnknown(news)) {
        const outcome = await adopt(news);
        if ("failure" in outcome) failures.push(outcome.failure);
        // The imported inputs hold no secret either, so the next preview shows the secrets as added.
        else inputs = withoutFields(news, operations.unreadable);
      }
      const printable = [...operations.printable, IMPORT_ID_KEY];
      return { inputs, failures: withoutPrintedValues(failures, printable) };
    },

    async diff(_id, olds: TenantObjectState<Inputs>, news: Inputs) {
      const replaces = context.movesTenant(olds.domain, news.tenant) ? ["tenant"] : [];
      // The import id only says where the resource came from: dropping the option later changes nothing.
      const changes = changedKeys(omit(olds, NOT_COMPARED), omit(news, NOT_COMPARED)).length > 0;
      return { changes, replaces, deleteBeforeReplace: true };
    },

    async create(inputs: Inputs) {
      if (inputs.importId === undefined) return write(inputs);
      // Checked again: the tenant may have changed since the preview.
      const outcome = await adopt(inputs);
      if ("failure" in outcome) throw new TenantAdminError(`${IMPORT_ID_KEY}: ${outcome.failure.reason}`);
      return outcome;
    },

    async update(_id, _olds, news: Inputs) {
      return { outs: (await write(news)).outs };
    },

    async read(id: string, state?: TenantObjectState<Inputs>) {
      // The engine always passes the state it refreshes; without it there is no tenant to ask.
      if (state === undefined) throw new Error(`read of ${id} needs the resource's state`);
      const current = await operations.read(clientAt(state), omit(state, OUTPUT_ONLY_KEYS));
      if (current === undefined) return {};
      return {
        id,
        props: withoutUndefined({ ...state, ...current }),
        inputs: withoutUndefined({ ...omit(state, OUTPUT_ONLY_KEYS), ...current }),
      };
    },

    async delete(_id, state: TenantObjectState<Inputs>) {
      await operations.remove(clientAt(state), omit(state, OUTPUT_ONLY_KEYS));
    },
  } satisfies Required<pulumi.dynamic.ResourceProvider<Inputs, TenantObjectState<Inputs>>>;
  return provider;
}
