/**
 * The read cache's directory does not fill up: entries expire when read, and the first write of a process
 * (each `pulumi` command's providers are new processes) starts deleting every expired entry and leftover
 * temporary file, of any command, beside the write (`swept` waits for it). The clock is injected; file times are set where a case needs an old file.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { RUN_CACHE_TTL_MS, RunCache } from "../../../src/client/runCache";

describe("the read cache's directory over time", () => {
  let root: string;
  let dir: string;
  let now: number;
  const clock = () => now;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "run-cache-sweep-"));
    dir = join(root, "cache");
    now = Date.now();
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** Runs `count` pulumi commands, one minute apart, each caching `reads` reads. */
  async function commands(count: number, reads = 3): Promise<void> {
    for (let command = 0; command < count; command += 1) {
      const cache = new RunCache(`${1000 + command}:1`, dir, clock);
      for (let read = 0; read < reads; read += 1) await cache.set(`tenant\n/path/${read}`, { read });
      await cache.swept();
      now += 60_000;
    }
  }

  it("keeps only the entries of the last 15 minutes after an hour of commands", async () => {
    await commands(60);

    // The last command swept before writing: entries of the 15 minutes before it, and its own, are left.
    const files = await readdir(dir);
    expect(files.length).toBeLessThanOrEqual(3 * 17);
    expect(files.length).toBeGreaterThanOrEqual(3 * 15);
  });

  it("deletes expired entries of other commands at a process's first write, and keeps fresh ones", async () => {
    const old = new RunCache("1:1", dir, clock);
    await old.set("tenant\n/a", { a: 1 });
    await old.swept();
    now += RUN_CACHE_TTL_MS / 2;
    const recent = new RunCache("2:1", dir, clock);
    await recent.set("tenant\n/b", { b: 1 });
    await recent.swept();
    now += RUN_CACHE_TTL_MS / 2 + 1;

    const latest = new RunCache("3:1", dir, clock);
    await latest.set("tenant\n/c", { c: 1 });
    await latest.swept();

    expect(await new RunCache("1:1", dir, clock).get("tenant\n/a")).toBeUndefined();
    expect(await new RunCache("2:1", dir, clock).get("tenant\n/b")).toEqual({ b: 1 });
    expect(await readdir(dir)).toHaveLength(2);
  });

  it("deletes leftover temporary files and unreadable old entries, and leaves other files alone", async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const hash = "a".repeat(64);
    const oldTime = new Date(now - RUN_CACHE_TTL_MS - 60_000);
    await writeFile(join(dir, `${hash}.json.4242.tmp`), "{", { mode: 0o600 });
    await writeFile(join(dir, `${"b".repeat(64)}.json`), "not json", { mode: 0o600 });
    await writeFile(join(dir, `${"c".repeat(64)}.json`), "not json either", { mode: 0o600 });
    await writeFile(join(dir, "notes.txt"), "not the cache's", { mode: 0o600 });
    await utimes(join(dir, `${hash}.json.4242.tmp`), oldTime, oldTime);
    await utimes(join(dir, `${"b".repeat(64)}.json`), oldTime, oldTime);
    await utimes(join(dir, "notes.txt"), oldTime, oldTime);

    const cache = new RunCache("5:1", dir, clock);
    await cache.set("tenant\n/x", { x: 1 });
    await cache.swept();

    const files = await readdir(dir);
    expect(files).toContain(`${"c".repeat(64)}.json`);
    expect(files).toContain("notes.txt");
    expect(files).not.toContain(`${hash}.json.4242.tmp`);
    expect(files).not.toContain(`${"b".repeat(64)}.json`);
    expect(files).toHaveLength(3);
  });

  it("sweeps at most once per process (per cache object)", async () => {
    const cache = new RunCache("6:1", dir, clock);
    await cache.set("tenant\n/first", {});
    await cache.swept();
    const other = new RunCache("7:1", dir, clock);
    await other.set("tenant\n/other", {});
    await other.swept();
    now += RUN_CACHE_TTL_MS + 1;

    await cache.set("tenant\n/second", {});
    await cache.swept();

    expect(await readdir(dir)).toHaveLength(3);
  });
});

it("writes an entry without waiting for the sweep of the directory", async () => {
  const root = await mkdtemp(join(tmpdir(), "run-cache-sweep-"));
  const dir = join(root, "cache");
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // An entry the sweep must read, as a named pipe: its read, and so the sweep, ends when the test writes it.
    const pipe = join(dir, `${"d".repeat(64)}.json`);
    execFileSync("mkfifo", ["-m", "600", pipe]);
    const cache = new RunCache("8:1", dir);

    await cache.set("tenant\n/x", { x: 1 });
    const written = await new RunCache("8:1", dir).get("tenant\n/x");
    await writeFile(pipe, "{}");
    await cache.swept();

    expect(written).toEqual({ x: 1 });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
