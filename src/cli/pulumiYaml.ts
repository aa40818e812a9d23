import { ExportRefusedError } from "./exportRefusedError";

/** Pulumi's rule for project names, as the messages state it. */
export const PROJECT_NAME_RULE =
  "a Pulumi project name is 1 to 100 characters, each a letter, a digit, a hyphen (-), an underscore (_) or a period (.)";

/** Whether `name` follows {@link PROJECT_NAME_RULE}. */
export function isProjectName(name: string): boolean {
  return /^[A-Za-z0-9_.-]{1,100}$/.test(name);
}

/** What an existing `Pulumi.yaml` says that the exported program depends on. */
export interface ExistingProject {
  /** The project's `name`: the prefix of its stacks' config keys. */
  name: string;
}

/** A YAML scalar as written after `key:` on one line: unquoted, quoted, or with a trailing comment. */
function scalar(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('"')) {
    const end = /^"(?:[^"\\]|\\.)*"/.exec(value)?.[0];
    if (end !== undefined) return JSON.parse(end) as string;
  }
  if (value.startsWith("'")) {
    const end = /^'(?:[^']|'')*'/.exec(value)?.[0];
    if (end !== undefined) return end.slice(1, -1).replace(/''/g, "'");
  }
  return value.replace(/\s+#.*$/, "");
}

/** The value of a top-level `key: value` line, or of `name:` in the `key:` block below it. */
function topLevel(text: string, key: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  if (index === -1) return undefined;
  const inline = scalar((lines[index] ?? "").slice(key.length + 1));
  if (inline !== "") return inline;
  for (const line of lines.slice(index + 1)) {
    if (!/^\s/.test(line) && line.trim() !== "") break;
    const nested = /^\s+name:(.*)$/.exec(line);
    if (nested !== undefined && nested !== null) return scalar(nested[1] ?? "");
  }
  return "";
}

/**
 * Reads the project an existing `Pulumi.yaml` (at `file`) declares, for `--force` to keep it: its `name`,
 * after checking that the exported program runs under it (`runtime` nodejs, no `main` pointing elsewhere).
 *
 * @throws ExportRefusedError naming the file and the rule when it has no valid name, another runtime, or a
 *   `main`.
 */
export function existingProject(text: string, file: string): ExistingProject {
  const name = topLevel(text, "name");
  if (name === undefined || name === "") {
    throw new ExportRefusedError(
      `${file} has no top-level name; add the project's name, or remove the file, then run tenant-admin export --force again`,
    );
  }
  if (!isProjectName(name)) {
    throw new ExportRefusedError(`${file} names the project ${JSON.stringify(name)}: ${PROJECT_NAME_RULE}`);
  }
  const runtime = topLevel(text, "runtime");
  if (runtime !== "nodejs") {
    throw new ExportRefusedError(
      `${file} declares runtime ${JSON.stringify(runtime ?? "")}; the exported program needs runtime nodejs: choose another --out`,
    );
  }
  const main = topLevel(text, "main");
  if (main !== undefined && !["", ".", "./", "index.ts", "./index.ts"].includes(main)) {
    throw new ExportRefusedError(
      `${file} sets main ${JSON.stringify(main)}; the exported program is index.ts beside Pulumi.yaml: remove main, or choose another --out`,
    );
  }
  return { name };
}
