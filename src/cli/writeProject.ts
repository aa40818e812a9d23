import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import type { Stats } from "node:fs";
import { join } from "node:path";

import { ExportRefusedError } from "./exportRefusedError";
import { PROJECT_NAME_RULE, existingProject, isProjectName } from "./pulumiYaml";

export { ExportRefusedError } from "./exportRefusedError";
export { PROJECT_NAME_RULE } from "./pulumiYaml";

/** Refuses a `--project` that is not a Pulumi project name, naming the rule. */
export function checkProjectName(name: string): void {
  if (!isProjectName(name)) {
    throw new ExportRefusedError(
      `--project ${JSON.stringify(name)} is not a valid project name: ${PROJECT_NAME_RULE}`,
    );
  }
}

/**
 * The project name as a YAML value: plain when YAML reads it back as that string, else double-quoted (a name
 * such as `true`, `null`, `1.0` or `-x` would otherwise be read as another type, or as YAML syntax).
 */
export function yamlProjectName(name: string): string {
  checkProjectName(name);
  const plain =
    /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) && !/^(?:true|false|yes|no|on|off|y|n|null)$/i.test(name);
  return plain ? name : JSON.stringify(name);
}

/** Names npm refuses as package names. */
const NPM_RESERVED = new Set(["node_modules", "favicon.ico"]);

/**
 * A valid npm package name for the project: lower case, URL-safe characters only (`-`, `.`, `_`, `~`), not
 * starting with `.` or `_`; `tenant-project` when nothing is left.
 */
export function npmPackageName(projectName: string): string {
  const name = projectName
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._]+/, "")
    .slice(0, 214);
  if (name === "") return "tenant-project";
  return NPM_RESERVED.has(name) ? `pulumi-${name}` : name;
}

/** The dependencies a generated `package.json` declares, by section. */
const DEPENDENCY_SECTIONS = ["dependencies", "devDependencies"] as const;

/** The dependency the generated program is written for: its range is always the generated one. */
const PROGRAM_PACKAGE = "pulumi-tenant-admin";

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The indentation of a JSON text (its first indented line), to write it back the same way. */
function indentationOf(text: string): string | number {
  return /^([ \t]+)"/m.exec(text)?.[1] ?? 4;
}

/**
 * Merges the generated `package.json` into the user's: every field of theirs is kept; a field the program needs
 * and theirs lacks (`name`, `main`) is added; in `dependencies` and `devDependencies`, each package the program
 * needs is added when missing, `pulumi-tenant-admin` is set to the generated range (the program is written for
 * it), and the user's other ranges are kept.
 */
export function mergePackageJson(existing: string, generated: string, file: string): string {
  let theirs: unknown;
  try {
    theirs = JSON.parse(existing);
  } catch {
    throw new ExportRefusedError(
      `${file} is not valid JSON; fix it or remove it, then run tenant-admin export --force again`,
    );
  }
  if (!isObject(theirs)) {
    throw new ExportRefusedError(
      `${file} is not a JSON object; fix it or remove it, then run tenant-admin export --force again`,
    );
  }
  const ours = JSON.parse(generated) as JsonObject;
  const merged: JsonObject = { ...theirs };
  for (const field of ["name", "main"]) if (!(field in merged) && field in ours) merged[field] = ours[field];
  for (const section of DEPENDENCY_SECTIONS) {
    const needed = ours[section];
    if (!isObject(needed)) continue;
    const current = merged[section] ?? {};
    if (!isObject(current)) {
      throw new ExportRefusedError(
        `${file}: "${section}" is not an object; fix it, then run tenant-admin export --force again`,
      );
    }
    const updated: JsonObject = { ...current };
    for (const [name, range] of Object.entries(needed)) {
      const elsewhere = DEPENDENCY_SECTIONS.find((other) => {
        const declared = merged[other];
        return other !== section && isObject(declared) && name in declared;
      });
      if (name === PROGRAM_PACKAGE && elsewhere !== undefined) {
        merged[elsewhere] = { ...(merged[elsewhere] as JsonObject), [name]: range };
      } else if (name === PROGRAM_PACKAGE || (!(name in updated) && elsewhere === undefined)) {
        updated[name] = range;
      }
    }
    merged[section] = updated;
  }
  return `${JSON.stringify(merged, null, indentationOf(existing))}\n`;
}

