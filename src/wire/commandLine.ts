/**
 * What the package's two commands, `tenant-admin` and `tenant-emulator`, do alike with their command line: a
 * usage error exits with code 2 on one line that points to `--help`; `--help` prints the usage on stdout. Here
 * because `wire/` is the one folder both the CLI and the emulator may import.
 */

/** A command line the command cannot run with: the command prints the message with `(see --help)` and exits 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Writes `<command>: <message>` as one line on stderr and exits with `code`. */
export function fail(command: string, message: string, code: number): never {
  process.stderr.write(`${command}: ${message.replace(/\s+/g, " ").trim()}\n`);
  process.exit(code);
}

/**
 * What the command line asks `command` to do, from `parse`: a {@link UsageError} it throws ends the process with
 * code 2; a request for help prints `usage` and gives `undefined`.
 */
export async function commandLine<Command extends { readonly kind: string }>(
  command: string,
  usage: string,
  parse: () => Command | Promise<Command>,
): Promise<Exclude<Command, { readonly kind: "help" }> | undefined> {
  let parsed: Command;
  try {
    parsed = await parse();
  } catch (error) {
    if (error instanceof UsageError) fail(command, `${error.message} (see --help)`, 2);
    throw error;
  }
  if (parsed.kind === "help") {
    process.stdout.write(usage);
    return undefined;
  }
  return parsed as Exclude<Command, { readonly kind: "help" }>;
}
