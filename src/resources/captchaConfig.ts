import * as pulumi from "@pulumi/pulumi";

import type { CamelCased } from "../client/casing";
// Modules, not the client and wire indexes: the provider loads this file at check and diff, which must not
// load the HTTP client or other resources' schemas.
import { toCamelDeep, toCamelKey, toSnakeDeep } from "../client/casing";
import { TenantApiError } from "../client/errors";
import { CAPTCHA_SECRET_FIELDS, CREDENTIAL_PROVIDER_IDS, captchaPatchRequestSchema } from "../wire/captcha";
import { ENDPOINTS } from "../wire/endpoints";
import { isRecord } from "../wire/json";
import type { CaptchaPatchRequest, CaptchaProviderId, CaptchaResponse } from "../wire/model";
import { IMPORT_ID_KEY, withoutImportOption } from "./adoption";
import { schemaFailures } from "./checkFailures";
import type { DeepInput } from "./inputs";
import { DRY_RUN_KEY, omit, withSecretFields } from "./inputs";
import { TenantAdminDynamicResource } from "./providerStub";
import type { ProviderContext, TenantArgs, TenantInputs } from "../engine/tenantArgs";
import { secretTenant, singletonOptions } from "../engine/tenantArgs";
import { tenantObjectProvider } from "./tenantObjectProvider";
import { containsUnknown } from "../engine/unknowns";

/** The CAPTCHA settings in the package's spelling, as the wire schema defines them. */
export type CaptchaSettings = CamelCased<CaptchaPatchRequest>;

/** The settings a resource manages: the active provider is always declared. */
export type CaptchaConfigSettings = CaptchaSettings & { activeProviderId: CaptchaProviderId };

/** Resolved inputs of a {@link CaptchaConfig}. */
export type CaptchaConfigInputs = CaptchaConfigSettings & {
  resetOnDelete?: boolean | undefined;
  tenant?: TenantInputs | undefined;
  importId?: string | undefined;
};

/** Resolved outputs of a {@link CaptchaConfig}: its inputs as the tenant has them, and the tenant's URL. */
export type CaptchaConfigOutputs = CaptchaConfigInputs & { domain: string };

/**
 * Arguments of {@link CaptchaConfig}. Constraints are the service's and are checked at `pulumi preview`:
 *
 * - `activeProviderId` (required): one of `arkose`, `auth_challenge`, `friendly_captcha`, `hcaptcha`,
 *   `recaptcha_v2`, `recaptcha_enterprise`, `simple_captcha`. A provider that needs credentials (all but
 *   `auth_challenge` and `simple_captcha`) must have its block declared in the same resource.
 * - `hcaptcha`, `friendlyCaptcha`, `recaptchaV2`: `{siteKey, secret}`, each at most 100 characters.
 * - `arkose`: `{siteKey, secret, clientSubdomain?, verifySubdomain?, failOpen?}`, strings at most 100.
 * - `recaptchaEnterprise`: `{siteKey, apiKey, projectId}`, each at most 100 characters.
 * - `authChallenge`: `{failOpen}`.
 * - `simpleCaptcha`: a free-form map, sent with its keys verbatim.
 * - `secret` and `apiKey` are stored in state as Pulumi secrets even when given as plain strings; the
 *   service never returns them.
 * - `resetOnDelete` (default false): on destroy, switch the tenant's active provider to
 *   `auth_challenge`. By default a destroy leaves the tenant's CAPTCHA as it is, so removing the
 *   resource never silently weakens bot protection.
 * - `tenant`: an explicit tenant; default: stack config `tenant-admin:*`, then `AUTH0_*` environment
 *   variables (see {@link TenantArgs}).
 *
 * Provider blocks the program does not declare are left as they are on the tenant. The API cannot remove
 * a provider's stored block (no block is nullable, and there is no DELETE): removing a block from the
 * program is not a change, and a warning at preview says the tenant keeps it.
 */