/** The user's `.gitignore` with each line of the generated one it lacks appended. */
export function mergeGitignore(existing: string, generated: string): string {
  const present = new Set(existing.split(/\r?\n/).map((line) => line.trim()));
  const missing = generated.split("\n").filter((line) => line.trim() !== "" && !present.has(line.trim()));
  if (missing.length === 0) return existing;
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  return `${existing}${separator}${missing.join("\n")}\n`;
}

/**
 * The user's `Pulumi.yaml`, as it is: its name is the prefix of the stacks' config keys, and the rest is theirs.
 * Refused when the program would not run under it (see {@link existingProject}).
 */
function keepPulumiYaml(existing: string, _generated: string, file: string): string {
  existingProject(existing, file);
  return existing;
}

/** Files merged into the user's own when they exist, instead of replaced. */
const MERGERS: Readonly<Record<string, (existing: string, generated: string, file: string) => string>> = {
  "Pulumi.yaml": keepPulumiYaml,
  "package.json": mergePackageJson,
  ".gitignore": mergeGitignore,
};

/** What {@link writeProject} did with one file. */
export interface WrittenFile {
  name: string;
  /** `wrote` a new file, `replaced` the user's, `merged` into it, or `kept` it as it was. */
  action: "wrote" | "replaced" | "merged" | "kept";
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Writes `content` to `path` without following a link: into a temporary file created exclusively (`wx`) in the
 * same directory, fsynced, then renamed over `path`. A rename replaces a link at `path` itself, never its
 * target. The file keeps the mode of the one it replaces.
 */
function replaceFile(directory: string, name: string, content: string, mode: number | undefined): void {
  const path = join(directory, name);
  const temporary = join(directory, `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const fd = openSync(temporary, "wx", mode ?? 0o666);
  try {
    if (mode !== undefined) fchmodSync(fd, mode);
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, path);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
}

/** Reads a regular file without following a link (`O_NOFOLLOW` where the platform has it). */
function readWithoutFollowing(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the generated project's files into `directory` (created when missing). Refuses, before writing anything,
 * when one of the files' names is a symbolic link (or anything but a regular file): nothing is ever written
 * through a link. An existing `Pulumi.yaml` is kept ({@link keepPulumiYaml}), an existing `package.json` or
 * `.gitignore` is merged ({@link mergePackageJson}, {@link mergeGitignore}), each refused if it cannot be read
 * as one; every other file is replaced. Returns what it did with each file, in the order given; a file whose
 * content would not change is not written.
 */
export function writeProject(directory: string, files: Readonly<Record<string, string>>): WrittenFile[] {
  mkdirSync(directory, { recursive: true });
  const planned: {
    name: string;
    content: string;
    mode: number | undefined;
    action: WrittenFile["action"];
  }[] = [];
  for (const [name, generated] of Object.entries(files)) {
    const path = join(directory, name);
    const existing = lstatOrUndefined(path);
    if (existing?.isSymbolicLink() === true) {
      throw new ExportRefusedError(
        `${path} is a symbolic link; tenant-admin export does not write through links: remove it, or choose another --out`,
      );
    }
    if (existing !== undefined && !existing.isFile()) {
      throw new ExportRefusedError(`${path} exists and is not a file; remove it, or choose another --out`);
    }
    const merge = MERGERS[name];
    if (existing === undefined) {
      planned.push({ name, content: generated, mode: undefined, action: "wrote" });
      continue;
    }
    const mode = existing.mode & 0o777;
    if (merge === undefined) {
      planned.push({ name, content: generated, mode, action: "replaced" });
      continue;
    }
    const theirs = readWithoutFollowing(path);
    const content = merge(theirs, generated, path);
    planned.push({ name, content, mode, action: content === theirs ? "kept" : "merged" });
  }
  for (const { name, content, mode, action } of planned) {
    if (action !== "kept") replaceFile(directory, name, content, mode);
  }
  return planned.map(({ name, action }) => ({ name, action }));
}
