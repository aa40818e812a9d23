import * as pulumi from "@pulumi/pulumi";

import { toCamelDeep, toCamelKey, toSnakeDeep } from "../../client/casing";
import { TenantApiError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import type { ProviderContext } from "../../engine/providerContext";
import { containsUnknown } from "../../engine/unknowns";
import { isRecord } from "../../wire/json";
import type { DocumentInputs } from "../tenantObject/document";
import { declaredMembers, documentProvider } from "../tenantObject/document";
import type { ProviderImplementation } from "../tenantObject/hooks";
import type { CaptchaPatchRequest, CaptchaResponse } from "./api";
import { CREDENTIAL_PROVIDER_IDS, captchaDocument, configuredBlocks, getCaptcha, patchCaptcha } from "./api";
import type { CaptchaConfigSettings } from "./resource";
import { CAPTCHA_SECRET_INPUTS } from "./resource";

/** Wire keys of free-form maps in the CAPTCHA settings. */
const VERBATIM = ["simple_captcha"];

function settingsOf(props: DocumentInputs): CaptchaConfigSettings {
  return declaredMembers(props) as CaptchaConfigSettings;
}

function toWire(settings: CaptchaConfigSettings): CaptchaPatchRequest {
  return toSnakeDeep(settings, VERBATIM) as CaptchaPatchRequest;
}

/**
 * The declared settings as the tenant has them now: readable fields from the service, secrets (which it
 * never returns) from state. Fields and blocks the program does not declare are not looked at, so an
 * undeclared provider never shows up as a change; a declared provider the tenant never configured (its
 * `site_key` is `""`) is absent. After a write (`written`), a declared block the answer lacks is kept as
 * declared: the PATCH was accepted, and dropping the block would lose its secret.
 */
function declaredAsOnTenant(
  declared: CaptchaConfigSettings,
  response: CaptchaResponse,
  written = false,
): CaptchaConfigSettings {
  const onTenant = toCamelDeep(configuredBlocks(response), VERBATIM) as Record<string, unknown>;
  const result: Record<string, unknown> = {
    activeProviderId: onTenant.activeProviderId ?? declared.activeProviderId,
  };
  for (const [block, value] of Object.entries(declared)) {
    if (block === "activeProviderId") continue;
    const declaredValue: unknown = value;
    const current = onTenant[block];
    if (written && current === undefined) {
      result[block] = declaredValue;
      continue;
    }
    if (block === "simpleCaptcha" || !isRecord(declaredValue) || !isRecord(current)) {
      result[block] = current;
      continue;
    }
    result[block] = Object.fromEntries(
      Object.keys(declaredValue).map((field) => [
        field,
        CAPTCHA_SECRET_INPUTS.includes(field) ? declaredValue[field] : current[field],
      ]),
    );
  }
  return result as CaptchaConfigSettings;
}

async function readCaptcha(client: ManagementClient): Promise<CaptchaResponse | undefined> {
  try {
    return await client.send(getCaptcha);
  } catch (error) {
    // The tenant has no CAPTCHA configuration any more: the resource is gone.
    if (error instanceof TenantApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Creates the provider implementation that `providerSource` in state loads by package name: the document
 * machinery, with what CAPTCHA does its own way: the active provider's block required, blocks the program no
 * longer declares kept (the API cannot remove them), and a read that keeps secrets and never-configured blocks
 * apart.
 */
export function createProvider(context: ProviderContext): ProviderImplementation {
  return documentProvider(context, captchaDocument, (generic) => ({
    keptBecause: "the API cannot remove a provider's settings",

    kept(olds, news) {
      const declared = settingsOf(news) as Record<string, unknown>;
      return Object.keys(settingsOf(olds)).filter(
        (block) => block !== "activeProviderId" && declared[block] === undefined,
      );
    },

    carry(olds, news, kept) {
      const old = olds as Record<string, unknown>;
      return { ...news, ...Object.fromEntries(kept.map((block) => [block, secretFieldsMarked(old[block])])) };
    },

    failures: (news) => [...generic.failures(news), ...activeProviderFailures(settingsOf(news))],

    async write(client, inputs) {
      const settings = settingsOf(inputs);
      return declaredAsOnTenant(settings, await client.send(patchCaptcha, { body: toWire(settings) }), true);
    },

    async read(client, state) {
      const response = await readCaptcha(client);
      return response === undefined ? undefined : declaredAsOnTenant(settingsOf(state), response);
    },

    async adopt(client, _path, declared) {
      const response = await readCaptcha(client);
      return response === undefined ? undefined : declaredAsOnTenant(settingsOf(declared), response);
    },
  }));
}

/**
 * A provider block handed back to the engine with its secret fields in the engine's secret encoding: a
 * dynamic provider's values are otherwise plain, and the engine marks secret only what the program did.
 */
function secretFieldsMarked(block: unknown): unknown {
  if (!isRecord(block)) return block;
  return Object.fromEntries(
    Object.entries(block).map(([field, value]) => [
      field,
      CAPTCHA_SECRET_INPUTS.includes(field) && value !== undefined
        ? { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value }
        : value,
    ]),
  );
}

function activeProviderFailures(settings: CaptchaConfigSettings): pulumi.dynamic.CheckFailure[] {
  const active = settings.activeProviderId;
  if (containsUnknown(active) || !(CREDENTIAL_PROVIDER_IDS as readonly string[]).includes(active)) return [];
  const block = toCamelKey(active);
  if (block in settings && settings[block as keyof CaptchaConfigSettings] !== undefined) return [];
  return [
    {
      property: block,
      reason: `activeProviderId is "${active}", which needs credentials: declare the ${block} block in the same resource`,
    },
  ];
}