export interface CaptchaConfigArgs {
  /**
   * Required. The tenant's active CAPTCHA provider. A provider with credentials (all but `auth_challenge`
   * and `simple_captcha`) needs its block declared in the same resource.
   */
  activeProviderId: pulumi.Input<CaptchaProviderId>;
  /**
   * Arkose: `siteKey` and `secret` required, `clientSubdomain`, `verifySubdomain`, `failOpen` optional;
   * strings at most 100 characters. `secret` is stored as a secret. Default: not managed.
   */
  arkose?: DeepInput<NonNullable<CaptchaSettings["arkose"]>>;
  /** The platform's own challenge: `failOpen` (required in the block). Default: not managed. */
  authChallenge?: DeepInput<NonNullable<CaptchaSettings["authChallenge"]>>;
  /** Friendly Captcha: `siteKey` and `secret`, each at most 100 characters; `secret` is stored as a secret. Default: not managed. */
  friendlyCaptcha?: DeepInput<NonNullable<CaptchaSettings["friendlyCaptcha"]>>;
  /** hCaptcha: `siteKey` and `secret`, each at most 100 characters; `secret` is stored as a secret. Default: not managed. */
  hcaptcha?: DeepInput<NonNullable<CaptchaSettings["hcaptcha"]>>;
  /**
   * reCAPTCHA Enterprise: `siteKey`, `apiKey` and `projectId`, each at most 100 characters; `apiKey` is
   * stored as a secret. Default: not managed.
   */
  recaptchaEnterprise?: DeepInput<NonNullable<CaptchaSettings["recaptchaEnterprise"]>>;
  /** reCAPTCHA v2: `siteKey` and `secret`, each at most 100 characters; `secret` is stored as a secret. Default: not managed. */
  recaptchaV2?: DeepInput<NonNullable<CaptchaSettings["recaptchaV2"]>>;
  /** The simple CAPTCHA's options: a free-form map, sent with its keys verbatim. Default: not managed. */
  simpleCaptcha?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /**
   * Default `false`: a destroy leaves the tenant's CAPTCHA as it is. `true`: a destroy makes
   * `auth_challenge` the active provider.
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /**
   * An explicit tenant, used alone. Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment
   * variables. Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantArgs>;
}

/** Wire keys of free-form maps in the CAPTCHA settings. */
const VERBATIM = ["simple_captcha"];
/** Fields the service never returns; they live in state as secrets. */
const SECRET_FIELDS: readonly string[] = CAPTCHA_SECRET_FIELDS.map((field) => toCamelKey(field));
/** Inputs that configure the resource, not the tenant's CAPTCHA, and outputs that are not inputs. */
const NOT_SETTINGS = ["resetOnDelete", "tenant", "domain", IMPORT_ID_KEY];

function settingsOf(props: CaptchaConfigInputs): CaptchaConfigSettings {
  return omit(props, NOT_SETTINGS);
}

function toWire(settings: CaptchaConfigSettings): CaptchaPatchRequest {
  return toSnakeDeep(settings, VERBATIM) as CaptchaPatchRequest;
}

/**
 * The declared settings as the tenant has them now: readable fields from the service, secrets (which
 * it never returns) from state. Fields and blocks the program does not declare are not looked at, so an
 * undeclared provider never shows up as a change. After a write (`written`), a declared block the answer
 * lacks is kept as declared: the PATCH was accepted, and dropping the block would lose its secret.
 */
function declaredAsOnTenant(
  declared: CaptchaConfigSettings,
  response: CaptchaResponse,
  written = false,
): CaptchaConfigSettings {
  const onTenant = toCamelDeep(response, VERBATIM) as Record<string, unknown>;
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
        SECRET_FIELDS.includes(field) ? declaredValue[field] : current[field],
      ]),
    );
  }
  return result as CaptchaConfigSettings;
}

