import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";

import type * as pulumi from "@pulumi/pulumi";

import type { TenantEmulator } from "../../../src/emulator";
import { ProviderContext } from "../../../src/engine/providerContext";
import { captchaDocument } from "../../../src/resources/captchaConfig/api";
import { documentProvider } from "../../../src/resources/tenantObject/provider/document";
import { DRY_RUN_KEY, NAME_KEY } from "../../../src/resources/tenantObject/inputs";
import type { PreviewLog } from "../../../src/resources/tenantObject/provider/templateChecks";

/** A provider context configured as a stack with a loopback tenant and client credentials. */
export function configuredContext(values: Record<string, string> = {}): ProviderContext {
  const context = new ProviderContext();
  const config: Record<string, string> = {
    "tenant-admin:domain": "http://127.0.0.1:1",
    "tenant-admin:clientId": "client-id",
    "tenant-admin:clientSecret": "client-secret-value",
    ...values,
  };
  context.configure({ get: (key: string) => config[key], require: (key: string) => config[key] ?? "" });
  return context;
}

/** A provider context whose stack addresses the emulator with its global client (`values` on top). */
export function emulatorContext(
  emulator: TenantEmulator,
  values: Record<string, string> = {},
): ProviderContext {
  return configuredContext({
    "tenant-admin:domain": emulator.domain,
    "tenant-admin:clientId": emulator.clientId,
    "tenant-admin:clientSecret": emulator.clientSecret,
    ...values,
  });
}

/**
 * The inputs as a resource named `name` sends them during `pulumi preview`: check then runs the write check
 * and, when it passes, shows the resource's preview lines (a template's SMS, its warnings), each naming the
 * resource.
 */
export function atPreview<T extends object>(news: T, name = "mfa"): T {
  return { ...news, [DRY_RUN_KEY]: true, [NAME_KEY]: name };
}

/**
 * The failures of a check as the engine prints their end: `property: reason` for a failure placed on a
 * property, the reason alone for one that names its property in the reason (`content.body.text: …`).
 */
export async function failuresOf(
  provider: Required<pulumi.dynamic.ResourceProvider>,
  news: Record<string, unknown>,
): Promise<string[]> {
  const result = await provider.check({}, news);
  return (result.failures ?? []).map((failure) =>
    failure.property === "" ? failure.reason : `${failure.property}: ${failure.reason}`,
  );
}

/** The engine's spelling of a value not known at preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A preview log that keeps the lines, so unit tests print nothing and can assert what check logged. */
export function recordingLog(): PreviewLog & { lines: string[] } {
  const lines: string[] = [];
  const log: PreviewLog = (message, severity) => {
    lines.push(`${severity === "warn" ? "warning" : "info"}: ${message}`);
  };
  return Object.assign(log, { lines });
}

/** The CAPTCHA configuration's provider, as the registry makes it: the document machinery over its description. */
export function createCaptchaConfigProvider(
  context: ProviderContext,
): Required<pulumi.dynamic.ResourceProvider> {
  return documentProvider(context, captchaDocument);
}

/**
 * Reads a failing Output of a program function as the engine reads a stack output: with an `apply`, once it
 * gets to it, after Node has looked for unhandled rejections. `call` makes the Output (an expression, run
 * from the repository's root), bound to `settings`; `exported` is what the program exports, derived from
 * `settings` at once (the whole Output, a field, an `apply`). It runs in a fresh Node process, because Jest
 * takes over the process's rejection events; like Pulumi's program runner, the script listens for
 * `unhandledRejection` (and not for `rejectionHandled`, so Node emits its warnings). `env` is the process's
 * environment (default: this one's).
 */
export async function readFailingOutputLate(
  call: string,
  exported: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{
  failure: string;
  reported: string[];
  warnings: string[];
}> {
  const script = `
    const pulumi = require("@pulumi/pulumi");
    const reported = [];
    const warnings = [];
    process.on("unhandledRejection", (reason) => reported.push(String(reason && reason.message)));
    process.on("warning", (warning) => warnings.push(warning.name));
    const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 20));
    (async () => {
      const settings = ${call};
      const exported = ${exported};
      await nextTurn();
      const read = exported.apply((value) => value);
      const failure = await pulumi.runtime.serializeProperty("settings", read).then(
        () => "none",
        (error) => error.message,
      );
      await nextTurn();
      console.log(JSON.stringify({ failure, reported, warnings }));
    })();
  `;
  const childEnv = { ...env };
  delete childEnv.NODE_OPTIONS;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["-r", require.resolve("ts-node/register/transpile-only"), "-e", script],
    { cwd: resolve(__dirname, "../../.."), env: childEnv, timeout: 30_000 },
  );
  return JSON.parse(stdout) as Awaited<ReturnType<typeof readFailingOutputLate>>;
}
