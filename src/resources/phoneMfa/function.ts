import type * as pulumi from "@pulumi/pulumi";

import type { ManagementClient } from "../../client/managementClient";
import type { FunctionOutputOptions } from "../../engine/functionDependencies";
import { readAsOutput } from "../../engine/functionDependencies";
import type { ResolvedTenant, TenantSelector } from "../../engine/tenantArgs";
import { getPhoneTwilioAccount, getSelectedPhoneProvider } from "../legacyPhoneProvider/api";
import { phoneProviderEndpoints } from "../phoneProvider/api";
import { getTenantSettings, usesUnifiedPhoneExperience } from "../tenantSettings/api";
import { handledEarly } from "../../engine/handledOutputs";
import { readNamed } from "../tenantObject/program/programFunction";
import type { PhoneChannel } from "./api";
import { PHONE_FACTOR, getGuardianFactors, getPhoneMessageTypes } from "./api";

/** Who sends MFA by phone, without credentials (the platform never answers a unified tenant's). */
export type PhoneMfaSender =
  | {
      /** A unified tenant's branding phone provider (`PhoneProvider`). */
      kind: "PhoneProvider";
      id: string;
      provider: string;
      deliveryMethods: string[];
      disabled: boolean;
      twilio?: { sid?: string; defaultFrom?: string; messagingServiceSid?: string };
    }
  | {
      /** A legacy tenant's selected provider (`LegacyPhoneProvider`); its Twilio account without the token. */
      kind: "LegacyPhoneProvider";
      provider: string;
      twilio?: { sid?: string; from?: string; messagingServiceSid?: string };
    };

/** MFA by phone on a tenant, as {@link getPhoneMfa} reads it. */
export interface PhoneMfaState {
  /** Whether the phone factor (`sms`) is on. */
  enabled: boolean;
  /** The channels it may use. */
  messageTypes: PhoneChannel[];
  /** The tenant's phone generation: `unified` (the Unified Phone Experience) or `legacy`. */
  generation: "unified" | "legacy";
  /** Who sends; `undefined` on a unified tenant without a provider (the platform's own sender). */
  provider: PhoneMfaSender | undefined;
}

/** Arguments of {@link getPhoneMfa}. */
export interface GetPhoneMfaArgs {
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants`, or its settings (used alone). Default:
   * stack config `tenant-admin:*`, then the `AUTH0_*` environment variables.
   */
  tenant?: ResolvedTenant;
}

/** {@link GetPhoneMfaArgs} whose values may be outputs of other resources. */
export interface GetPhoneMfaOutputArgs {
  /** The tenant: a name of `tenant-admin:tenants`, or its settings (which may be outputs), used alone. */
  tenant?: pulumi.Input<TenantSelector>;
}

const ARGUMENTS = ["tenant"] as const satisfies readonly (keyof GetPhoneMfaArgs)[];

/** `{ twilio }` of the members that are strings; nothing when none is. */
function twilioOf<K extends string>(members: Record<K, unknown>): { twilio?: Partial<Record<K, string>> } {
  const given = Object.entries(members).filter(([, value]) => typeof value === "string");
  return given.length === 0 ? {} : { twilio: Object.fromEntries(given) as Partial<Record<K, string>> };
}

async function senderOf(client: ManagementClient, unified: boolean): Promise<PhoneMfaSender | undefined> {
  if (unified) {
    const [first] = (await client.send(phoneProviderEndpoints.list)).providers;
    if (first === undefined) return undefined;
    const configuration = first.configuration ?? {};
    return {
      kind: "PhoneProvider",
      id: first.id,
      provider: first.name,
      deliveryMethods: configuration.delivery_methods ?? [],
      disabled: first.disabled,
      ...twilioOf({
        sid: configuration.sid,
        defaultFrom: configuration.default_from,
        messagingServiceSid: configuration.mssid,
      }),
    };
  }
  const [selected, account] = await Promise.all([
    client.send(getSelectedPhoneProvider),
    client.send(getPhoneTwilioAccount),
  ]);
  // The account's GET answers the token in clear: it is left out here, never copied.
  return {
    kind: "LegacyPhoneProvider",
    provider: selected.provider,
    ...twilioOf({ sid: account.sid, from: account.from, messagingServiceSid: account.messaging_service_sid }),
  };
}

/**
 * Reads MFA by phone on the tenant: whether the factor is on, its channels, the tenant's phone generation and
 * who sends (never a credential). Two rounds of parallel `GET`s: the factor, its channels and the tenant's
 * generation, then its sender. Needs `read:guardian_factors`, `read:tenant_settings` and, on a unified tenant,
 * `read:phone_providers`. Runs at preview and update alike, when the program calls it: before the resources of
 * the same `pulumi up` are written (`getPhoneMfaOutput` with `dependsOn` reads after them). An argument it
 * does not take is refused, naming it.
 *
 * @param _opts accepted for symmetry with Pulumi's invoke functions; it has no effect.
 */
export async function getPhoneMfa(
  args: GetPhoneMfaArgs = {},
  _opts?: pulumi.InvokeOptions,
): Promise<PhoneMfaState> {
  return readNamed("getPhoneMfa", args, ARGUMENTS, async (tenantClient) => {
    const client = await tenantClient();
    const [factors, types, settings] = await Promise.all([
      client.send(getGuardianFactors),
      client.send(getPhoneMessageTypes),
      client.send(getTenantSettings, {
        query: { fields: "phone_consolidated_experience", include_fields: "true" },
      }),
    ]);
    const unified = usesUnifiedPhoneExperience(settings);
    return {
      enabled: factors.find((factor) => factor.name === PHONE_FACTOR)?.enabled ?? false,
      messageTypes: types.message_types,
      generation: unified ? "unified" : "legacy",
      provider: await senderOf(client, unified),
    };
  });
}

/**
 * {@link getPhoneMfa} as an Output, for a `tenant` made of outputs. The result is not secret.
 *
 * The read runs as the program starts, beside the resources' writes: it shows the tenant as it was before
 * the same `pulumi up` unless `opts.dependsOn` names the resources to read after (then the next preview
 * shows no output change).
 */
export function getPhoneMfaOutput(
  args: GetPhoneMfaOutputArgs = {},
  opts?: FunctionOutputOptions,
): pulumi.Output<PhoneMfaState> {
  return handledEarly(readAsOutput(args, opts, (resolved) => getPhoneMfa(resolved, opts)));
}
