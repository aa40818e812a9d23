/**
 * Measures the emulator's throughput over loopback.
 *
 * Starts `tenant-emulator --rate-limit 0` in a child process (so client and server do not share an event
 * loop), then runs each scenario with keep-alive connections and a bounded number of requests in flight,
 * until a request count or a time limit is reached, and prints requests, seconds, req/s and p50/p99 latency.
 *
 * Usage: node -r ts-node/register scripts/bench-emulator.ts [--concurrency 32] [--requests 20000] [--seconds 10]
 * Runs the built CLI (dist/emulator/cli.js) when it exists, else the TypeScript source through ts-node.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

interface Ready {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly audience: string;
}

interface Call {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

interface Result {
  readonly name: string;
  readonly requests: number;
  readonly failures: number;
  readonly seconds: number;
  readonly latenciesMs: number[];
}

const { values } = parseArgs({
  options: {
    concurrency: { type: "string", default: "32" },
    requests: { type: "string", default: "20000" },
    seconds: { type: "string", default: "10" },
  },
});
const CONCURRENCY = Number(values.concurrency);
const MAX_REQUESTS = Number(values.requests);
const MAX_SECONDS = Number(values.seconds);

function startChild(): Promise<{ ready: Ready; stop: () => Promise<number | null> }> {
  const root = resolve(__dirname, "..");
  const built = resolve(root, "dist/emulator/cli.js");
  const args = existsSync(built)
    ? [built]
    : ["-r", "ts-node/register/transpile-only", resolve(root, "src/emulator/cli.ts")];
  const child = spawn(process.execPath, [...args, "--rate-limit", "0"], {
    cwd: root,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout }).once("line", (line) => {
      done({
        ready: JSON.parse(line) as Ready,
        stop: () => {
          child.kill("SIGTERM");
          return exited;
        },
      });
    });
    void exited.then((code) => fail(new Error(`the emulator exited with ${code} before it was ready`)));
  });
}

function send(agent: Agent, base: URL, call: Call): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const outgoing = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: call.path,
        headers:
          call.body === undefined
            ? call.headers
            : { ...call.headers, "content-length": Buffer.byteLength(call.body) },
      },
      (incoming) => {
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (body += chunk));
        incoming.on("end", () => done({ status: incoming.statusCode ?? 0, body }));
        incoming.on("error", fail);
      },
    );
    outgoing.on("error", fail);
    outgoing.end(call.body);
  });
}

async function run(name: string, agent: Agent, base: URL, next: (index: number) => Call): Promise<Result> {
  const latenciesMs: number[] = [];
  let issued = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + MAX_SECONDS * 1000;
  const worker = async (): Promise<void> => {
    while (issued < MAX_REQUESTS && performance.now() < deadline) {
      const index = issued;
      issued += 1;
      const sent = performance.now();
      const { status } = await send(agent, base, next(index));
      latenciesMs.push(performance.now() - sent);
      if (status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    name,
    requests: latenciesMs.length,
    failures,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function printTable(results: readonly Result[]): void {
  const rows = results.map((result) => {
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    return [
      result.name,
      String(result.requests),
      String(result.failures),
      result.seconds.toFixed(2),
      (result.requests / result.seconds).toFixed(0),
      percentile(sorted, 0.5).toFixed(2),
      percentile(sorted, 0.99).toFixed(2),
    ];
  });
  const header = ["scenario", "requests", "non-200", "seconds", "req/s", "p50 ms", "p99 ms"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const { ready, stop } = await startChild();
  const base = new URL(ready.url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const tokenCall: Call = {
      method: "POST",
      path: "/oauth/token",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: ready.clientId,
        client_secret: ready.clientSecret,
        audience: ready.audience,
      }),
    };
    const tokenResponse = await send(agent, base, tokenCall);
    const token = (JSON.parse(tokenResponse.body) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const providers = ["hcaptcha", "recaptcha_v2", "friendly_captcha"] as const;
    const patchCall = (index: number): Call => {
      const provider = providers[index % providers.length] ?? "hcaptcha";
      return {
        method: "PATCH",
        path: "/api/v2/attack-protection/captcha",
        headers: auth,
        body: JSON.stringify({
          active_provider_id: provider,
          [provider]: { site_key: `site-${index}`, secret: `secret-${index}` },
        }),
      };
    };
    const settingsCall: Call = { method: "GET", path: "/api/v2/tenants/settings", headers: auth };

    // Warm up the server (JIT, connections) before measuring.
    await Promise.all(Array.from({ length: 500 }, (_, index) => send(agent, base, patchCall(index))));
    await Promise.all(Array.from({ length: 50 }, () => send(agent, base, tokenCall)));

    const results = [
      await run("POST /oauth/token", agent, base, () => tokenCall),
      await run("PATCH /api/v2/attack-protection/captcha", agent, base, patchCall),
      await run("GET /api/v2/tenants/settings", agent, base, () => settingsCall),
    ];
    console.log(
      `node ${process.version}, concurrency ${CONCURRENCY}, at most ${MAX_REQUESTS} requests or ${MAX_SECONDS} s per scenario`,
    );
    printTable(results);
  } finally {
    agent.destroy();
    const code = await stop();
    if (code !== 0) console.error(`the emulator exited with ${code}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
