import { link, mkdir, open, readdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";

import {
  checkDataDir,
  createExclusive,
  dataTempPath,
  isDataTempFile,
  readDataFile,
  readDataFileAndInode,
} from "./dataDir";
import { migratedState, persistedStateSchema } from "./state";
import type { PersistedState } from "./state";

/** The name of the data file inside the data directory. */
export const STATE_FILE_NAME = "tenant-emulator-state.json";

/** The lock file that keeps a second emulator off a data directory in use; it holds the owner's pid. */
export const LOCK_FILE_NAME = "tenant-emulator.lock";

/** The data file holds client and CAPTCHA secrets: owner read/write only. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** The claim files of a stale lock's takeover: `.tenant-emulator.lock.takeover.<inode>-<pid>.<n>`. */
const TAKEOVER_PREFIX = `.${LOCK_FILE_NAME}.takeover.`;

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

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
 * yet. A file of format 1 is read as format 2 ({@link migratedState} with `legacyKeys` and `initialDocuments`). Deletes temporary files left by a process that was killed mid-write (those of a live process other than
 * this one are another emulator's lock attempt, and are kept). Refuses a data file that is a symbolic link.
 * Throws when the file exists but is not valid, rather than starting over and overwriting it.
 */
export async function loadState(
  directory: string,
  legacyKeys: ReadonlyMap<string, string> = new Map(),
  initialDocuments: Readonly<Record<string, unknown>> = {},
): Promise<PersistedState | undefined> {
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
  let parsed;
  try {
    parsed = persistedStateSchema.safeParse(migratedState(json, legacyKeys, initialDocuments));
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

/** How often a starter goes round (the lock was released or replaced while it looked); each round is short. */
const LOCK_ROUNDS = 20;
/** Takeovers of one stale lock whose taker died half-way, before a starter gives up. */
const MAX_TAKEOVER_CLAIMS = 64;

/** A lock file as read: its inode and the pid it holds (`undefined`: none, e.g. empty). */
interface LockView {
  readonly ino: number;
  readonly pid: number | undefined;
}

async function readLock(path: string): Promise<LockView | undefined> {
  const read = await readDataFileAndInode(path);
  if (read === undefined) return undefined;
  const text = read.text.trim();
  const pid = Number(text);
  return { ino: read.ino, pid: /^\d+$/.test(text) && Number.isSafeInteger(pid) && pid > 0 ? pid : undefined };
}

/**
 * Puts `content` (already in the file `temporary`) at `target` only if nothing is there: a hard link, so the
 * file appears whole or not at all. Where hard links are not supported, an exclusive create and write.
 * Resolves `false` when `target` exists.
 */
async function placeExclusive(temporary: string, target: string, content: string): Promise<boolean> {
  try {
    await link(temporary, target);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
  }
  try {
    await createExclusive(target, content, FILE_MODE);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
}

function inUse(directory: string, pid: number): DataDirInUseError {
  return new DataDirInUseError(
    `The data directory ${directory} is in use by another emulator (pid ${pid}); stop it or use another directory`,
  );
}

/**
 * Replaces the stale lock `stale` with this process's (the file `temporary`), such that of any number of
 * starters that saw the same stale lock, exactly one does: each must first create a claim file named after
 * that lock (its inode and pid) exclusively. The claim's holder checks that the lock is still the one it saw
 * and renames its own over it; nobody else replaces a lock, and a live lock is never removed. A claim whose
 * holder died is skipped for the next one. Returns `"won"`, `"changed"` (the lock is not that one any more:
 * look again), or the pid of a live starter taking it over.
 */
async function takeOver(
  directory: string,
  stale: LockView,
  temporary: string,
  content: string,
): Promise<"won" | "changed" | number> {
  const path = join(directory, LOCK_FILE_NAME);
  const identity = `${stale.ino}-${stale.pid ?? "none"}`;
  for (let index = 0; index < MAX_TAKEOVER_CLAIMS; index += 1) {
    const claim = join(directory, `${TAKEOVER_PREFIX}${identity}.${index}`);
    if (await placeExclusive(temporary, claim, content)) {
      try {
        const current = await readLock(path);
        if (current?.ino !== stale.ino || current.pid !== stale.pid) return "changed";
        await rename(temporary, path);
        return "won";
      } finally {
        await unlink(claim).catch(() => undefined);
      }
    }
    const taker = await readLock(claim);
    if (taker === undefined) return "changed";
    if (taker.pid !== undefined && isAlive(taker.pid)) return taker.pid;
  }
  return "changed";
}

/** Deletes the claim files of earlier takeovers (a holder killed half-way leaves one); run by the lock's holder. */
async function sweepClaims(directory: string): Promise<void> {
  for (const name of await readdir(directory).catch(() => [])) {
    if (name.startsWith(TAKEOVER_PREFIX)) await unlink(join(directory, name)).catch(() => undefined);
  }
}

/**
 * Takes the data directory's lock file (holding this process's pid), so that two emulators never write the same
 * data file. Checks the directory first ({@link checkDataDir}: not a link, the user's own, mode 0700). The lock
 * file appears whole (a hard link of a file already written) and only where none is. A lock left by a process
 * that no longer runs is taken over atomically: of any number of emulators starting at once, exactly one gets
 * it. Throws a {@link DataDirInUseError} naming the pid when another live process (or this one) holds it.
 */
export async function lockDataDir(directory: string): Promise<DataDirLock> {
  await checkDataDir(directory);
  const path = join(directory, LOCK_FILE_NAME);
  const content = `${process.pid}\n`;
  const temporary = dataTempPath(directory, LOCK_FILE_NAME);
  await createExclusive(temporary, content, FILE_MODE);
  try {
    for (let round = 0; round < LOCK_ROUNDS; round += 1) {
      let won = await placeExclusive(temporary, path, content);
      if (!won) {
        const current = await readLock(path);
        if (current === undefined) continue;
        if (current.pid !== undefined && isAlive(current.pid)) throw inUse(directory, current.pid);
        // A stale lock (its process is gone, or it holds no pid): take it over.
        const outcome = await takeOver(directory, current, temporary, content);
        if (typeof outcome === "number") throw inUse(directory, outcome);
        won = outcome === "won";
      }
      if (won) {
        await sweepClaims(directory);
        let released = false;
        return {
          release: async () => {
            if (released) return;
            released = true;
            await unlink(path).catch(() => undefined);
          },
        };
      }
    }
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  throw new DataDirInUseError(`Could not lock the data directory ${directory}`);
}
