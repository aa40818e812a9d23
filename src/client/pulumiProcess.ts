import { readFileSync } from "node:fs";

/** The `pulumi` command a provider process runs under. */
export interface PulumiCommand {
  /** `<pid>:<start time>`: the command's identity while it runs (a pid alone is reused). */
  readonly run: string;
  /** Its arguments after `pulumi`, e.g. `["refresh", "--yes", "-s", "dev"]`. */
  readonly args: readonly string[];
}

let found: PulumiCommand | null | undefined;

/**
 * The `pulumi` command this process runs under (the provider's parent is a shell the CLI started, so it looks
 * a few levels up `/proc`), or `undefined` where `/proc` is not available.
 */
export function pulumiCommand(): PulumiCommand | undefined {
  if (found === undefined) found = findPulumiCommand() ?? null;
  return found ?? undefined;
}

function findPulumiCommand(): PulumiCommand | undefined {
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth += 1) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      return undefined;
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    // After "pid (comm)": state ppid … and the start time is the 20th field from there.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (comm === "pulumi") {
      let args: string[] = [];
      try {
        args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(1, -1);
      } catch {
        // The identity is enough for the read cache; the arguments only sharpen messages.
      }
      return { run: `${pid}:${fields[19] ?? ""}`, args };
    }
    pid = Number(fields[1]);
  }
  return undefined;
}
