import * as path from "node:path";

import { ManagementClient } from "../../../../src/client/managementClient";

/** The repository's `src/` folder: only accesses from its files are recorded. */
const SRC = `${path.resolve(__dirname, "../../../../src")}${path.sep}`;

/** The files of one provider method's route, in order, consecutive repeats collapsed. */
export class RouteRecording {
  readonly #files: string[] = [];

  record(file: string): void {
    if (this.#files.at(-1) !== file) this.#files.push(file);
  }

  /** The files passed through, in order (`resources/tenantObject/tenantObjectProvider.ts`, …). */
  get sequence(): readonly string[] {
    return this.#files;
  }

  /** How many different files the route passes through. */
  get files(): number {
    return new Set(this.#files).size;
  }

  /** How many times the route comes back to a file it had left. */
  get returns(): number {
    const seen = new Set<string>();
    let returns = 0;
    for (const file of this.#files) {
      if (seen.has(file)) returns += 1;
      seen.add(file);
    }
    return returns;
  }
}

/** The `src/` file (relative to `src/`) of the first stack frame outside this file, or `undefined`. */
function callingFile(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  for (const line of stack.split("\n").slice(1)) {
    const match = /\(?((?:\/|[A-Za-z]:\\)[^():]+):\d+:\d+\)?$/.exec(line.trim());
    const file = match?.[1];
    if (file === undefined || file === __filename) continue;
    return file.startsWith(SRC) ? file.slice(SRC.length).split(path.sep).join("/") : undefined;
  }
  return undefined;
}

/**
 * `target` wrapped so that every property read and method call on it is recorded with the `src/` file it
 * comes from, and so are the reads of what it hands out: the objects its properties and methods give (the
 * binding, the connection and its credentials), followed through promises. A `ManagementClient` is not
 * followed: it is the service the route hands down, not the tenant's data. Methods run on the original
 * object, so private fields work.
 */
export function traced<T extends object>(target: T, recording: () => RouteRecording): T {
  const wrappers = new WeakMap<object, object>();

  function follow(value: unknown): unknown {
    if (value instanceof Promise) return value.then(follow);
    if (typeof value !== "object" || value === null || value instanceof ManagementClient) return value;
    return wrap(value);
  }

  function wrap(object: object): object {
    const known = wrappers.get(object);
    if (known !== undefined) return known;
    const wrapper = new Proxy(object, {
      get(inner, property) {
        const value: unknown = Reflect.get(inner, property, inner);
        if (typeof property === "symbol") return value;
        const file = callingFile();
        if (file !== undefined) recording().record(file);
        if (typeof value !== "function") return follow(value);
        return (...args: unknown[]) => {
          const caller = callingFile();
          if (caller !== undefined) recording().record(caller);
          return follow(Reflect.apply(value as (...a: unknown[]) => unknown, inner, args));
        };
      },
    });
    wrappers.set(object, wrapper);
    return wrapper;
  }

  return wrap(target) as T;
}
