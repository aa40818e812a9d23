import { parseArgs } from "node:util";

import { UsageError } from "../wire/commandLine";
import type { EmulatorOptions } from "./emulator";
import { RATE_LIMIT_PRESETS } from "./rateLimit";
import type { RateLimitPreset } from "./rateLimit";

/** The `tenant-emulator --help` text. */
export const USAGE = `Usage: tenant-emulator [options]

Runs a local emulator of the tenant management API. When ready, prints one JSON line on stdout:
{"url":...,"clientId":...,"clientSecret":...,"audience":...,"nonGlobalClientId":...,
"nonGlobalClientSecret":...} plus "caFile" with TLS and "clientAssertionKeyFile" when a private_key_jwt key
was generated in the data dir. Logs one line per
request on stderr. Stops cleanly on SIGINT or SIGTERM.

Options:
  --port <n>               TCP port (default 0: a free port)
  --host <address>         interface to listen on (default 127.0.0.1)
  --data-dir <dir>         keep the state in <dir>/tenant-emulator-state.json (default: memory only)
  --rate-limit <n|plan>    requests per second, bursts of 2n (default 100; 0 turns rate limiting off),
                           or a plan's documented limit: free (2/s, bursts of 10), enterprise (50, 1000/min)
  --latency <ms>           wait this long before handling each request (default 0)
  --latency-jitter <ms>    add up to this much at random to each request's latency (default 0)
  --no-bot-detection       the tenant's plan lacks bot detection (CAPTCHA and bot detection
                           endpoints answer 403)
  --client-id <id>         the global client's id (default: generated, or kept in the data dir)
  --client-secret <secret> the global client's secret (default: generated, or kept in the data dir)
  --scopes <list>          the scopes the clients are granted, comma- or space-separated (default: every
                           scope of the emulated endpoints); a token request for others is refused
  --tls                    serve https with a certificate generated at start (its PEM path is "caFile")
  --tls-cert <file>        serve https with this PEM certificate (with --tls-key)
  --tls-key <file>         the PEM private key of --tls-cert
  --tls-san <name>         an extra DNS name or IP for the generated certificate (repeatable)
  --settings <file>        a JSON file of tenant settings that a new tenant starts with
  --client-public-key <file>
                           the PEM public key of the global client's private_key_jwt credential
                           (default: a key pair generated and kept in the data dir)
  -h, --help               print this help
`;

/** Files the command line names, read by the CLI before it starts the emulator. */
export interface CliFiles {
  /** `--settings`: JSON tenant settings. */
  readonly settings?: string;
  /** `--client-public-key`: a PEM public key. */
  readonly clientPublicKey?: string;
}

/** What the command line asks for. */
type CliCommand =
  | { readonly kind: "help" }
  | { readonly kind: "run"; readonly options: EmulatorOptions; readonly files: CliFiles };

function parseNumber(
  name: string,
  text: string,
  check: (value: number) => boolean,
  expected: string,
): number {
  const value = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!check(value)) throw new UsageError(`--${name} must be ${expected}, got ${JSON.stringify(text)}`);
  return value;
}

function nonEmpty(name: string, text: string | undefined): string | undefined {
  if (text !== undefined && text.trim() === "") throw new UsageError(`--${name} must not be empty`);
  return text;
}

/** The options of `tenant-emulator`, as `node:util`'s `parseArgs` takes them. */
const CLI_OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  "data-dir": { type: "string" },
  "rate-limit": { type: "string" },
  latency: { type: "string" },
  "latency-jitter": { type: "string" },
  "no-bot-detection": { type: "boolean" },
  "client-id": { type: "string" },
  "client-secret": { type: "string" },
  scopes: { type: "string" },
  tls: { type: "boolean" },
  "tls-cert": { type: "string" },
  "tls-key": { type: "string" },
  "tls-san": { type: "string", multiple: true },
  settings: { type: "string" },
  "client-public-key": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** `--tls`, `--tls-cert` with `--tls-key`, or `--tls-san`: the TLS the emulator serves, or none. */
