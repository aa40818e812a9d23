import { mkdir, open, readFile, readdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";

import { persistedStateSchema } from "./state";
import type { PersistedState } from "./stateTypes";

/** The name of the data file inside the data directory. */
export const STATE_FILE_NAME = "tenant-emulator-state.json";

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
export async function loadState(directory: string): Promise<PersistedState | undefined> {
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
  private sequence = 0;

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
    const data = `${JSON.stringify(state, null, 2)}\n`;
    this.sequence += 1;
    const temporary = join(this.directory, `${TEMP_PREFIX}${process.pid}.${this.sequence}${TEMP_SUFFIX}`);
    const handle = await open(temporary, "w", FILE_MODE);
    try {
      await handle.chmod(FILE_MODE);
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temporary, this.path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await fsyncDirectory(this.directory);
  }
}
