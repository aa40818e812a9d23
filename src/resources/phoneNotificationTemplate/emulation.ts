import type { ObjectEmulation, RouteContext, RuleHost } from "../../wire/emulation";
import { EMULATED_TENANT_NAME, disabledFilter, emulatedCollection } from "../../wire/collectionRoutes";
import { RefusalError, customRoute } from "../../wire/emulation";
import type { PhoneNotificationBody, PhoneNotificationTemplateResponse, PhoneNotificationType } from "./api";
import {
  DEFAULT_PHONE_NOTIFICATION_BODIES,
  PHONE_NOTIFICATION_TYPES,
  brandingPhoneDialect,
  phoneNotificationTemplateEndpoints,
  phoneNotificationTemplateSchema,
  resetPhoneNotificationTemplate,
} from "./api";

type Stored = PhoneNotificationTemplateResponse & { id: string; type: PhoneNotificationType };

const TEMPLATES = emulatedCollection({
  idPrefix: "tem_",
  path: phoneNotificationTemplateEndpoints.list.path,
  notFound: "Notification Resource not found",
});

/** A type the tenant never customized, as the list shows it: its default texts, no `id`, an empty `from`. */
function defaultTemplate(
  type: PhoneNotificationType,
  body: PhoneNotificationBody,
): PhoneNotificationTemplateResponse {
  const now = new Date().toISOString();
  return {
    tenant: EMULATED_TENANT_NAME,
    channel: "phone",
    type,
    disabled: false,
    created_at: now,
    updated_at: now,
    content: { syntax: "liquid", body: { ...body }, from: "" },
  };
}

/** Refuses texts that do not parse or exceed the template budget (the platform takes any text otherwise). */
async function checkTexts(
  host: RuleHost,
  type: PhoneNotificationType,
  body: PhoneNotificationBody | undefined,
): Promise<void> {
  const texts = (["text", "voice"] as const).flatMap((channel) =>
    body?.[channel] === undefined ? [] : [{ channel, template: body[channel] }],
  );
  const results = await host.reviewTemplates(
    texts.map(({ channel, template }) => ({
      template,
      dialect: brandingPhoneDialect(type),
      options: { channels: [channel === "text" ? "sms" : "voice"], requireCode: false },
    })),
  );
  for (const [index, result] of results.entries()) {
    const [first] = result.errors;
    const text = texts[index];
    if (first !== undefined && text !== undefined) {
      throw new RefusalError(
        400,
        `Payload validation error: 'Invalid template: ${first}' on property content.body.${text.channel}.`,
        "invalid_body",
      );
    }
  }
}

async function save(context: RouteContext<unknown>, template: Stored): Promise<Stored> {
  await context.tenant.setItem(TEMPLATES.path, template.id, template);
  return template;
}

/**
 * The tenant's phone notification templates: one per type at most; the list also shows the types never
 * customized, with the platform's default texts and no `id`. A delete gives a type back its default; a reset
 * puts the default texts back and keeps `from` and `disabled`, as a recorded reset did.
 */
export const emulation: ObjectEmulation = {
  collections: [{ path: TEMPLATES.path, stored: phoneNotificationTemplateSchema }],
  routes: [
    customRoute(phoneNotificationTemplateEndpoints.list, async ({ tenant, query }) => {
      const customized = tenant.items<Stored>(TEMPLATES.path);
      // As a recorded list: the customized templates, then the defaults of the other types by name.
      const defaults = [...PHONE_NOTIFICATION_TYPES].sort().flatMap((type) => {
        const body = DEFAULT_PHONE_NOTIFICATION_BODIES[type];
        return body === undefined || customized.some((item) => item.type === type)
          ? []
          : [defaultTemplate(type, body)];
      });
      const disabled = disabledFilter(query);
      const templates = [...customized, ...defaults].filter(
        (template) => disabled === undefined || template.disabled === disabled,
      );
      return { templates };
    }),

    customRoute(phoneNotificationTemplateEndpoints.create, async (context) => {
      const { type, disabled, content } = context.body;
      if (type === undefined) {
        throw new RefusalError(
          400,
          "Payload validation error: 'Missing required property: type'.",
          "invalid_body",
        );
      }
      if (context.tenant.items<Stored>(TEMPLATES.path).some((item) => item.type === type)) {
        throw new RefusalError(409, "Phone template already configured for tenant");
      }
      await checkTexts(context.host, type, content?.body);
      const now = new Date().toISOString();
      const body = content?.body ?? DEFAULT_PHONE_NOTIFICATION_BODIES[type] ?? {};
      return save(context, {
        id: TEMPLATES.newId(),
        tenant: EMULATED_TENANT_NAME,
        channel: "phone",
        type,
        disabled: disabled ?? false,
        created_at: now,
        updated_at: now,
        content: {
          syntax: content?.syntax ?? "liquid",
          body: { ...body },
          ...(content?.from === undefined ? {} : { from: content.from }),
        },
      });
    }),

    customRoute(phoneNotificationTemplateEndpoints.get, async (context) => TEMPLATES.item<Stored>(context)),

    customRoute(phoneNotificationTemplateEndpoints.update, async (context) => {
      const current = TEMPLATES.item<Stored>(context);
      const { disabled, content } = context.body;
      await checkTexts(context.host, current.type, content?.body);
      return save(context, {
        ...current,
        disabled: disabled ?? current.disabled,
        updated_at: new Date().toISOString(),
        content: {
          ...current.content,
          ...(content?.from === undefined ? {} : { from: content.from }),
          body: { ...current.content.body, ...content?.body },
        },
      });
    }),

    TEMPLATES.deleteRoute(phoneNotificationTemplateEndpoints.remove),

    customRoute(resetPhoneNotificationTemplate, async (context) => {
      const current = TEMPLATES.item<Stored>(context);
      const body = DEFAULT_PHONE_NOTIFICATION_BODIES[current.type];
      if (body === undefined) {
        throw new RefusalError(
          400,
          `No default content is known for ${current.type} templates`,
          "invalid_body",
        );
      }
      return save(context, {
        ...current,
        updated_at: new Date().toISOString(),
        content: { ...current.content, body: { ...body } },
      });
    }),

    customRoute(phoneNotificationTemplateEndpoints.try, async (context) => {
      const current = TEMPLATES.item<Stored>(context);
      context.log(
        `try: a ${current.type} ${context.body.delivery_method ?? "text"} message would be sent (nothing sent)`,
      );
      return { code: 202, message: "Test notification successfully sent for processing" };
    }),
  ],
};
