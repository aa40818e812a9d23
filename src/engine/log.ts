import * as pulumi from "@pulumi/pulumi";

/** How a line shows in the engine output: `info:` or `warning:`. */
export type EngineLogSeverity = "info" | "warn";

/**
 * Shows one line of the package's (a rate-limit wait, a retry, a phone template's SMS preview) in the
 * engine output, as a diagnostic: `pulumi preview` and `pulumi up` print it whether it runs in the program
 * or in the provider process: the client's lines (a wait, a retry) as info, the provider's (a tenant left
 * as it was, a block the tenant keeps) as warnings. Callers never give it a credential.
 *
 * In the dynamic-provider process `pulumi.log` has no engine connection: it prints `info: [runtime] …`
 * (stdout) or `warning: [runtime] …` (stderr), and the engine relays each line of the plugin's output as a
 * diagnostic. The CLI prints diagnostics on stdout, except with `--diff`, where they go to stderr.
 */
export function engineLog(message: string, severity: EngineLogSeverity = "info"): void {
  const line = `tenant-admin: ${message}`;
  void (severity === "warn" ? pulumi.log.warn(line) : pulumi.log.info(line));
}
