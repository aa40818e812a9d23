import type * as pulumi from "@pulumi/pulumi";

import type { CamelCased, Holds, SameShape } from "../../wire/casing";
import { toCamelKey } from "../../wire/casing";
import type { TenantSelector, ResolvedTenant } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import { TenantAdminDynamicResource } from "../tenantObject/program/dynamicResource";
import { withSecretFields } from "../tenantObject/inputs";
import type { MemberInput } from "../tenantObject/program/objectResource";
import type { CaptchaPatchRequest, CaptchaProviderId } from "./api";
import { CAPTCHA_SECRET_FIELDS, captchaDocument } from "./api";

/** A provider's site key and secret: the block of hCaptcha, Friendly Captcha and reCAPTCHA v2. */
type CaptchaSiteKeySecret = {
  /** The site key the login page shows; at most 100 characters. */
  siteKey: string;
  /** The provider's secret key; at most 100 characters. Stored as a Pulumi secret; the platform never returns it. */
  secret: string;
};

/** Arkose Labs' block. */
type ArkoseSettings = {
  /** The site key the login page shows; at most 100 characters. */
  siteKey: string;
  /** Arkose's private key; at most 100 characters. Stored as a Pulumi secret; the platform never returns it. */
  secret: string;
  /** The subdomain Arkose's client script loads from; at most 100 characters. Default: the platform's. */
  clientSubdomain?: string | undefined;
  /** The subdomain answers are verified at; at most 100 characters. Default: the platform's. */
  verifySubdomain?: string | undefined;
  /** `true`: a login goes on when Arkose cannot be reached. Default: the platform's (`false`). */
  failOpen?: boolean | undefined;
};

/** The platform's own challenge's block. */
type AuthChallengeSettings = {
  /** `true`: a login goes on when the challenge cannot be shown. Required in the block. */
  failOpen: boolean;
};

/** reCAPTCHA Enterprise's block. */
type RecaptchaEnterpriseSettings = {
  /** The site key the login page shows; at most 100 characters. */
  siteKey: string;
  /** The Google Cloud API key; at most 100 characters. Stored as a Pulumi secret; the platform never returns it. */
  apiKey: string;
  /** The Google Cloud project the key belongs to; at most 100 characters. */
  projectId: string;
};

/** The CAPTCHA settings in the package's spelling: the wire schema's members, each block documented. */
export type CaptchaSettings = {
  activeProviderId?: CaptchaProviderId | undefined;
  arkose?: ArkoseSettings | undefined;
  authChallenge?: AuthChallengeSettings | undefined;
  hcaptcha?: CaptchaSiteKeySecret | undefined;
  friendlyCaptcha?: CaptchaSiteKeySecret | undefined;
  recaptchaEnterprise?: RecaptchaEnterpriseSettings | undefined;
  recaptchaV2?: CaptchaSiteKeySecret | undefined;
  simpleCaptcha?: Record<string, unknown> | undefined;
};

/** Compiles only while {@link CaptchaSettings} is the wire schema's request in the package's spelling. */
export type CaptchaSettingsMatchTheWire = Holds<SameShape<CaptchaSettings, CamelCased<CaptchaPatchRequest>>>;

/** The settings a resource manages: the active provider is always declared. */
export type CaptchaConfigSettings = CaptchaSettings & { activeProviderId: CaptchaProviderId };

/** Resolved inputs of a {@link CaptchaConfig}. */
export type CaptchaConfigInputs = CaptchaConfigSettings & {
  resetOnDelete?: boolean | undefined;
  tenant?: ResolvedTenant | undefined;
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
 * - `tenant`: a name of `tenant-admin:tenants`, or an explicit tenant; default: stack config `tenant-admin:*`, then `AUTH0_*` environment
 *   variables (see {@link TenantSelector}).
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
  arkose?: MemberInput<NonNullable<CaptchaSettings["arkose"]>>;
  /** The platform's own challenge: `failOpen` (required in the block). Default: not managed. */
  authChallenge?: MemberInput<NonNullable<CaptchaSettings["authChallenge"]>>;
  /** Friendly Captcha: `siteKey` and `secret`, each at most 100 characters; `secret` is stored as a secret. Default: not managed. */
  friendlyCaptcha?: MemberInput<NonNullable<CaptchaSettings["friendlyCaptcha"]>>;
  /** hCaptcha: `siteKey` and `secret`, each at most 100 characters; `secret` is stored as a secret. Default: not managed. */
  hcaptcha?: MemberInput<NonNullable<CaptchaSettings["hcaptcha"]>>;
  /**
   * reCAPTCHA Enterprise: `siteKey`, `apiKey` and `projectId`, each at most 100 characters; `apiKey` is
   * stored as a secret. Default: not managed.
   */
  recaptchaEnterprise?: MemberInput<NonNullable<CaptchaSettings["recaptchaEnterprise"]>>;
  /** reCAPTCHA v2: `siteKey` and `secret`, each at most 100 characters; `secret` is stored as a secret. Default: not managed. */
  recaptchaV2?: MemberInput<NonNullable<CaptchaSettings["recaptchaV2"]>>;
  /** The simple CAPTCHA's options: a free-form map, sent with its keys verbatim. Default: not managed. */
  simpleCaptcha?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /**
   * Default `false`: a destroy leaves the tenant's CAPTCHA as it is. `true`: a destroy makes
   * `auth_challenge` the active provider.
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment
   * variables. Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantSelector>;
}

/** Input fields the service never returns (`secret`, `apiKey`); they live in state as secrets. */
const CAPTCHA_SECRET_INPUTS: readonly string[] = CAPTCHA_SECRET_FIELDS.map((field) => toCamelKey(field));

/**
 * The tenant's CAPTCHA (bot detection) configuration: the active provider and the credentials and
 * options of the providers the program declares. One per tenant. See {@link CaptchaConfigArgs}.
 *
 * Refresh reads the configuration back and reports out-of-band changes of every readable field;
 * secrets and api keys, which the service never returns, are kept from state.
 */
export class CaptchaConfig extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(CaptchaConfig, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(captchaDocument.resource);
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
    const props = {
      ...args,
      arkose: withSecretFields(args.arkose, CAPTCHA_SECRET_INPUTS),
      friendlyCaptcha: withSecretFields(args.friendlyCaptcha, CAPTCHA_SECRET_INPUTS),
      hcaptcha: withSecretFields(args.hcaptcha, CAPTCHA_SECRET_INPUTS),
      recaptchaEnterprise: withSecretFields(args.recaptchaEnterprise, CAPTCHA_SECRET_INPUTS),
      recaptchaV2: withSecretFields(args.recaptchaV2, CAPTCHA_SECRET_INPUTS),
    };
    super(captchaDocument, name, props, opts);
  }
}
