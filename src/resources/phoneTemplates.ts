import * as pulumi from "@pulumi/pulumi";

import type { CamelCased, TenantConnection } from "../client";
import { managementClientFor, toCamelDeep, toSnakeDeep } from "../client";
import type { PhoneTemplatesRequest, PhoneTemplatesResponse } from "../wire";
import { DEFAULT_PHONE_TEMPLATES, phoneTemplatesRequestSchema } from "../wire";
import { checkFailuresFrom, withoutPrintedValues } from "./checkFailures";
import { changedKeys, pick } from "./inputs";
import { providerStub } from "./providerStub";
import type { ProviderContext, TenantArgs, TenantInputs } from "./tenant";
import { secretTenant } from "./tenant";
import { containsUnknown } from "./unknowns";

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
  enrollmentMessage: pulumi.Input<string>;
  verificationMessage: pulumi.Input<string>;
  tenant?: pulumi.Input<TenantArgs>;
}

const TEMPLATE_VARIABLES = ["code", "tenant.friendly_name"];
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const OUTPUT_ONLY_KEYS = ["domain"];

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

function templatesId(connection: TenantConnection): string {
  return `${new URL(connection.baseUrl).host}/guardian/factors/phone/templates`;
}

/** Creates the provider implementation the serialized {@link providerStub} loads by package name. */
export function createPhoneTemplatesProvider(
  context: ProviderContext,
): Required<pulumi.dynamic.ResourceProvider> {
  async function put(inputs: PhoneTemplatesInputs): Promise<{ id: string; outs: PhoneTemplatesOutputs }> {
    const connection = context.connection(inputs.tenant);
    const body = toSnakeDeep(messagesOf(inputs)) as PhoneTemplatesRequest;
    const stored = await managementClientFor(connection).putPhoneTemplates(body);
    return {
      id: templatesId(connection),
      outs: { ...inputs, ...fromWire(stored), domain: connection.baseUrl },
    };
  }

  return {
    async configure(request) {
      context.configure(request.config);
    },

    async check(_olds, news: PhoneTemplatesInputs) {
      const wire = toSnakeDeep(messagesOf(news));
      const parsed = phoneTemplatesRequestSchema.safeParse(wire, { reportInput: true });
      const failures = parsed.success ? [] : checkFailuresFrom(parsed.error.issues, wire);
      failures.push(
        ...messageFailures("enrollmentMessage", news.enrollmentMessage),
        ...messageFailures("verificationMessage", news.verificationMessage),
        ...context.tenantFailures(news.tenant),
      );
      return {
        inputs: news,
        failures: withoutPrintedValues(failures, ["enrollmentMessage", "verificationMessage"]),
      };
    },

    async diff(_id, olds: PhoneTemplatesOutputs, news: PhoneTemplatesInputs) {
      const replaces = context.movesTenant(olds.domain, news.tenant) ? ["tenant"] : [];
      return { changes: changedKeys(pick(olds, OUTPUT_ONLY_KEYS), news).length > 0, replaces };
    },

    async create(inputs: PhoneTemplatesInputs) {
      return put(inputs);
    },

    async update(_id, _olds, news: PhoneTemplatesInputs) {
      return { outs: (await put(news)).outs };
    },

    async read(id, props: PhoneTemplatesOutputs) {
      const connection = context.connectionAt(props.domain, props.tenant);
      const current = fromWire(await managementClientFor(connection).getPhoneTemplates());
      return {
        id,
        props: { ...props, ...current },
        inputs: { ...pick(props, OUTPUT_ONLY_KEYS), ...current },
      };
    },

    async delete(_id, props: PhoneTemplatesOutputs) {
      const connection = context.connectionAt(props.domain, props.tenant);
      await managementClientFor(connection).putPhoneTemplates({ ...DEFAULT_PHONE_TEMPLATES });
    },
  };
}

/**
 * The tenant's phone (SMS and voice) MFA message templates for enrollment and verification. One per
 * tenant. A destroy restores the platform's default texts. See {@link PhoneTemplatesArgs}.
 */
export class PhoneTemplates extends pulumi.dynamic.Resource {
  declare readonly enrollmentMessage: pulumi.Output<string>;
  declare readonly verificationMessage: pulumi.Output<string>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: PhoneTemplatesArgs, opts?: pulumi.CustomResourceOptions) {
    const props = { ...args, tenant: secretTenant(args.tenant), domain: undefined };
    super(providerStub("phoneTemplates"), name, props, opts, "tenant-admin", "PhoneTemplates");
  }
}
