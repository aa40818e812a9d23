import type { Plan, TenantStore } from "../wire/emulation";
import { ObjectWriteQueue } from "./writeQueue";

/**
 * What the tenant holds: singleton documents by API path (`null` for one the tenant does not have: removed,
 * so a data file tells it from one a later version adds), collections of items by path and id.
 */
export interface TenantData {
  documents: Record<string, unknown>;
  collections: Record<string, Record<string, unknown>>;
}

/** Copies `value` into `target[key]` as data, whatever the key (no prototype setter). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A tenant store that runs the writes of one object one at a time. */
export interface SerializedTenantStore extends TenantStore {
  /**
   * Runs `write` (the checks and changes of one request to `object`, a tenant object's emulation) once every
   * write of that object queued before it has finished. A write must not queue another.
   */
  writing<T>(object: object, write: () => Promise<T>): Promise<T>;
}

/**
 * The tenant's data in memory, saved through `persist` after each change and before the answer: when the save
 * fails (disk full, read-only), the change is undone, unless another change replaced it meanwhile, and the
 * error propagates (a 500 to the client). Reads hand out copies, so no caller can change the store by hand.
 * The writes of one object run one at a time ({@link MemoryTenantStore.writing}).
 */
export class MemoryTenantStore implements SerializedTenantStore {
  private readonly writes = new ObjectWriteQueue();

  constructor(
    private readonly data: TenantData,
    private plan: Plan,
    private readonly persist: () => Promise<void>,
  ) {}

  writing<T>(object: object, write: () => Promise<T>): Promise<T> {
    return this.writes.run(object, write);
  }

  /** The data to save; the caller serializes it at once. */
  snapshot(): TenantData {
    return this.data;
  }

  document<T = unknown>(path: string): T | undefined {
    const value = Object.prototype.hasOwnProperty.call(this.data.documents, path)
      ? this.data.documents[path]
      : undefined;
    return value === undefined || value === null ? undefined : (structuredClone(value) as T);
  }

  items<T = unknown>(path: string): T[] {
    return Object.values(this.data.collections[path] ?? {}).map((item) => structuredClone(item) as T);
  }

  lacks(feature: string): boolean {
    return this.plan.lacks.includes(feature);
  }

  /** The tenant's plan (a start option: not saved). */
  currentPlan(): Plan {
    return { lacks: [...this.plan.lacks] };
  }

  /** Changes the tenant's plan (a start option: not saved). */
  setPlan(plan: Plan): void {
    this.plan = { lacks: [...new Set(plan.lacks)] };
  }

  async setDocument(path: string, document: unknown): Promise<void> {
    await this.change(this.data.documents, path, document === undefined ? null : document);
  }

  async setItem(path: string, id: string, item: unknown): Promise<void> {
    if (!Object.prototype.hasOwnProperty.call(this.data.collections, path))
      put(this.data.collections, path, {});
    await this.change(this.data.collections[path] ?? {}, id, item);
  }

  private async change(container: Record<string, unknown>, key: string, value: unknown): Promise<void> {
    const had = Object.prototype.hasOwnProperty.call(container, key);
    const previous = container[key];
    const next = value === undefined ? undefined : structuredClone(value);
    if (next === undefined) delete container[key];
    else put(container, key, next);
    try {
      await this.persist();
    } catch (error) {
      if (container[key] === next) {
        if (had) put(container, key, previous);
        else delete container[key];
      }
      throw error;
    }
  }
}
