import * as pulumi from "@pulumi/pulumi";

/**
 * Shows one line of the client's (a rate-limit wait, a retry) in the engine output, as an info
 * diagnostic: `pulumi up` prints it whether it runs in the program or in the provider process. The
 * client never gives it a credential.
 */
export function engineLog(message: string): void {
  void pulumi.log.info(`tenant-admin: ${message}`);
}
