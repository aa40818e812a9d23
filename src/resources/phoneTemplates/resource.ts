import type * as pulumi from "@pulumi/pulumi";

import type { CamelCased } from "../../wire/casing";
import type { ResolvedTenant } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import { TenantAdminDynamicResource } from "../tenantObject/program/dynamicResource";
import type { TenantArg } from "../tenantObject/program/objectResource";
import type { PhoneTemplatesRequest } from "./api";
import { phoneTemplatesIdentity } from "./api";

/** The two phone MFA message templates, in the package's spelling. */
export type PhoneTemplateMessages = CamelCased<PhoneTemplatesRequest>;

/** Resolved inputs of {@link PhoneTemplates}. */
export type PhoneTemplatesInputs = PhoneTemplateMessages & {
  tenant?: ResolvedTenant | undefined;
  importId?: string | undefined;
};

/** Resolved outputs of {@link PhoneTemplates}: the stored templates and the tenant's URL. */
export type PhoneTemplatesOutputs = PhoneTemplatesInputs & { domain: string };

/**
 * Arguments of {@link PhoneTemplates}, checked at `pulumi preview`:
 *
 * - `enrollmentMessage`, `verificationMessage` (both required, non-empty): Liquid templates, as the
 *   platform renders them (variables `message_type`, `code`, `locale`, `requestInfo.lang`,
 *   `tenant.friendly_name`, `custom_domain.domain`, `custom_domain.domain_metadata`, `pause`). Each must
 *   parse and must output `{{code}}` on every path, for SMS and voice; an undocumented variable is a
 *   warning. Preview prints each template's SMS with a sample code, its encoding and segment count
 *   (docs/templates.md).
 * - `tenant`: a name of `tenant-admin:tenants`, or an explicit tenant; default: stack config `tenant-admin:*`, then `AUTH0_*` environment
 *   variables (see {@link TenantSelector}).
 *
 * The platform's defaults, which a destroy restores:
 * - enrollment: `{{code}} is your verification code for {{tenant.friendly_name}}. Please enter this code to verify your enrollment.`
 * - verification: `{{code}} is your verification code for {{tenant.friendly_name}}`
 */
export interface PhoneTemplatesArgs extends TenantArg {
  /**
   * Required. The text sent when a phone is enrolled. Must contain `{{code}}`; the only other variable
   * allowed is `{{tenant.friendly_name}}`.
   */
  enrollmentMessage: pulumi.Input<string>;
  /** Required. The text sent at each verification; the same rules as `enrollmentMessage`. */
  verificationMessage: pulumi.Input<string>;
}

/**
 * The tenant's phone (SMS and voice) MFA message templates for enrollment and verification. One per
 * tenant. A destroy restores the platform's default texts. See {@link PhoneTemplatesArgs}.
 */
export class PhoneTemplates extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(PhoneTemplates, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(phoneTemplatesIdentity.resource);
  /** The enrollment text as stored on the tenant. */
  declare readonly enrollmentMessage: pulumi.Output<string>;
  /** The verification text as stored on the tenant. */
  declare readonly verificationMessage: pulumi.Output<string>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: PhoneTemplatesArgs, opts?: pulumi.CustomResourceOptions) {
    super(phoneTemplatesIdentity, name, { ...args }, opts);
  }
}
