/**
 * The data directory's lock, taken by separate processes at once: the race between a stale lock's check, its
 * removal and the new lock's creation is between processes, so each starter is a child process. The children
 * load the lock code first, then all start on one signal.
 */
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";

import { LOCK_FILE_NAME } from "../../../src/emulator";

const STORE_MODULE = resolve(__dirname, "../../../src/emulator/store.ts");
const STARTERS = 8;
const ROUNDS = 25;

/**
 * On each `go` line on stdin, takes the lock and prints the outcome (`won` or the error's name); on `release`,
 * gives a lock it holds back and prints `released`.
 */
const STARTER = `
const { lockDataDir } = require(${JSON.stringify(STORE_MODULE)});
const dir = process.argv[1];
let held;
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "go") {
    lockDataDir(dir).then(
      (lock) => { held = lock; process.stdout.write("won\\n"); },
      (error) => process.stdout.write(String(error && error.name) + "\\n"),
    );
  } else if (line === "release") {
    const lock = held;
    held = undefined;
    (lock ? lock.release() : Promise.resolve()).then(() => process.stdout.write("released\\n"));
  }
});
process.stdout.write("ready\\n");
`;

interface Starter {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: AsyncIterator<string>;
}

function startStarter(dataDir: string): Starter {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", STARTER, dataDir], {
    env,
    cwd: resolve(__dirname, "../../.."),
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return { child, lines };
}

async function nextLine(starter: Starter): Promise<string> {
  const next = await starter.lines.next();
  if (next.done === true) throw new Error("the starter exited without an answer");
  return next.value;
}

function deadPid(): number {
  const pid = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid;
  if (pid === undefined) throw new Error("no pid");
  return pid;
}

describe("the data directory's lock, taken by several processes at once", () => {
  let dataDir: string;
  let starters: Starter[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tenant-emulator-lock-"));
    starters = Array.from({ length: STARTERS }, () => startStarter(dataDir));
    for (const starter of starters) expect(await nextLine(starter)).toBe("ready");
  });
  afterAll(async () => {
    await Promise.all(
      starters.map(
        (starter) =>
          new Promise<void>((done) => {
            if (starter.child.exitCode !== null) done();
            else {
              starter.child.once("exit", () => done());
              starter.child.stdin.end();
            }
          }),
      ),
    );
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["a stale lock (its process was killed)", true],
    ["no lock", false],
  ])(
    `gives it to exactly one of ${STARTERS} starters, round after round, with %s`,
    async (_name, stale) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        if (stale) await writeFile(join(dataDir, LOCK_FILE_NAME), `${deadPid()}\n`, { mode: 0o600 });
        for (const starter of starters) starter.child.stdin.write("go\n");
        const outcomes = await Promise.all(starters.map(nextLine));

        expect({ round, winners: outcomes.filter((outcome) => outcome === "won").length }).toEqual({
          round,
          winners: 1,
        });
        expect(outcomes.filter((outcome) => outcome !== "won")).toEqual(
          Array<string>(STARTERS - 1).fill("DataDirInUseError"),
        );
        const winner = starters[outcomes.indexOf("won")];
        if (winner === undefined) throw new Error("no winner");
        expect((await readFile(join(dataDir, LOCK_FILE_NAME), "utf8")).trim()).toBe(String(winner.child.pid));

        for (const starter of starters) starter.child.stdin.write("release\n");
        for (const starter of starters) expect(await nextLine(starter)).toBe("released");
        // Nothing of the takeover is left behind, and the winner's release removed the lock.
        expect(await readdir(dataDir)).toEqual([]);
      }
    },
    60_000,
  );
});
