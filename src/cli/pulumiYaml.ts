import { parse } from "yaml";

import { ExportRefusedError } from "./exportRefusedError";

/** Pulumi's rule for project names, as the messages state it. */
export const PROJECT_NAME_RULE =
  "a Pulumi project name is 1 to 100 characters, each a letter, a digit, a hyphen (-), an underscore (_) or a period (.)";

/** Whether `name` follows {@link PROJECT_NAME_RULE}. */
export function isProjectName(name: string): boolean {
  return /^[A-Za-z0-9_.-]{1,100}$/.test(name);
}

/** What an existing `Pulumi.yaml` says that the exported program depends on. */
interface ExistingProject {
  /** The project's `name`: the prefix of its stacks' config keys. */
  name: string;
}

/** The members of an existing `Pulumi.yaml` this command reads, parsed with the YAML library. */
function projectDocument(text: string, file: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    throw new ExportRefusedError(
      `${file} is not valid YAML (${reason}); fix or remove it, or choose another --out`,
    );
  }
  return typeof document === "object" && document !== null && !Array.isArray(document)
    ? (document as Record<string, unknown>)
    : {};
}

/** A member that YAML gives as a scalar, as text (`undefined` when absent). */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? String(value)
    : "";
}

/**
 * Reads the project an existing `Pulumi.yaml` (at `file`) declares, for `--force` to keep it: its `name`,
 * after checking that the exported program runs under it (`runtime` nodejs, no `main` pointing elsewhere).
 *
 * @throws ExportRefusedError naming the file and the rule when it has no valid name, another runtime, or a
 *   `main`.
 */
export function existingProject(source: string, file: string): ExistingProject {
  const project = projectDocument(source, file);
  const name = text(project["name"]);
  if (name === undefined || name === "") {
    throw new ExportRefusedError(
      `${file} has no top-level name; add the project's name, or remove the file, then run tenant-admin export --force again`,
    );
  }
  if (!isProjectName(name)) {
    throw new ExportRefusedError(`${file} names the project ${JSON.stringify(name)}: ${PROJECT_NAME_RULE}`);
  }
  // `runtime: nodejs`, or `runtime: {name: nodejs, options: …}`.
  const runtime =
    typeof project["runtime"] === "object" && project["runtime"] !== null
      ? text((project["runtime"] as Record<string, unknown>)["name"])
      : text(project["runtime"]);
  if (runtime !== "nodejs") {
    throw new ExportRefusedError(
      `${file} declares runtime ${JSON.stringify(runtime ?? "")}; the exported program needs runtime nodejs: choose another --out`,
    );
  }
  const main = text(project["main"]);
  if (main !== undefined && !["", ".", "./", "index.ts", "./index.ts"].includes(main)) {
    throw new ExportRefusedError(
      `${file} sets main ${JSON.stringify(main)}; the exported program is index.ts beside Pulumi.yaml: remove main, or choose another --out`,
    );
  }
  return { name };
}
