import { mkdir, open, readdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";

import { checkDataDir, createExclusive, dataTempPath, isDataTempFile, readDataFile } from "./dataDir";

import { persistedStateSchema } from "./state";
import type { PersistedState } from "./stateTypes";

/** The name of the data file inside the data directory. */
export const STATE_FILE_NAME = "tenant-emulator-state.json";

/** The lock file that keeps a second emulator off a data directory in use; it holds the owner's pid. */
export const LOCK_FILE_NAME = "tenant-emulator.lock";

/** The data file holds client and CAPTCHA secrets: owner read/write only. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

async function fsyncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The pid in a temporary file's name (`.<name>.<pid>.<random>.tmp`), if it has one. */
function writerOf(temporaryName: string): number | undefined {
  const pid = Number(/\.(\d+)\.[0-9a-f]+\.tmp$/.exec(temporaryName)?.[1]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Loads the state saved in `directory` (creating the directory if needed), or `undefined` when there is none
 * yet. Deletes temporary files left by a process that was killed mid-write (those of a live process other than
 * this one are another emulator's lock attempt, and are kept). Refuses a data file that is a symbolic link.
 * Throws when the file exists but is not valid, rather than starting over and overwriting it.
 */
export async function loadState(directory: string): Promise<PersistedState | undefined> {
  await mkdir(directory, { recursive: true, mode: DIR_MODE });
  for (const name of await readdir(directory)) {
    if (!isDataTempFile(name)) continue;
    const writer = writerOf(name);
    if (writer !== undefined && writer !== process.pid && isAlive(writer)) continue;
    await unlink(join(directory, name)).catch(() => undefined);
  }
  const path = join(directory, STATE_FILE_NAME);
  const text = await readDataFile(path);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The emulator data file ${path} is not valid JSON`, { cause: error });
  }
  const parsed = persistedStateSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`The emulator data file ${path} is not in the expected format: ${parsed.error.message}`);
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
    const temporary = dataTempPath(this.directory, STATE_FILE_NAME);
    // `wx`: created here or not at all; an existing file or symlink at that name is never followed.
    await createExclusive(temporary, data, FILE_MODE);
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
 * never write the same data file. Checks the directory first ({@link checkDataDir}: not a link, the user's own,
 * mode 0700). A lock left by a process that no longer runs is taken over. Throws a {@link DataDirInUseError}
 * naming the pid when another live process (or this one) holds it.
 */
export async function lockDataDir(directory: string): Promise<DataDirLock> {
  await checkDataDir(directory);
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
    const owner = Number.parseInt((await readDataFile(path)) ?? "", 10);
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
