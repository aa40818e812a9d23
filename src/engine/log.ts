import * as pulumi from "@pulumi/pulumi";

/**
 * Shows one line of the package's in the engine output: the client's (a rate-limit wait, a retry) as an
 * info diagnostic, the provider's (a tenant left as it was, a block the tenant keeps) as a warning.
 * `pulumi up` prints it whether it runs in the program or in the provider process. Never give it a
 * credential.
 */
export function engineLog(message: string, severity: "info" | "warn" = "info"): void {
  const line = `tenant-admin: ${message}`;
  void (severity === "warn" ? pulumi.log.warn(line) : pulumi.log.info(line));
}
