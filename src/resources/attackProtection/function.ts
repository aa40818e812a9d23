import type * as pulumi from "@pulumi/pulumi";

import type { CamelCased } from "../../wire/casing";
import { TenantApiError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import type { FunctionOutputOptions } from "../../engine/functionDependencies";
import { readAsOutput } from "../../engine/functionDependencies";
import type { TenantSelector, ResolvedTenant } from "../../engine/tenantArgs";
import type { DocumentDescription } from "../../wire/document";
import type { Tolerant } from "../../wire/shape";
import type { BotDetection } from "../botDetection/api";
import { botDetectionDocument } from "../botDetection/api";
import type { BreachedPasswordDetection } from "../breachedPasswordDetection/api";
import { breachedPasswordDetectionDocument } from "../breachedPasswordDetection/api";
import type { BruteForceProtection } from "../bruteForceProtection/api";
import { bruteForceProtectionDocument } from "../bruteForceProtection/api";
import type { CaptchaResponse } from "../captchaConfig/api";
import { captchaDocument } from "../captchaConfig/api";
import type { SuspiciousIpThrottling } from "../suspiciousIpThrottling/api";
import { suspiciousIpThrottlingDocument } from "../suspiciousIpThrottling/api";
import { readDocument } from "../tenantObject/documentRead";
import { handledEarly } from "../../engine/handledOutputs";
import { readNamed } from "../tenantObject/program/programFunction";

/**
 * The five objects of the tenant's Attack Protection page, in the package's spelling (`botDetectionLevel`,
 * `maxAttempts`; stage names such as `pre-login` as the API spells them). `captcha` never holds a secret: the
 * API does not return them. `captcha` and `botDetection` are `undefined` when the tenant's plan lacks bot
 * detection (the platform refuses to read them).
 */
export interface AttackProtection {
  captcha: CamelCased<CaptchaResponse> | undefined;
  botDetection: CamelCased<Tolerant<BotDetection>> | undefined;
  bruteForceProtection: CamelCased<Tolerant<BruteForceProtection>>;
  breachedPasswordDetection: CamelCased<Tolerant<BreachedPasswordDetection>>;
  suspiciousIpThrottling: CamelCased<Tolerant<SuspiciousIpThrottling>>;
}

/** Arguments of {@link getAttackProtection}. */
export interface GetAttackProtectionArgs {
  /** The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables. */
  tenant?: ResolvedTenant;
}

/** The arguments {@link getAttackProtection} takes: any other is refused, naming it. */
const ARGUMENTS = ["tenant"] as const satisfies readonly (keyof GetAttackProtectionArgs)[];

/** {@link GetAttackProtectionArgs} whose values may be outputs of other resources. */
export interface GetAttackProtectionOutputArgs {
  /** The tenant: a name of `tenant-admin:tenants`, or its settings (which may be outputs), used alone. Default: stack config, then environment. */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The document, or `undefined` when the plan lacks its feature (the refusal its description records). */
async function readEntitled<Response extends object>(
  client: ManagementClient,
  document: DocumentDescription<object, Response>,
): Promise<CamelCased<Response> | undefined> {
  try {
    return await readDocument(client, document);
  } catch (error) {
    const refused = document.entitlement?.refusal.errorCode;
    if (error instanceof TenantApiError && refused !== undefined && error.errorCode === refused)
      return undefined;
    throw error;
  }
}

/**
 * Reads the tenant's five attack-protection objects (CAPTCHA, bot detection, brute-force protection, breached
 * password detection, suspicious IP throttling) in one round of parallel `GET`s. Runs at preview and update
 * alike, when the program calls it: before the resources of the same `pulumi up` are written
 * (`getAttackProtectionOutput` with `dependsOn` reads after them). Needs the scope `read:attack_protection`. An argument it does not take is refused, naming it.
 * Errors are the package's own classes (all `TenantAdminError`s); uncaught, Pulumi prints one line naming
 * the function and the tenant.
 *
 * @param _opts accepted for symmetry with Pulumi's invoke functions; it has no effect.
 */
export async function getAttackProtection(
  args: GetAttackProtectionArgs = {},
  _opts?: pulumi.InvokeOptions,
): Promise<AttackProtection> {
  return readNamed("getAttackProtection", args, ARGUMENTS, async (tenantClient) => {
    const client = await tenantClient();
    const [captcha, botDetection, bruteForceProtection, breachedPasswordDetection, suspiciousIpThrottling] =
      await Promise.all([
        readEntitled(client, captchaDocument),
        readEntitled(client, botDetectionDocument),
        readDocument(client, bruteForceProtectionDocument),
        readDocument(client, breachedPasswordDetectionDocument),
        readDocument(client, suspiciousIpThrottlingDocument),
      ]);
    return { captcha, botDetection, bruteForceProtection, breachedPasswordDetection, suspiciousIpThrottling };
  });
}

/**
 * {@link getAttackProtection} as an Output, for a `tenant` made of outputs. The result is not secret.
 *
 * The read runs as the program starts, beside the resources' writes: it shows the tenant as it was before
 * the same `pulumi up` unless `opts.dependsOn` names the resources to read after (then the next preview
 * shows no output change).
 */
export function getAttackProtectionOutput(
  args: GetAttackProtectionOutputArgs = {},
  opts?: FunctionOutputOptions,
): pulumi.Output<AttackProtection> {
  return handledEarly(readAsOutput(args, opts, (resolved) => getAttackProtection(resolved, opts)));
}
