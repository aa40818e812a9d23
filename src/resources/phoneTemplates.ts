import * as pulumi from "@pulumi/pulumi";

import type { CamelCased } from "../client/casing";
import { toCamelDeep, toSnakeDeep } from "../client";
import type { PhoneTemplatesRequest, PhoneTemplatesResponse } from "../wire/model";
import { DEFAULT_PHONE_TEMPLATES, OPERATIONS, phoneTemplatesRequestSchema } from "../wire";
import { schemaFailures } from "./checkFailures";
import { DRY_RUN_KEY } from "./inputs";
import { providerStub } from "./providerStub";
import type { ProviderContext, TenantArgs, TenantInputs } from "../engine/tenantArgs";
import { secretTenant, singletonOptions } from "../engine/tenantArgs";
import { tenantObjectProvider } from "./tenantObjectProvider";
import { containsUnknown } from "../engine/unknowns";

/** The two phone MFA message templates, in the package's spelling. */
export type PhoneTemplateMessages = CamelCased<PhoneTemplatesRequest>;

/** Resolved inputs of {@link PhoneTemplates}. */
export type PhoneTemplatesInputs = PhoneTemplateMessages & { tenant?: TenantInputs | undefined };

/** Resolved outputs of {@link PhoneTemplates}: the stored templates and the tenant's URL. */
export type PhoneTemplatesOutputs = PhoneTemplatesInputs & { domain: string };

/**
 * Arguments of {@link PhoneTemplates}, checked at `pulumi preview`:
 *
 * - `enrollmentMessage`, `verificationMessage` (both required, non-empty): each must contain the
 *   verification code variable `{{code}}` (spaces inside the braces allowed, `{{ code }}`); the only
 *   other variable allowed is `{{tenant.friendly_name}}`.
 * - `tenant`: an explicit tenant; default: stack config `tenant-admin:*`, then `AUTH0_*` environment
 *   variables (see {@link TenantArgs}).
 *
 * The platform's defaults, which a destroy restores:
 * - enrollment: `{{code}} is your verification code for {{tenant.friendly_name}}. Please enter this code to verify your enrollment.`
 * - verification: `{{code}} is your verification code for {{tenant.friendly_name}}`
 */
export interface PhoneTemplatesArgs {
  /**
   * Required. The text sent when a phone is enrolled. Must contain `{{code}}`; the only other variable
   * allowed is `{{tenant.friendly_name}}`.
   */
  enrollmentMessage: pulumi.Input<string>;
  /** Required. The text sent at each verification; the same rules as `enrollmentMessage`. */
  verificationMessage: pulumi.Input<string>;
  /**
   * An explicit tenant, used alone. Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment
   * variables. Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantArgs>;
}

const TEMPLATE_VARIABLES = ["code", "tenant.friendly_name"];
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Check failures of one message against the template rules. */
function messageFailures(property: string, message: unknown): pulumi.dynamic.CheckFailure[] {
  if (typeof message !== "string" || containsUnknown(message)) return [];
  if (message.trim() === "") return [{ property, reason: "must not be empty" }];
  const variables = [...message.matchAll(VARIABLE)].map((match) => match[1] ?? "");
  const failures = [...new Set(variables)]
    .filter((name) => !TEMPLATE_VARIABLES.includes(name))
    .map((name) => ({
      property,
      reason: `uses the unknown variable {{${name}}}; allowed: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(", ")}`,
    }));
  if (!variables.includes("code")) {
    failures.push({ property, reason: "must contain the verification code variable {{code}}" });
  }
  return failures;
}

function messagesOf(props: PhoneTemplatesInputs): PhoneTemplateMessages {
  return { enrollmentMessage: props.enrollmentMessage, verificationMessage: props.verificationMessage };
}

function fromWire(response: PhoneTemplatesResponse): PhoneTemplateMessages {
  return messagesOf(toCamelDeep(response));
}

/** Creates the provider implementation the serialized {@link providerStub} loads by package name. */
export function createPhoneTemplatesProvider(
  context: ProviderContext,
): Required<pulumi.dynamic.ResourceProvider> {
  return tenantObjectProvider<PhoneTemplatesInputs, PhoneTemplateMessages>(context, {
    path: OPERATIONS.putPhoneTemplates.path,
    printable: ["enrollmentMessage", "verificationMessage"],
    needs: { resource: "PhoneTemplates", scopes: [OPERATIONS.putPhoneTemplates.scope] },

    failures(news) {
      return [
        ...schemaFailures(phoneTemplatesRequestSchema, toSnakeDeep(messagesOf(news))),
        ...messageFailures("enrollmentMessage", news.enrollmentMessage),
        ...messageFailures("verificationMessage", news.verificationMessage),
      ];
    },

    async write(client, inputs) {
      return fromWire(
        await client.putPhoneTemplates(toSnakeDeep(messagesOf(inputs)) as PhoneTemplatesRequest),
      );
    },

    async read(client) {
      return fromWire(await client.getPhoneTemplates());
    },

    async remove(client) {
      await client.putPhoneTemplates({ ...DEFAULT_PHONE_TEMPLATES });
    },
  });
}

/**
 * The tenant's phone (SMS and voice) MFA message templates for enrollment and verification. One per
 * tenant. A destroy restores the platform's default texts. See {@link PhoneTemplatesArgs}.
 */
export class PhoneTemplates extends pulumi.dynamic.Resource {
  /** The enrollment text as stored on the tenant. */
  declare readonly enrollmentMessage: pulumi.Output<string>;
  /** The verification text as stored on the tenant. */
  declare readonly verificationMessage: pulumi.Output<string>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: PhoneTemplatesArgs, opts?: pulumi.CustomResourceOptions) {
    const props = {
      ...args,
      tenant: secretTenant(args.tenant),
      domain: undefined,
      [DRY_RUN_KEY]: pulumi.runtime.isDryRun(),
    };
    super(
      providerStub("phoneTemplates"),
      name,
      props,
      singletonOptions(opts),
      "tenant-admin",
      "PhoneTemplates",
    );
  }
}
