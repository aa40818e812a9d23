import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, rename, unlink } from "node:fs/promises";
import { join } from "node:path";

/** A data directory (or a file in it) the emulator refuses to use, with the reason and the fix. */
export class UnsafeDataDirError extends Error {
  override readonly name = "UnsafeDataDirError";
}

/** The suffix of the temporary files {@link writeDataFile} renames into place. */
const TEMP_SUFFIX = ".tmp";

/**
 * `O_NOFOLLOW` (a symbolic link is an error, not followed) and `O_NONBLOCK` (a planted FIFO cannot hang the
 * open), where the platform has them.
 */
const NO_FOLLOW = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8).padStart(3, "0")}`;
}

/**
 * Refuses a data directory another user could tamper with: a symbolic link, one owned by another user, or one
 * open to group or others. The message is one line naming the directory and the fix. Owner and mode are not
 * checked where the platform has no uids (Windows).
 */
export async function checkDataDir(directory: string): Promise<void> {
  const stats = await lstat(directory);
  if (stats.isSymbolicLink()) {
    throw new UnsafeDataDirError(
      `The data directory ${directory} is a symbolic link; give the directory's real path instead`,
    );
  }
  if (!stats.isDirectory())
    throw new UnsafeDataDirError(`The data directory ${directory} is not a directory`);
  const uid = process.getuid?.();
  if (uid === undefined) return;
  if (stats.uid !== uid) {
    throw new UnsafeDataDirError(
      `The data directory ${directory} belongs to uid ${stats.uid}, not to this user (uid ${uid}); use a directory of your own`,
    );
  }
  if ((stats.mode & 0o077) !== 0) {
    throw new UnsafeDataDirError(
      `The data directory ${directory} is open to other users (mode ${octal(stats.mode)}); run chmod 700 ${directory}`,
    );
  }
}

/** Whether `name` is a temporary file {@link writeDataFile} left behind (killed before its rename). */
export function isDataTempFile(name: string): boolean {
  return name.startsWith(".tenant-emulator") && name.endsWith(TEMP_SUFFIX);
}

/**
 * A unique temporary name for `name` in `directory`: `.<name>.<pid>.<random>.tmp`, so a leftover can be told
 * apart ({@link isDataTempFile}) and its writer named.
 */
export function dataTempPath(directory: string, name: string): string {
  const base = name.startsWith(".") ? name : `.${name}`;
  return join(directory, `${base}.${process.pid}.${randomBytes(8).toString("hex")}${TEMP_SUFFIX}`);
}

/**
 * Creates a file exclusively (`open(path, "wx")`: `O_CREAT | O_EXCL`, so an existing file or symbolic link at
 * that name is never followed or reused) with `mode`, writes `data` and fsyncs it. Removes it on failure.
 */
export async function createExclusive(path: string, data: string, mode: number): Promise<void> {
  const handle = await open(path, "wx", mode);
  try {
    await handle.chmod(mode);
    await handle.writeFile(data, "utf8");
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(path).catch(() => undefined);
    throw error;
  }
  await handle.close();
}

/**
 * Writes `<directory>/<name>` without following a link: the data goes to a temporary file created exclusively
 * ({@link createExclusive}), which is then renamed over the name. A rename replaces a symbolic link planted at
 * the name, never the file it points to.
 */
export async function writeDataFile(
  directory: string,
  name: string,
  data: string,
  mode: number,
): Promise<string> {
  const path = join(directory, name);
  const temporary = dataTempPath(directory, name);
  await createExclusive(temporary, data, mode);
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return path;
}

/**
 * Reads a regular file without following a link (`O_NOFOLLOW`), with its inode number (from the same open
 * file), or `undefined` when there is none. A symbolic link (or anything but a regular file) at `path` is
 * refused with an {@link UnsafeDataDirError}.
 */
export async function readDataFileAndInode(path: string): Promise<{ text: string; ino: number } | undefined> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP" || code === "EMLINK") {
      throw new UnsafeDataDirError(
        `${path} is a symbolic link; remove it (the emulator writes this file itself)`,
      );
    }
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new UnsafeDataDirError(`${path} is not a regular file; remove it`);
    return { text: await handle.readFile("utf8"), ino: stats.ino };
  } finally {
    await handle.close();
  }
}

/** {@link readDataFileAndInode}'s text: a regular file read without following a link, or `undefined`. */
export async function readDataFile(path: string): Promise<string | undefined> {
  return (await readDataFileAndInode(path))?.text;
}