function tlsOption(values: {
  readonly tls?: boolean | undefined;
  readonly "tls-cert"?: string | undefined;
  readonly "tls-key"?: string | undefined;
  readonly "tls-san"?: string[] | undefined;
}): EmulatorOptions["tls"] | undefined {
  const certFile = nonEmpty("tls-cert", values["tls-cert"]);
  const keyFile = nonEmpty("tls-key", values["tls-key"]);
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new UsageError("--tls-cert and --tls-key must be given together");
  }
  const names = (values["tls-san"] ?? []).map((name) => nonEmpty("tls-san", name) ?? name);
  if (certFile !== undefined && names.length > 0) {
    throw new UsageError("--tls-san applies to the generated certificate, not to --tls-cert");
  }
  if (certFile !== undefined && keyFile !== undefined) return { certFile, keyFile };
  return values.tls === true || names.length > 0 ? { names } : undefined;
}

/** Parses the `tenant-emulator` arguments (without `node` and the script). Throws a {@link UsageError}. */
export function parseCliArgs(args: readonly string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: CLI_OPTIONS,
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.split("\n", 1)[0] ?? message);
  }
  if (values.help === true) return { kind: "help" };
  const port =
    values.port === undefined
      ? 0
      : parseNumber(
          "port",
          values.port,
          (n) => Number.isInteger(n) && n <= 65_535,
          "an integer from 0 to 65535",
        );
  const rateText = values["rate-limit"];
  const preset = rateText !== undefined && Object.hasOwn(RATE_LIMIT_PRESETS, rateText);
  const rate =
    rateText === undefined || preset
      ? undefined
      : parseNumber(
          "rate-limit",
          rateText,
          (n) => Number.isFinite(n) && n >= 0,
          `a number >= 0 or one of ${Object.keys(RATE_LIMIT_PRESETS).join(", ")}`,
        );
  const milliseconds = (name: "latency" | "latency-jitter"): number | undefined => {
    const text = values[name];
    return text === undefined
      ? undefined
      : parseNumber(name, text, (n) => Number.isFinite(n) && n >= 0, "a number of milliseconds >= 0");
  };
  const latencyMs = milliseconds("latency");
  const latencyJitterMs = milliseconds("latency-jitter");
  const host = nonEmpty("host", values.host);
  const dataDir = nonEmpty("data-dir", values["data-dir"]);
  const clientId = nonEmpty("client-id", values["client-id"]);
  const clientSecret = nonEmpty("client-secret", values["client-secret"]);
  const scopesText = nonEmpty("scopes", values.scopes);
  const grantedScopes = scopesText?.split(/[\s,]+/).filter((scope) => scope !== "");
  const tls = tlsOption(values);
  const settingsFile = nonEmpty("settings", values.settings);
  const publicKeyFile = nonEmpty("client-public-key", values["client-public-key"]);
  const files: CliFiles = {
    ...(settingsFile === undefined ? {} : { settings: settingsFile }),
    ...(publicKeyFile === undefined ? {} : { clientPublicKey: publicKeyFile }),
  };
  const options: EmulatorOptions = {
    port,
    ...(host === undefined ? {} : { host }),
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(preset ? { rateLimit: rateText as RateLimitPreset } : {}),
    ...(latencyMs === undefined ? {} : { latencyMs }),
    ...(latencyJitterMs === undefined ? {} : { latencyJitterMs }),
    ...(rate === undefined
      ? {}
      : { rateLimit: rate === 0 ? false : { requestsPerSecond: rate, burst: Math.max(1, 2 * rate) } }),
    botDetection: values["no-bot-detection"] !== true,
    ...(clientId === undefined ? {} : { clientId }),
    ...(clientSecret === undefined ? {} : { clientSecret }),
    ...(grantedScopes === undefined ? {} : { grantedScopes }),
    ...(tls === undefined ? {} : { tls }),
  };
  return { kind: "run", options, files };
}

/**
 * Refuses `--scopes` that name a scope no emulated endpoint needs (`emulated`), naming the option, the unknown
 * scopes and the emulated ones. Throws a {@link UsageError}.
 */
export function checkScopes(granted: readonly string[], emulated: readonly string[]): void {
  const unknown = granted.filter((scope) => !emulated.includes(scope));
  if (unknown.length > 0) {
    throw new UsageError(
      `--scopes: ${unknown.join(", ")} not emulated; emulated scopes: ${emulated.join(", ")}`,
    );
  }
}
