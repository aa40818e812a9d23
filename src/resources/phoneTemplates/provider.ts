import { toCamelDeep, toSnakeDeep } from "../../wire/casing";
import { TenantAdminError, TenantApiError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import { engineLog } from "../../engine/log";
import type { ProviderContext } from "../../engine/providerContext";
import { containsUnknown } from "../../engine/unknowns";
import {
  PHONE_PREVIEW_SETTINGS_QUERY,
  getTenantSettings,
  usesUnifiedPhoneExperience,
} from "../tenantSettings/api";
import { schemaFailures } from "../tenantObject/checkFailures";
import {
  printedOnce,
  reportTemplatePreviews,
  templateFailures,
} from "../tenantObject/provider/templateChecks";
import type { PreviewLog } from "../tenantObject/provider/templateChecks";
import type { ProviderImplementation } from "../tenantObject/provider/hooks";
import { tenantObjectProvider } from "../tenantObject/provider/tenantObjectProvider";
import type { PhoneTemplatesRequest, PhoneTemplatesResponse } from "./api";
import {
  DEFAULT_PHONE_TEMPLATES,
  LEGACY_PHONE_DIALECT,
  differencesFromDefaults,
  getPhoneTemplates,
  phoneTemplatesRequestSchema,
  putPhoneTemplates,
} from "./api";
import type { PhoneTemplateMessages, PhoneTemplatesInputs } from "./resource";

const MESSAGE_PROPERTIES = ["enrollmentMessage", "verificationMessage"] as const;

/**
 * Why this resource cannot serve a tenant enrolled in the Unified Phone Experience, and what to use. The
 * caller's prefix names the tenant.
 */
function unifiedPhoneExperienceMessage(): string {
  return (
    "the tenant uses the Unified Phone Experience (its tenant setting phone_consolidated_experience is " +
    "true), where the legacy endpoint PhoneTemplates writes (/guardian/factors/phone/templates) no longer " +
    "works. Declare PhoneNotificationTemplate resources of type otp_enroll and otp_verify instead " +
    "(docs/which-phone-resource.md)."
  );
}

/** The platform's refusal of the legacy endpoints on a tenant that uses the Unified Phone Experience. */
function isLegacyRefusal(error: unknown): boolean {
  return error instanceof TenantApiError && error.errorCode === "legacy_mfa_phone_provider_not_allowed";
}

/** The platform's refusal of the legacy endpoint on an enrolled tenant, as this resource's own message. */
async function onLegacyEndpoint<T>(client: ManagementClient, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isLegacyRefusal(error)) {
      throw new TenantAdminError(unifiedPhoneExperienceMessage(), { cause: error });
    }
    throw error;
  }
}

function messagesOf(props: PhoneTemplatesInputs): PhoneTemplateMessages {
  return { enrollmentMessage: props.enrollmentMessage, verificationMessage: props.verificationMessage };
}

function fromWire(response: PhoneTemplatesResponse): PhoneTemplateMessages {
  return messagesOf(toCamelDeep(response));
}

function templatesOf(news: PhoneTemplatesInputs) {
  return MESSAGE_PROPERTIES.flatMap((property) => {
    const template = news[property];
    return typeof template === "string" && !containsUnknown(template)
      ? [{ property, template, channels: ["sms", "voice"] as const, requireCode: true }]
      : [];
  });
}

/**
 * Creates the provider implementation that `providerSource` in state loads by package name.
 *
 * @param log where check prints the template preview and warnings; default the engine output
 */
export function createProvider(
  context: ProviderContext,
  log: PreviewLog = engineLog,
): ProviderImplementation {
  const once = printedOnce(log);
  return tenantObjectProvider<PhoneTemplatesInputs, PhoneTemplateMessages>(context, {
    pathPattern: getPhoneTemplates.path,
    path: () => getPhoneTemplates.path,
    label: "phone templates",
    unreadable: [],
    // The engine would print a (multi-line) template beside its failure; the reason names the property.
    printable: [],
    properties: () => MESSAGE_PROPERTIES,
    needs: {
      resource: "PhoneTemplates",
      scopes: [putPhoneTemplates.scope],
      createScopes: [getPhoneTemplates.scope],
      probe: {
        scope: getTenantSettings.scope,
        read: async (client) => {
          const query = PHONE_PREVIEW_SETTINGS_QUERY;
          const settings = await client.readOnce(getTenantSettings, { query });
          return usesUnifiedPhoneExperience(settings) ? unifiedPhoneExperienceMessage() : undefined;
        },
      },
    },

    failures(news) {
      return [
        ...schemaFailures(phoneTemplatesRequestSchema, toSnakeDeep(messagesOf(news))),
        ...templateFailures(news, LEGACY_PHONE_DIALECT, templatesOf(news)),
      ];
    },

    reportsPreview: {
      async report(news, client, subject) {
        let friendlyName: string | undefined;
        try {
          const query = PHONE_PREVIEW_SETTINGS_QUERY;
          friendlyName = (await client?.readOnce(getTenantSettings, { query }))?.friendly_name;
        } catch {
          // The preview is a courtesy: the platform's default name stands in.
        }
        await reportTemplatePreviews(
          news,
          friendlyName,
          LEGACY_PHONE_DIALECT,
          templatesOf(news),
          once,
          subject,
        );
      },
    },

    refusesOccupied: {
      async occupant(client, inputs, moment) {
        const request = () =>
          moment === "create"
            ? client.send(getPhoneTemplates, { fresh: true })
            : client.readOnce(getPhoneTemplates);
        const templates = await onLegacyEndpoint(client, request);
        const differs = differencesFromDefaults(templates);
        // Texts this program declares are no one else's (an up interrupted after its write, run again).
        const declared = toSnakeDeep(messagesOf(inputs)) as Record<string, unknown>;
        if (differs.length === 0 || differencesFromDefaults(templates, declared).length === 0)
          return undefined;
        return { name: "phone templates", path: getPhoneTemplates.path, differs };
      },
    },

    async write(client, inputs) {
      const body = toSnakeDeep(messagesOf(inputs)) as PhoneTemplatesRequest;
      return fromWire(await onLegacyEndpoint(client, () => client.send(putPhoneTemplates, { body })));
    },

    async read(client) {
      return fromWire(await onLegacyEndpoint(client, () => client.send(getPhoneTemplates)));
    },

    async adopt(client) {
      return fromWire(await onLegacyEndpoint(client, () => client.send(getPhoneTemplates)));
    },

    async remove(client) {
      try {
        await client.send(putPhoneTemplates, { body: { ...DEFAULT_PHONE_TEMPLATES } });
      } catch (error) {
        if (!isLegacyRefusal(error)) throw error;
        // Moved to the Unified Phone Experience meanwhile: the legacy templates are no longer used.
        log(
          `PhoneTemplates on ${client.baseUrl}: the tenant now uses the Unified Phone Experience, where the ` +
            "legacy templates are no longer used; nothing was put back.",
          "warn",
        );
      }
    },
  });
}
