import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, readdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";

import { migratedState, persistedStateSchema } from "./state";
import type { PersistedState } from "./state";

/** The name of the data file inside the data directory. */
export const STATE_FILE_NAME = "tenant-emulator-state.json";

/** The lock file that keeps a second emulator off a data directory in use; it holds the owner's pid. */
export const LOCK_FILE_NAME = "tenant-emulator.lock";

const TEMP_PREFIX = `.${STATE_FILE_NAME}.`;
const TEMP_SUFFIX = ".tmp";

/** The data file holds client and CAPTCHA secrets: owner read/write only. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ENOENT";
}

async function fsyncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Loads the state saved in `directory` (creating the directory if needed), or `undefined` when there is none
 * yet. Deletes temporary files left by a process that was killed mid-write. Throws when the file exists but
 * is not valid, rather than starting over and overwriting it.
 */
export async function loadState(
  directory: string,
  legacyKeys: ReadonlyMap<string, string> = new Map(),
): Promise<PersistedState | undefined> {
  await mkdir(directory, { recursive: true, mode: DIR_MODE });
  for (const name of await readdir(directory)) {
    if (name.startsWith(TEMP_PREFIX) && name.endsWith(TEMP_SUFFIX)) {
      await unlink(join(directory, name)).catch(() => undefined);
    }
  }
  const path = join(directory, STATE_FILE_NAME);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The emulator data file ${path} is not valid JSON`, { cause: error });
  }
  let parsed;
  try {
    parsed = persistedStateSchema.safeParse(migratedState(json, legacyKeys));
  } catch (error) {
    throw new Error(`The emulator data file ${path} is not in the expected format: ${String(error)}`, {
      cause: error,
    });
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The emulator data file ${path} is not in the expected format: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
    );
  }
  return parsed.data;
}

/**
 * The data file, written atomically: the whole state goes to a temporary file (mode 0600) that is fsynced,
 * renamed over the data file, and the directory is fsynced, so a crash leaves either the old or the new file,
 * never a partial one. Saves run one at a time; saves requested while one is running are merged into the next
 * one, which snapshots the state when it starts, so it includes every change made before it was requested.
 */
export class StateFile {
  /** The data file's path. */
  readonly path: string;
  private tail: Promise<void> = Promise.resolve();
  private pending: Promise<void> | undefined;

  constructor(
    private readonly directory: string,
    private readonly snapshot: () => PersistedState,
  ) {
    this.path = join(directory, STATE_FILE_NAME);
  }

  /** Saves the current state; resolves once a write that includes every change made so far is durable. */
  save(): Promise<void> {
    if (this.pending) return this.pending;
    const write = this.tail.then(() => {
      this.pending = undefined;
      return this.write(this.snapshot());
    });
    this.pending = write;
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Resolves when every requested save has finished (successfully or not). */
  flush(): Promise<void> {
    return this.tail;
  }

  private async write(state: PersistedState): Promise<void> {
    const data = `${JSON.stringify(state)}\n`;
    const unique = `${process.pid}.${randomBytes(8).toString("hex")}`;
    const temporary = join(this.directory, `${TEMP_PREFIX}${unique}${TEMP_SUFFIX}`);
    // `wx`: created here or not at all; an existing file or symlink at that name is never followed.
    const handle = await open(temporary, "wx", FILE_MODE);
    try {
      await handle.chmod(FILE_MODE);
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await rename(temporary, this.path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await fsyncDirectory(this.directory);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown } | null)?.code === "EPERM";
  }
}

/** A data directory held by another running emulator. */
export class DataDirInUseError extends Error {
  override readonly name = "DataDirInUseError";
}

/** The lock on a data directory; {@link DataDirLock.release} gives it up. */
export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Takes the data directory's lock file (created exclusively, holding this process's pid), so that two emulators
 * never write the same data file. A lock left by a process that no longer runs is taken over. Throws a
 * {@link DataDirInUseError} naming the pid when another live process (or this one) holds it.
 */
export async function lockDataDir(directory: string): Promise<DataDirLock> {
  const path = join(directory, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, "wx", FILE_MODE);
      try {
        await handle.writeFile(`${process.pid}\n`, "utf8");
      } finally {
        await handle.close();
      }
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await unlink(path).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== "EEXIST") throw error;
    }
    const owner = Number.parseInt(await readFile(path, "utf8").catch(() => ""), 10);
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new DataDirInUseError(
        `The data directory ${directory} is in use by another emulator (pid ${owner}); stop it or use another directory`,
      );
    }
    // A stale lock (its process is gone, or it never got a pid written): take it over.
    await unlink(path).catch(() => undefined);
  }
  throw new DataDirInUseError(`Could not lock the data directory ${directory}`);
}
