import { createHash } from "node:crypto";
import { lstat, mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How long a cached read serves the same `pulumi` command; past it, the tenant is asked again. */
export const RUN_CACHE_TTL_MS = 15 * 60 * 1000;

/** A temporary file older than this is a writer's leftover (a write takes milliseconds). */
const LEFTOVER_TEMP_MS = 60 * 1000;
/** The sweep of expired entries stops after this long, or after this many directory entries. */
const SWEEP_BUDGET_MS = 200;
const SWEEP_MAX_ENTRIES = 10_000;

/** The names this cache writes: an entry, and an entry's temporary file. */
const ENTRY_NAME = /^[0-9a-f]{64}\.json$/;
const TEMP_NAME = /^[0-9a-f]{64}\.json\.\d+\.tmp$/;

/**
 * Reads of one `pulumi` command, shared by the dynamic-provider processes it starts. `pulumi refresh` (and
 * `pulumi up --refresh`) runs a preview pass and then the real pass, each in a fresh provider process, and
 * both read every resource: with this cache the second pass records what the first one read (and showed
 * the user) instead of asking the tenant again, so a refresh costs one read per resource and, when every
 * read is cached, no token.
 *
 * Only bodies of reads are kept (the service never returns a secret in them), in files of mode 0600 in a
 * directory of mode 0700 owned by the user, keyed by a hash of the command's process id and start time, the
 * tenant, the credentials' fingerprint and the path. A write to a path drops its entry. Entries of every
 * command expire after {@link RUN_CACHE_TTL_MS}; the first time a cache object (one per process) writes, it
 * starts deleting the directory's expired entries and leftover temporary files, within a small time budget,
 * beside the work of the process ({@link RunCache.swept} waits for it).
 */
export class RunCache {
  readonly #dir: string;
  readonly #run: string;
  readonly #now: () => number;
  #directory: Promise<boolean> | undefined;
  #sweeping: Promise<void> | undefined;

  constructor(
    run: string,
    dir = join(tmpdir(), `pulumi-tenant-admin-${process.getuid?.() ?? "user"}`),
    now = Date.now,
  ) {
    this.#run = run;
    this.#dir = dir;
    this.#now = now;
  }

  /**
   * The cached body of `key` (a JSON value), or undefined (absent, expired, unreadable: the caller asks the
   * tenant, and checks a body it gets as it checks the tenant's).
   */
  async get(key: string): Promise<unknown> {
    try {
      const entry = JSON.parse(await readFile(this.#file(key), "utf8")) as {
        expires?: unknown;
        body?: unknown;
      };
      if (typeof entry.expires !== "number" || entry.expires < this.#now()) return undefined;
      return entry.body;
    } catch {
      return undefined;
    }
  }

  /** Keeps `body` (a JSON value) for `key`; a failure to write only means the next pass reads again. */
  async set(key: string, body: unknown): Promise<void> {
    try {
      if (!(await (this.#directory ??= this.#ensureDir()))) return;
      // Housekeeping, not the caller's business: a read that waited for it would wait for every file of the
      // directory to be read.
      this.#sweeping ??= this.#sweep().catch(() => undefined);
      const file = this.#file(key);
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify({ expires: this.#now() + RUN_CACHE_TTL_MS, body }), {
        mode: 0o600,
      });
      await rename(temporary, file);
    } catch {
      // Best effort.
    }
  }

  /** Resolves once the sweep that this cache's first write started has ended (at once if none started). */
  async swept(): Promise<void> {
    await this.#sweeping;
  }

  /** Drops `key` (after a write to its path). */
  async drop(key: string): Promise<void> {
    await rm(this.#file(key), { force: true }).catch(() => undefined);
  }

  #file(key: string): string {
    return join(this.#dir, `${createHash("sha256").update(`${this.#run}\n${key}`).digest("hex")}.json`);
  }

  /**
   * Deletes expired entries (of any command: their `expires` is past, or they cannot be read as an entry and
   * are older than the time limit) and temporary files a writer left, and nothing else. Best effort, and
   * bounded: it stops after {@link SWEEP_BUDGET_MS} or {@link SWEEP_MAX_ENTRIES} directory entries.
   */
  async #sweep(): Promise<void> {
    const deadline = performance.now() + SWEEP_BUDGET_MS;
    const now = this.#now();
    const names = (await readdir(this.#dir).catch(() => [] as string[])).slice(0, SWEEP_MAX_ENTRIES);
    for (const name of names) {
      if (performance.now() > deadline) return;
      const path = join(this.#dir, name);
      try {
        if (TEMP_NAME.test(name)) {
          const { mtimeMs } = await lstat(path);
          if (now - mtimeMs > LEFTOVER_TEMP_MS) await rm(path, { force: true });
        } else if (ENTRY_NAME.test(name) && (await this.#expired(path, now))) {
          await rm(path, { force: true });
        }
      } catch {
        // Gone meanwhile, or unreadable: left for a later sweep.
      }
    }
  }

  async #expired(path: string, now: number): Promise<boolean> {
    let expires: unknown;
    try {
      expires = (JSON.parse(await readFile(path, "utf8")) as { expires?: unknown }).expires;
    } catch {
      expires = undefined;
    }
    if (typeof expires === "number") return expires < now;
    return now - (await lstat(path)).mtimeMs > RUN_CACHE_TTL_MS;
  }

  /** Creates the directory; refuses one that is a symlink, another user's, or open to others. */
  async #ensureDir(): Promise<boolean> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const stats = await lstat(this.#dir);
    const uid = process.getuid?.();
    return stats.isDirectory() && (uid === undefined || stats.uid === uid) && (stats.mode & 0o077) === 0;
  }
}
