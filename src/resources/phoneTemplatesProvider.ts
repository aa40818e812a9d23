import type * as pulumi from "@pulumi/pulumi";

// Modules, not the client and wire indexes: the provider loads this file at check and diff, which must not
// load the HTTP client or other resources' schemas.
import { toCamelDeep, toSnakeDeep } from "../client/casing";
import { reviewPhoneTemplate } from "../templates";
import { ENDPOINTS } from "../wire/endpoints";
import type { PhoneTemplatesRequest, PhoneTemplatesResponse } from "../wire/model";
import { DEFAULT_PHONE_TEMPLATES } from "../wire/model";
import { phoneTemplatesRequestSchema } from "../wire/phoneTemplates";
import { schemaFailures } from "./checkFailures";
import type { PhoneTemplateMessages, PhoneTemplatesInputs } from "./phoneTemplates";
import { templatePreviewReporter } from "./phoneTemplatePreview";
import type { PreviewLog } from "./phoneTemplatePreview";
import type { ProviderContext } from "../engine/tenantArgs";
import { tenantObjectProvider } from "./tenantObjectProvider";
import { containsUnknown } from "../engine/unknowns";

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
