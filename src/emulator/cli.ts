#!/usr/bin/env node
/**
 * The `tenant-emulator` command: runs the emulator until SIGINT, SIGTERM or SIGHUP, or until the process that
 * started it ends. See {@link USAGE}.
 *
 * @packageDocumentation
 */
import { starterChain, watchParent } from "./parentWatch";

// First, before the other modules load: the process that started this one may not wait for the emulator.
const starter = starterChain();

import { readFile } from "node:fs/promises";

import { UsageError, commandLine, fail } from "../wire/commandLine";
import { USAGE, checkScopes, parseCliArgs } from "./cliOptions";
import type { CliFiles } from "./cliOptions";
import { emulatedScopes, startEmulator } from "./emulator";
import type { EmulatorOptions } from "./emulator";

async function readFileOption(option: string, file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw new UsageError(
      `--${option} ${file}: cannot read the file (${typeof code === "string" ? code : "unreadable"})`,
    );
  }
}

/** The options that come from files named on the command line. */
async function fileOptions(files: CliFiles): Promise<Partial<EmulatorOptions>> {
  const options: { settings?: Readonly<Record<string, unknown>>; clientPublicKey?: string } = {};
  if (files.settings !== undefined) {
    const text = await readFileOption("settings", files.settings);
    try {
      options.settings = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new UsageError(`--settings ${files.settings}: not valid JSON`);
    }
  }
  if (files.clientPublicKey !== undefined) {
    options.clientPublicKey = await readFileOption("client-public-key", files.clientPublicKey);
  }
  return options;
}

const COMMAND = "tenant-emulator";

async function main(args: readonly string[]): Promise<void> {
  const command = await commandLine(COMMAND, USAGE, async () => {
    const parsed = parseCliArgs(args);
    if (parsed.kind === "help") return parsed;
    // Before anything is started: an unknown scope is a usage error, not a half-started emulator.
    const granted = parsed.options.grantedScopes;
    if (granted !== undefined) checkScopes(granted, await emulatedScopes());
    return { ...parsed, fromFiles: await fileOptions(parsed.files) };
  });
  if (command === undefined) return;
  const emulator = await startEmulator({
    ...command.options,
    ...command.fromFiles,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals | "parent"): void => {
    if (stopping) {
      if (signal === "parent") return;
      fail(COMMAND, `${signal} received again, exiting without waiting`, 1);
    }
    if (signal === "parent")
      process.stderr.write("tenant-emulator: the process that started it ended; stopping\n");
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) =>
        fail(COMMAND, `failed to stop: ${error instanceof Error ? error.message : String(error)}`, 1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("SIGHUP", stop);
  watchParent(() => stop("parent"), starter);

  // Ready only once a signal would stop it cleanly: whoever reads the line may signal at once.
  const { url, clientId, clientSecret, audience, caFile, nonGlobalClient } = emulator;
  const clientAssertionKeyFile = emulator.clientAssertionKey?.file;
  const ready = {
    url,
    clientId,
    clientSecret,
    audience,
    nonGlobalClientId: nonGlobalClient.clientId,
    nonGlobalClientSecret: nonGlobalClient.clientSecret,
    caFile,
    clientAssertionKeyFile,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  fail(COMMAND, error instanceof Error ? error.message : String(error), 1);
});
