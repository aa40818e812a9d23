import { containsUnknown } from "../../../engine/unknowns";
import type { TenantBinding } from "../../../engine/binding";
import { IMPORT_ID_KEY } from "../adoption";
import { changedKeys, jsonEqual, withoutEngineKeys, withoutPaths } from "../inputs";
import type { TenantObjectHooks, TenantObjectInputs } from "./hooks";

/**
 * Keys that are not the object's settings: the tenant's URL (set by check from the resolved connection,
 * so a move shows as `domain: "https://a…" => "https://b…"`) and the tenant argument, whose credentials
 * may rotate without the object changing.
 */
export const BINDING_KEYS = ["domain", "tenant"];
/** Keys a diff does not compare: the binding, and the import id (it only says where the object came from). */
const NOT_COMPARED = [...BINDING_KEYS, IMPORT_ID_KEY];

/** What applying a program's inputs over what the stack has would do. */
export interface WritePlan {
  /** Whether the engine should show a change at all. */
  readonly changes: boolean;
  /** Whether the tenant is written (else only the state takes the new inputs). */
  readonly writes: boolean;
  /** Whether the object is made anew: the first write, or a replace. */
  readonly creates: boolean;
  /** Whether the object moves to another tenant. */
  readonly moves: boolean;
  /** Settings no longer declared that the tenant keeps (see `KeepsUndeclared`). */
  readonly kept: string[];
  /** The inputs whose change replaces the object. */
  readonly replaces: string[];
}

/** How a tenant argument refers to its tenant, credentials aside: its name, or that it spells settings out. */
function tenantReference(tenant: TenantObjectInputs["tenant"]): string | undefined {
  if (tenant === undefined || typeof tenant === "string") return tenant;
  return "(settings)";
}

/** Whether `olds` holds nothing yet: the resource is not in state. */
export function isNew(olds: object): boolean {
  return Object.keys(withoutEngineKeys(olds)).length === 0;
}

/**
 * What applying `news` over `olds` (state, or the previous inputs) would do: move to another tenant
 * (a replace), write changed settings, or nothing. The tenant argument's credentials are not settings:
 * rotating them is not a change. Settings the tenant keeps whatever the program says are left out.
 */
export function planOf<Inputs extends TenantObjectInputs>(
  hooks: TenantObjectHooks<Inputs, object>,
  olds: Inputs & { domain?: string },
  news: Inputs & { domain?: string },
  bound: TenantBinding | undefined,
): WritePlan {
  if (isNew(olds))
    return { changes: true, writes: true, creates: true, moves: false, kept: [], replaces: [] };
  const newDomain = news.domain ?? bound?.baseUrl;
  const moves = olds.domain !== undefined && newDomain !== undefined && newDomain !== olds.domain;
  const kept = hooks.keepsUndeclared?.paths(olds, news) ?? [];
  const comparable = (settings: object) =>
    hooks.comparable?.(settings as Record<string, unknown>) ?? settings;
  const before = withoutPaths(withoutEngineKeys(olds, [...NOT_COMPARED, ...(hooks.outputs ?? [])]), kept);
  const changed = changedKeys(comparable(before), comparable(withoutEngineKeys(news, NOT_COMPARED)));
  const engineOnly = hooks.engineOnly ?? [];
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
