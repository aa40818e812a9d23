#!/usr/bin/env node
/**
 * The `tenant-emulator` command: runs the emulator until SIGINT or SIGTERM. See {@link USAGE}.
 *
 * @packageDocumentation
 */
import { USAGE, UsageError, parseCliArgs } from "./cliOptions";
import { startEmulator } from "./emulator";

function fail(message: string, code: number): never {
  process.stderr.write(`tenant-emulator: ${message.replace(/\s+/g, " ")}\n`);
  process.exit(code);
}

async function main(args: readonly string[]): Promise<void> {
  let command;
  try {
    command = parseCliArgs(args);
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message} (see --help)`, 2);
    throw error;
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE);
    return;
  }
  const emulator = await startEmulator({
    ...command.options,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const { url, clientId, clientSecret, audience } = emulator;
  process.stdout.write(`${JSON.stringify({ url, clientId, clientSecret, audience })}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) fail(`${signal} received again, exiting without waiting`, 1);
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) =>
        fail(`failed to stop: ${error instanceof Error ? error.message : String(error)}`, 1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error), 1);
});
