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
  // The environment variable is the flag's default, as the CLI reads it: "1" or "true" in any case.
  const runProgram = flagValue(args, "run-program") ?? /^(1|true)$/i.test(env["PULUMI_RUN_PROGRAM"] ?? "");
  if (runProgram) return false;
  const name = subcommand(args);
  if (name === "refresh" || name === "destroy" || name === "down") return true;
  return flagValue(args, "refresh", "r") === true;
}

/** Pulumi's boolean shorthands (`-d` debug, `-f` skip-preview, `-j` json, `-r` refresh, `-y` yes). */
const BOOLEAN_SHORTHANDS = "dfjry";

/** A flag's value as Go's `strconv.ParseBool` reads it; `undefined` for what it refuses. */
function parseBool(text: string): boolean | undefined {
  if (["1", "t", "T", "TRUE", "true", "True"].includes(text)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(text)) return false;
  return undefined;
}

/**
 * The value the arguments give a boolean flag, as the CLI's flag parser reads them: `--name`,
 * `--name=<bool>`, `-x`, `-x=<bool>`, or `x` in a run of boolean shorthands (`-yr`); the last one wins, and
 * nothing after `--` counts. `undefined` when the flag is not given.
 */
function flagValue(args: readonly string[], long: string, short?: string): boolean | undefined {
  let value: boolean | undefined;
  for (const arg of args) {
    if (arg === "--") break;
    if (arg === `--${long}`) value = true;
    else if (arg.startsWith(`--${long}=`)) value = parseBool(arg.slice(long.length + 3)) ?? value;
    else if (short !== undefined && /^-[^-]/.test(arg)) {
      for (let at = 1; at < arg.length; at += 1) {
        const letter = arg.charAt(at);
        if (letter === short) {
          value = arg.charAt(at + 1) === "=" ? (parseBool(arg.slice(at + 2)) ?? value) : true;
          break;
        }
        // A shorthand that takes a value takes the rest of the run (`-sr` is the stack "r").
        if (!BOOLEAN_SHORTHANDS.includes(letter)) break;
      }
    }
  }
  return value;
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
  return `pulumi ${shown.map(shellWord).join(" ")}`;
}

/** An argument as a POSIX shell reads it back: as is when safe, else in single quotes (no `$` expansion). */
function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`;
}
