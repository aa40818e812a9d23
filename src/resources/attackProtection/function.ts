import * as pulumi from "@pulumi/pulumi";

import type { CamelCased } from "../../client/casing";
import { toCamelDeep } from "../../client/casing";
import { TenantAdminError, TenantApiError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import { bindProgramTenant } from "../../engine/providerContext";
import type { TenantArgs, TenantInputs } from "../../engine/tenantArgs";
import type { Endpoint } from "../../wire/endpoint";
import type { BotDetectionResponse } from "../botDetection/api";
import { getBotDetection } from "../botDetection/api";
import type { BreachedPasswordDetectionResponse } from "../breachedPasswordDetection/api";
import { getBreachedPasswordDetection } from "../breachedPasswordDetection/api";
import type { BruteForceProtectionResponse } from "../bruteForceProtection/api";
import { getBruteForceProtection } from "../bruteForceProtection/api";
import type { CaptchaResponse } from "../captchaConfig/api";
import { getCaptcha } from "../captchaConfig/api";
import type { SuspiciousIpThrottlingResponse } from "../suspiciousIpThrottling/api";
import { getSuspiciousIpThrottling } from "../suspiciousIpThrottling/api";
import { onTenantMessage } from "../tenantObject/providerFailure";

/**
 * The five objects of the tenant's Attack Protection page, in the package's spelling (`botDetectionLevel`,
 * `maxAttempts`; stage names such as `pre-login` as the API spells them). `captcha` never holds a secret: the
 * API does not return them. `captcha` and `botDetection` are `undefined` when the tenant's plan lacks bot
 * detection (the platform refuses to read them).
 */
export interface AttackProtection {
  captcha: CamelCased<CaptchaResponse> | undefined;
  botDetection: CamelCased<BotDetectionResponse> | undefined;
  bruteForceProtection: CamelCased<BruteForceProtectionResponse>;
  breachedPasswordDetection: CamelCased<BreachedPasswordDetectionResponse>;
  suspiciousIpThrottling: CamelCased<SuspiciousIpThrottlingResponse>;
}

/** Arguments of {@link getAttackProtection}. */
export interface GetAttackProtectionArgs {
  /** An explicit tenant, used alone. Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables. */
  tenant?: TenantInputs;
}

/** {@link GetAttackProtectionArgs} whose values may be outputs of other resources. */
export interface GetAttackProtectionOutputArgs {
  /** An explicit tenant (its values may be outputs), used alone. Default: stack config, then environment. */
  tenant?: pulumi.Input<TenantArgs>;
}

/** The answer, or `undefined` when the plan lacks the object's feature (403 `insufficient_entitlement`). */
async function readEntitled<Response>(
  client: ManagementClient,
  endpoint: Endpoint<undefined, Response>,
): Promise<Response | undefined> {
  try {
    return await client.send(endpoint, {});
  } catch (error) {
    if (error instanceof TenantApiError && error.errorCode === "insufficient_entitlement") return undefined;
    throw error;
  }
}

/**
 * Reads the tenant's five attack-protection objects (CAPTCHA, bot detection, brute-force protection, breached
 * password detection, suspicious IP throttling) in one round of parallel `GET`s. Runs at preview and update
 * alike. Needs the scope `read:attack_protection`. Errors are the package's own classes (all
 * `TenantAdminError`s); uncaught, Pulumi prints one line naming the tenant.
 *
 * @param _opts accepted for symmetry with Pulumi's invoke functions; it has no effect.
 */
export async function getAttackProtection(
  args: GetAttackProtectionArgs = {},
  _opts?: pulumi.InvokeOptions,
): Promise<AttackProtection> {
  const binding = bindProgramTenant(args.tenant);
  try {
    // The HTTP client is loaded at the first call: a program that reads nothing does not load it.
    const client = await binding.client();
    const [captcha, botDetection, bruteForce, breachedPassword, suspiciousIp] = await Promise.all([
      readEntitled(client, getCaptcha),
      readEntitled(client, getBotDetection),
      client.send(getBruteForceProtection, {}),
      client.send(getBreachedPasswordDetection, {}),
      client.send(getSuspiciousIpThrottling, {}),
    ]);
    return {
      captcha: captcha === undefined ? undefined : toCamelDeep(captcha, ["simple_captcha"]),
      botDetection: botDetection === undefined ? undefined : toCamelDeep(botDetection),
      bruteForceProtection: toCamelDeep(bruteForce),
      breachedPasswordDetection: toCamelDeep(breachedPassword),
      suspiciousIpThrottling: toCamelDeep(suspiciousIp),
    };
  } catch (error) {
    if (error instanceof TenantAdminError) {
      Object.defineProperty(error, "message", {
        value: `getAttackProtection: ${onTenantMessage(binding.baseUrl, error)}`,
      });
    }
    throw error;
  }
}

/** {@link getAttackProtection} as an Output, for a `tenant` made of outputs. The result is not secret. */
export function getAttackProtectionOutput(
  args: GetAttackProtectionOutputArgs = {},
  opts?: pulumi.InvokeOptions,
): pulumi.Output<AttackProtection> {
  const read = pulumi
    .output(args.tenant)
    .apply((tenant) => getAttackProtection(tenant === undefined ? {} : { tenant }, opts));
  return pulumi.unsecret(read);
}
