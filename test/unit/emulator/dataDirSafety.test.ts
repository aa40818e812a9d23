/**
 * Files in the data directory are never read or written through a link planted at their names, and a data
 * directory other users could plant one in (open to group or others, another user's, itself a link) is
 * refused before anything is read or written.
 */
import { spawnSync } from "node:child_process";
import {
  chmod,
  chown,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import {
  CLIENT_ASSERTION_KEY_FILE_NAME,
  GENERATED_CA_FILE_NAME,
  LOCK_FILE_NAME,
  STATE_FILE_NAME,
  startEmulator,
} from "../../../src/emulator";
import type { EmulatorOptions, TenantEmulator } from "../../../src/emulator";
import { UnsafeDataDirError } from "../../../src/emulator/dataDir";

describe("the data directory's files and links", () => {
  let root: string;
  let dataDir: string;
  /** Where the planted links point: outside the data directory. */
  let elsewhere: string;

  const start = (options: EmulatorOptions = {}): Promise<TenantEmulator> =>
    startEmulator({ rateLimit: false, dataDir, ...options });

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "tenant-emulator-links-"));
    dataDir = join(root, "data");
    elsewhere = join(root, "elsewhere");
    await mkdir(dataDir, { mode: 0o700 });
    await mkdir(elsewhere, { mode: 0o700 });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("replaces a link planted at the CA file's name, and leaves its target alone", async () => {
    const target = join(elsewhere, "victim.pem");
    await writeFile(target, "the user's own file\n");
    await symlink(target, join(dataDir, GENERATED_CA_FILE_NAME));

    const emulator = await start({ tls: true });
    await emulator.close();

    expect(await readFile(target, "utf8")).toBe("the user's own file\n");
    expect((await lstat(join(dataDir, GENERATED_CA_FILE_NAME))).isSymbolicLink()).toBe(false);
    expect(await readFile(join(dataDir, GENERATED_CA_FILE_NAME), "utf8")).toMatch(
      /^-----BEGIN CERTIFICATE-----\n[\s\S]*\n-----END CERTIFICATE-----\n?$/,
    );
  });

  it("refuses a link planted at the client key's name, and creates nothing through it", async () => {
    const target = join(elsewhere, "planted-key.pem");
    await symlink(target, join(dataDir, CLIENT_ASSERTION_KEY_FILE_NAME));

    const error: unknown = await start().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UnsafeDataDirError);
    expect((error as Error).message).toBe(
      `${join(dataDir, CLIENT_ASSERTION_KEY_FILE_NAME)} is a symbolic link; remove it (the emulator writes this file itself)`,
    );
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it("refuses a link planted at the data file's name rather than load what it points to", async () => {
    const first = await startEmulator({ rateLimit: false, dataDir: elsewhere });
    await first.close();
    await symlink(join(elsewhere, STATE_FILE_NAME), join(dataDir, STATE_FILE_NAME));
    const before = await readFile(join(elsewhere, STATE_FILE_NAME), "utf8");

    await expect(start()).rejects.toThrow(`${join(dataDir, STATE_FILE_NAME)} is a symbolic link`);
    expect(await readFile(join(elsewhere, STATE_FILE_NAME), "utf8")).toBe(before);
  });

  it("refuses a link planted at the lock's name, and leaves its target alone", async () => {
    const target = join(elsewhere, "lock-target");
    await writeFile(target, "1\n");
    await symlink(target, join(dataDir, LOCK_FILE_NAME));

    await expect(start()).rejects.toThrow(`${join(dataDir, LOCK_FILE_NAME)} is a symbolic link`);
    expect(await readFile(target, "utf8")).toBe("1\n");
  });

  it.each(["0770", "0750", "0707", "0755"])(
    "refuses a data directory of mode %s, naming the fix",
    async (mode) => {
      await chmod(dataDir, Number.parseInt(mode, 8));

      const error: unknown = await start().catch((e: unknown) => e);

      expect(error).toBeInstanceOf(UnsafeDataDirError);
      expect((error as Error).message).toBe(
        `The data directory ${dataDir} is open to other users (mode ${mode}); run chmod 700 ${dataDir}`,
      );
      expect(await readdir(dataDir)).toEqual([]);
    },
  );

  it("refuses a data directory that is a symbolic link", async () => {
    const linked = join(root, "linked");
    await symlink(dataDir, linked);

    await expect(startEmulator({ rateLimit: false, dataDir: linked })).rejects.toThrow(
      `The data directory ${linked} is a symbolic link; give the directory's real path instead`,
    );
    expect(await readdir(dataDir)).toEqual([]);
  });

  const asRoot = process.getuid?.() === 0 ? it : it.skip;
  asRoot("refuses a data directory that belongs to another user", async () => {
    await chown(dataDir, 4242, 4242);

    await expect(start()).rejects.toThrow(
      `The data directory ${dataDir} belongs to uid 4242, not to this user (uid 0); use a directory of your own`,
    );
  });

  it("creates a missing data directory with mode 0700 and uses it", async () => {
    const fresh = join(root, "fresh", "data");
    const emulator = await startEmulator({ rateLimit: false, dataDir: fresh, tls: true });
    await emulator.close();

    expect((await lstat(fresh)).mode & 0o777).toBe(0o700);
    expect((await readdir(fresh)).sort()).toEqual(
      [CLIENT_ASSERTION_KEY_FILE_NAME, GENERATED_CA_FILE_NAME, STATE_FILE_NAME].sort(),
    );
  });

  it("takes over a stale lock whose earlier taker was killed half-way, and leaves no claim behind", async () => {
    const gone = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid;
    await writeFile(join(dataDir, LOCK_FILE_NAME), `${gone}\n`, { mode: 0o600 });
    const { ino } = await lstat(join(dataDir, LOCK_FILE_NAME));
    // The claim an earlier starter made before it was killed: it holds that starter's (dead) pid.
    await writeFile(join(dataDir, `.${LOCK_FILE_NAME}.takeover.${ino}-${gone}.0`), `${gone}\n`);

    const emulator = await start();
    try {
      expect((await readFile(join(dataDir, LOCK_FILE_NAME), "utf8")).trim()).toBe(String(process.pid));
      expect((await readdir(dataDir)).filter((name) => name.includes("takeover"))).toEqual([]);
    } finally {
      await emulator.close();
    }
  });
});
