import type * as pulumi from "@pulumi/pulumi";

import type { ResolvedTenant } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import { TenantAdminDynamicResource } from "../tenantObject/program/dynamicResource";
import type { MemberInput, TenantArg } from "../tenantObject/program/objectResource";
import type { PhoneNotificationBody, PhoneNotificationType } from "./api";
import { phoneNotificationTemplateIdentity } from "./api";

/** A template's content in the package's spelling: `from` and `body: {text, voice}`. */
export type PhoneNotificationContentInputs = {
  /** The sender number, 1 to 16 characters. Default: the phone provider's number. */
  from?: string | undefined;
  /** The message: `text` (SMS) and `voice` (a call). */
  body: PhoneNotificationBody;
};

/** Resolved inputs of a {@link PhoneNotificationTemplate}. */
export type PhoneNotificationTemplateInputs = {
  type: PhoneNotificationType;
  disabled?: boolean | undefined;
  content: PhoneNotificationContentInputs;
  tenant?: ResolvedTenant | undefined;
  importId?: string | undefined;
};

/** Resolved outputs of a {@link PhoneNotificationTemplate}. */
export type PhoneNotificationTemplateOutputs = PhoneNotificationTemplateInputs & {
  /** The template's id on the tenant (`tem_…`). */
  templateId: string;
  /** `phone`. */
  channel?: string | undefined;
  /** Whether the platform lets the template be customized, when it says. */
  customizable?: boolean | undefined;
  /** The tenant's base URL. */
  domain: string;
};

/**
 * Arguments of {@link PhoneNotificationTemplate}, checked at `pulumi preview`:
 *
 * - `type` (required): `otp_verify`, `otp_enroll`, `change_password`, `blocked_account` or `password_breach`.
 *   A tenant has one template of each type at most; changing it replaces the resource.
 * - `disabled` (default `false`): whether the platform stops sending messages of this type.
 * - `content.from`: the sender number, 1 to 16 characters; default the phone provider's number.
 * - `content.body.text` (SMS) and `content.body.voice` (a voice call): Liquid templates with the platform's
 *   variables for phone notifications (`friendly_name`, `code`, `locale`, `user.*`, …; docs/templates.md),
 *   each 1 to 20,000 characters, at least one of the two. For the types that send a code (`otp_verify`,
 *   `otp_enroll`, `change_password`) each must output `{{ code }}` on every path.
 * - `tenant`: a name of `tenant-admin:tenants`, or an explicit tenant; default: stack config `tenant-admin:*`, then `AUTH0_*` environment variables.
 *
 * A create fails at preview when the tenant already has a custom template of that type (adopt it with the
 * `import` option); it takes one reset to the default. A destroy deletes the template, so the type falls back
 * to the platform's default content. Removing `content.from` leaves the tenant's number (the API cannot clear
 * it): no change, and a warning.
 */
export interface PhoneNotificationTemplateArgs extends TenantArg {
  /** Required. The template's type; one resource per type per tenant. */
  type: pulumi.Input<PhoneNotificationType>;
  /** Default `false`: messages of this type are sent. `true` stops them. */
  disabled?: pulumi.Input<boolean>;
  /** Required. The sender (`from`, optional) and the texts (`body.text` for SMS, `body.voice` for calls). */
  content: MemberInput<PhoneNotificationContentInputs>;
}

/**
 * One phone notification template of a tenant that uses the Unified Phone Experience (the MFA enrollment and
 * verification messages are `otp_enroll` and `otp_verify`). See {@link PhoneNotificationTemplateArgs}.
 */
export class PhoneNotificationTemplate extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(PhoneNotificationTemplate, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(phoneNotificationTemplateIdentity.resource);
  /** The template's type. */
  declare readonly type: pulumi.Output<PhoneNotificationType>;
  /** Whether messages of this type are stopped. */
  declare readonly disabled: pulumi.Output<boolean>;
  /** The declared content as the tenant holds it. */
  declare readonly content: pulumi.Output<PhoneNotificationContentInputs>;
  /** The template's id on the tenant (`tem_…`). */
  declare readonly templateId: pulumi.Output<string>;
  /** The template's channel, `phone`. */
  declare readonly channel: pulumi.Output<string | undefined>;
  /** Whether the platform lets the template be customized, when it says. */
  declare readonly customizable: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: PhoneNotificationTemplateArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      phoneNotificationTemplateIdentity,
      name,
      {
        ...args,
        disabled: args.disabled ?? false,
        templateId: undefined,
        channel: undefined,
        customizable: undefined,
      },
      opts,
    );
  }
}