/** Creates the provider implementation that `providerSource` in state loads by package name. */
export function createCaptchaConfigProvider(
  context: ProviderContext,
): Required<pulumi.dynamic.ResourceProvider> {
  return tenantObjectProvider<CaptchaConfigInputs, CaptchaConfigSettings>(context, {
    path: ENDPOINTS.patchCaptcha.path,
    label: "CAPTCHA configuration",
    unreadable: SECRET_FIELDS,
    printable: ["activeProviderId", "resetOnDelete"],
    needs: {
      resource: "CaptchaConfig",
      scopes: [ENDPOINTS.patchCaptcha.scope],
      // A non-global client and a plan without bot detection fail the read as they would fail the PATCH.
      probe: (client) => client.getCaptcha(),
    },

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

    failures(news) {
      const settings = settingsOf(news);
      return [
        ...schemaFailures(captchaPatchRequestSchema, toWire(settings), VERBATIM),
        ...activeProviderFailures(settings),
      ];
    },

    async write(client, inputs) {
      const settings = settingsOf(inputs);
      return declaredAsOnTenant(settings, await client.patchCaptcha(toWire(settings)), true);
    },

    async read(client, state) {
      try {
        return declaredAsOnTenant(settingsOf(state), await client.getCaptcha());
      } catch (error) {
        // The tenant has no CAPTCHA configuration any more: the resource is gone.
        if (error instanceof TenantApiError && error.status === 404) return undefined;
        throw error;
      }
    },

    async remove(client, state) {
      if (state.resetOnDelete === true) await client.patchCaptcha({ active_provider_id: "auth_challenge" });
    },
  });
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
      SECRET_FIELDS.includes(field) && value !== undefined
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

/**
 * The tenant's CAPTCHA (bot detection) configuration: the active provider and the credentials and
 * options of the providers the program declares. One per tenant. See {@link CaptchaConfigArgs}.
 *
 * Refresh reads the configuration back and reports out-of-band changes of every readable field;
 * secrets and api keys, which the service never returns, are kept from state.
 */
export class CaptchaConfig extends TenantAdminDynamicResource {
  /** The active provider, as the tenant has it. */
  declare readonly activeProviderId: pulumi.Output<CaptchaProviderId>;
  /** The declared Arkose block as the tenant has it (`secret` from state); secret as a whole. */
  declare readonly arkose: pulumi.Output<CaptchaSettings["arkose"]>;
  /** The declared `authChallenge` block as the tenant has it. */
  declare readonly authChallenge: pulumi.Output<CaptchaSettings["authChallenge"]>;
  /** The declared Friendly Captcha block as the tenant has it (`secret` from state); secret as a whole. */
  declare readonly friendlyCaptcha: pulumi.Output<CaptchaSettings["friendlyCaptcha"]>;
  /** The declared hCaptcha block as the tenant has it (`secret` from state); secret as a whole. */
  declare readonly hcaptcha: pulumi.Output<CaptchaSettings["hcaptcha"]>;
  /** The declared reCAPTCHA Enterprise block as the tenant has it (`apiKey` from state); secret as a whole. */
  declare readonly recaptchaEnterprise: pulumi.Output<CaptchaSettings["recaptchaEnterprise"]>;
  /** The declared reCAPTCHA v2 block as the tenant has it (`secret` from state); secret as a whole. */
  declare readonly recaptchaV2: pulumi.Output<CaptchaSettings["recaptchaV2"]>;
  /** The simple CAPTCHA's options as the tenant has them. */
  declare readonly simpleCaptcha: pulumi.Output<CaptchaSettings["simpleCaptcha"]>;
  /** Whether a destroy makes `auth_challenge` the active provider. */
  declare readonly resetOnDelete: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: CaptchaConfigArgs, opts?: pulumi.CustomResourceOptions) {
    const adopted = withoutImportOption(opts);
    const props = {
      ...args,
      arkose: withSecretFields(args.arkose, SECRET_FIELDS),
      friendlyCaptcha: withSecretFields(args.friendlyCaptcha, SECRET_FIELDS),
      hcaptcha: withSecretFields(args.hcaptcha, SECRET_FIELDS),
      recaptchaEnterprise: withSecretFields(args.recaptchaEnterprise, SECRET_FIELDS),
      recaptchaV2: withSecretFields(args.recaptchaV2, SECRET_FIELDS),
      tenant: secretTenant(args.tenant),
      domain: undefined,
      importId: adopted.importId,
      [DRY_RUN_KEY]: pulumi.runtime.isDryRun(),
    };
    super("captchaConfig", "CaptchaConfig", name, props, singletonOptions(adopted.opts));
  }
}
