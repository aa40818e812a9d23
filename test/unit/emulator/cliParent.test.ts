import { spawn } from "node:child_process";
import { connect } from "node:net";
import { createInterface } from "node:readline";

import { CLI_PATH, spawnCli } from "./cliProcess";
import type { ReadyLine } from "./cliProcess";

/** Whether something accepts connections on the URL's port. */
function accepts(url: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

describe("tenant-emulator started by another process", () => {
  it.each(["SIGKILL", "SIGTERM"] as const)(
    "ends when the process that started it through a shell (as npm does) gets %s",
    async (signal) => {
      // The starter runs the emulator through `sh -c`, as npx and npm run do; `; true` keeps the shell waiting.
      const command = `"${process.execPath}" "${CLI_PATH}" --port 0; true`;
      const env = { ...process.env };
      delete env.NODE_OPTIONS;
      const starter = spawn(
        process.execPath,
        [
          "-e",
          `require("node:child_process").spawn("sh", ["-c", ${JSON.stringify(command)}], { stdio: "inherit" });
           setInterval(() => {}, 60000);`,
        ],
        { env, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stderr = "";
      starter.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      // Every process holding the pipes (the starter, the shell, the emulator) has ended when they close.
      const closed = new Promise<void>((done) => starter.stderr.once("close", done));
      const ready = await new Promise<ReadyLine>((done) =>
        createInterface({ input: starter.stdout }).once("line", (line) =>
          done(JSON.parse(line) as ReadyLine),
        ),
      );
      expect(await accepts(ready.url)).toBe(true);

      starter.kill(signal);
      await closed;

      expect(await accepts(ready.url)).toBe(false);
      expect(stderr).toContain("tenant-emulator: the process that started it ended; stopping");
    },
  );
});

describe("tenant-emulator when its terminal closes", () => {
  it("stops and exits 0 on SIGHUP", async () => {
    const running = await spawnCli([]);
    running.child.kill("SIGHUP");
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(await accepts(running.ready.url)).toBe(false);
  });
});
