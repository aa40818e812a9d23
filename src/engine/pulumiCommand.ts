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

/** The commands that run providers. */
const SUBCOMMANDS = ["up", "update", "preview", "pre", "refresh", "destroy", "down", "import"];

/** The command's subcommand (`refresh`, `up`, …). */
function subcommand(args: readonly string[]): string | undefined {
  return args.find((arg) => SUBCOMMANDS.includes(arg));
}

/**
 * Whether this provider process may hold the stack config saved at the last `pulumi up` rather than the
 * current one: Pulumi runs `refresh` and `destroy`, and the refresh pass of `--refresh`, without the program,
 * and then configures providers from state, unless given `--run-program` (or `PULUMI_RUN_PROGRAM=true` in
 * `env`). `undefined` when the command cannot be told.
 */
export function usesSavedConfig(
  command: PulumiCommand | undefined = pulumiCommand(),
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean | undefined {
  if (command === undefined) return undefined;
  const { args } = command;
  if (args.includes("--run-program") || /^(1|true)$/i.test(env["PULUMI_RUN_PROGRAM"] ?? "")) return false;
  const name = subcommand(args);
  if (name === "refresh" || name === "destroy" || name === "down") return true;
  return args.includes("--refresh") || args.includes("-r");
}

/** The same command with `--run-program`, so the program runs and providers get the current config. */
export function withRunProgram(command: PulumiCommand | undefined = pulumiCommand()): string {
  const args = command?.args ?? [];
  const name = subcommand(args);
  if (name === undefined) return "pulumi refresh --run-program (or pulumi destroy --run-program)";
  const at = args.indexOf(name) + 1;
  const shown = [...args.slice(0, at), "--run-program", ...args.slice(at)].filter(
    (arg) => !/^--?(logtostderr|v=)/.test(arg),
  );
  return `pulumi ${shown.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(" ")}`;
}
