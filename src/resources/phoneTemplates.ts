import * as pulumi from "@pulumi/pulumi";

import type { CamelCased } from "../client/casing";
// Modules, not the client and wire indexes: the provider loads this file at check and diff, which must not
// load the HTTP client or other resources' schemas.
import { toCamelDeep, toSnakeDeep } from "../client/casing";
import type { PhoneTemplatesRequest, PhoneTemplatesResponse } from "../wire/model";
import { reviewPhoneTemplate } from "../templates";
import { ENDPOINTS } from "../wire/endpoints";
import { DEFAULT_PHONE_TEMPLATES } from "../wire/model";
import { phoneTemplatesRequestSchema } from "../wire/phoneTemplates";
import { withoutImportOption } from "./adoption";
import { schemaFailures } from "./checkFailures";
import { DRY_RUN_KEY } from "./inputs";
import { TenantAdminDynamicResource } from "./providerStub";
import type { ProviderContext, TenantArgs, TenantInputs } from "../engine/tenantArgs";
import { secretTenant, singletonOptions } from "../engine/tenantArgs";
import { tenantObjectProvider } from "./tenantObjectProvider";
import { containsUnknown } from "../engine/unknowns";
import { templatePreviewReporter } from "./phoneTemplatePreview";
import type { PreviewLog } from "./phoneTemplatePreview";

/** The two phone MFA message templates, in the package's spelling. */
export type PhoneTemplateMessages = CamelCased<PhoneTemplatesRequest>;

/** Resolved inputs of {@link PhoneTemplates}. */
export type PhoneTemplatesInputs = PhoneTemplateMessages & {
  tenant?: TenantInputs | undefined;
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

const MESSAGE_PROPERTIES = ["enrollmentMessage", "verificationMessage"] as const;

/** Check failures of one message against the template rules (see {@link reviewPhoneTemplate}). */
function messageFailures(property: string, message: unknown): pulumi.dynamic.CheckFailure[] {
  if (typeof message !== "string" || containsUnknown(message)) return [];
  return reviewPhoneTemplate(message).errors.map((reason) => ({ property, reason }));
}

function messagesOf(props: PhoneTemplatesInputs): PhoneTemplateMessages {
  return { enrollmentMessage: props.enrollmentMessage, verificationMessage: props.verificationMessage };
}

function fromWire(response: PhoneTemplatesResponse): PhoneTemplateMessages {
  return messagesOf(toCamelDeep(response));
}

/**
 * Creates the provider implementation that `providerSource` in state loads by package name.
 *
 * @param log where check prints the template preview and warnings; default the engine output (`engineLog`)
 */
export function createPhoneTemplatesProvider(
  context: ProviderContext,
  log?: PreviewLog,
): Required<pulumi.dynamic.ResourceProvider> {
  const provider = tenantObjectProvider<PhoneTemplatesInputs, PhoneTemplateMessages>(context, {
    path: ENDPOINTS.putPhoneTemplates.path,
    label: "phone templates",
    unreadable: [],
    // The engine would print a (multi-line) template beside its failure; the reason names the property.
    printable: [],
    needs: { resource: "PhoneTemplates", scopes: [ENDPOINTS.putPhoneTemplates.scope] },

    failures(news) {
      return [
        ...schemaFailures(phoneTemplatesRequestSchema, toSnakeDeep(messagesOf(news))),
        ...MESSAGE_PROPERTIES.flatMap((property) => messageFailures(property, news[property])),
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
  const reportPreview = templatePreviewReporter(context, log);
  return {
    ...provider,
    async check(olds: PhoneTemplatesInputs, news: PhoneTemplatesInputs) {
      const result = await provider.check(olds, news);
      if ((result.failures ?? []).length === 0) await reportPreview(news);
      return result;
    },
  };
}

/**
 * The tenant's phone (SMS and voice) MFA message templates for enrollment and verification. One per
 * tenant. A destroy restores the platform's default texts. See {@link PhoneTemplatesArgs}.
 */
export class PhoneTemplates extends TenantAdminDynamicResource {
  /** The enrollment text as stored on the tenant. */
  declare readonly enrollmentMessage: pulumi.Output<string>;
  /** The verification text as stored on the tenant. */
  declare readonly verificationMessage: pulumi.Output<string>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: PhoneTemplatesArgs, opts?: pulumi.CustomResourceOptions) {
    const adopted = withoutImportOption(opts);
    const props = {
      ...args,
      tenant: secretTenant(args.tenant),
      domain: undefined,
      importId: adopted.importId,
      [DRY_RUN_KEY]: pulumi.runtime.isDryRun(),
    };
    super("phoneTemplates", "PhoneTemplates", name, props, singletonOptions(adopted.opts));
  }
}
