import { randomInt } from "node:crypto";

import type { ObjectEmulation, RouteContext } from "../../wire/emulation";
import { RefusalError, customRoute } from "../../wire/emulation";
import { reviewTemplatesInWorker } from "../../templates";
import type { PhoneNotificationBody, PhoneNotificationTemplateResponse, PhoneNotificationType } from "./api";
import {
  DEFAULT_PHONE_NOTIFICATION_BODIES,
  PHONE_NOTIFICATION_TYPES,
  brandingPhoneDialect,
  createPhoneNotificationTemplate,
  deletePhoneNotificationTemplate,
  getPhoneNotificationTemplate,
  listPhoneNotificationTemplates,
  phoneNotificationTemplateSchema,
  resetPhoneNotificationTemplate,
  tryPhoneNotificationTemplate,
  updatePhoneNotificationTemplate,
} from "./api";

type Stored = PhoneNotificationTemplateResponse & { id: string; type: PhoneNotificationType };

const COLLECTION = listPhoneNotificationTemplates.path;
/** The tenant name templates report (`tenant`). */
const TENANT_NAME = "tenant-emulator";
const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function newId(): string {
  return `tem_${Array.from({ length: 22 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("")}`;
}

function notFound(): RefusalError {
  return new RefusalError(404, "Notification Resource not found");
}

function stored(context: RouteContext<unknown>): Stored {
  const id = context.params["id"] ?? "";
  const found = context.tenant.items<Stored>(COLLECTION).find((item) => item.id === id);
  if (found === undefined) throw notFound();
  return found;
}

/** A type the tenant never customized, as the list shows it: its default texts, no `id`, an empty `from`. */
function defaultTemplate(
  type: PhoneNotificationType,
  body: PhoneNotificationBody,
): PhoneNotificationTemplateResponse {
  const now = new Date().toISOString();
  return {
    tenant: TENANT_NAME,
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
  type: PhoneNotificationType,
  body: PhoneNotificationBody | undefined,
): Promise<void> {
  const texts = (["text", "voice"] as const).flatMap((channel) =>
    body?.[channel] === undefined ? [] : [{ channel, template: body[channel] }],
  );
  const results = await reviewTemplatesInWorker(
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
  await context.tenant.setItem(COLLECTION, template.id, template);
  return template;
}

/**
 * The tenant's phone notification templates: one per type at most; the list also shows the types never
 * customized, with the platform's default texts and no `id`. A delete gives a type back its default; a reset
 * puts the default texts back and keeps `from` and `disabled`, as a recorded reset did.
 */
export const emulation: ObjectEmulation = {
  collections: [{ path: COLLECTION, stored: phoneNotificationTemplateSchema }],
  routes: [
    customRoute(listPhoneNotificationTemplates, async ({ tenant, query }) => {
      const customized = tenant.items<Stored>(COLLECTION);
      // As a recorded list: the customized templates, then the defaults of the other types by name.
      const defaults = [...PHONE_NOTIFICATION_TYPES].sort().flatMap((type) => {
        const body = DEFAULT_PHONE_NOTIFICATION_BODIES[type];
        return body === undefined || customized.some((item) => item.type === type)
          ? []
          : [defaultTemplate(type, body)];
      });
      const disabled = query.get("disabled");
      if (disabled !== null && disabled !== "true" && disabled !== "false") {
        throw new RefusalError(
          400,
          "Query validation error: 'Expected type boolean but found type string' on property disabled.",
          "invalid_query_string",
        );
      }
      const templates = [...customized, ...defaults].filter(
        (template) => disabled === null || template.disabled === (disabled === "true"),
      );
      return { templates };
    }),

    customRoute(createPhoneNotificationTemplate, async (context) => {
      const { type, disabled, content } = context.body;
      if (type === undefined) {
        throw new RefusalError(
          400,
          "Payload validation error: 'Missing required property: type'.",
          "invalid_body",
        );
      }
      if (context.tenant.items<Stored>(COLLECTION).some((item) => item.type === type)) {
        throw new RefusalError(409, "Phone template already configured for tenant");
      }
      await checkTexts(type, content?.body);
      const now = new Date().toISOString();
      const body = content?.body ?? DEFAULT_PHONE_NOTIFICATION_BODIES[type] ?? {};
      return save(context, {
        id: newId(),
        tenant: TENANT_NAME,
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

    customRoute(getPhoneNotificationTemplate, async (context) => stored(context)),

    customRoute(updatePhoneNotificationTemplate, async (context) => {
      const current = stored(context);
      const { disabled, content } = context.body;
      await checkTexts(current.type, content?.body);
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

    customRoute(deletePhoneNotificationTemplate, async (context) => {
      const current = stored(context);
      await context.tenant.setItem(COLLECTION, current.id, undefined);
      return undefined;
    }),

    customRoute(resetPhoneNotificationTemplate, async (context) => {
      const current = stored(context);
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

    customRoute(tryPhoneNotificationTemplate, async (context) => {
      const current = stored(context);
      context.log(
        `try: a ${current.type} ${context.body.delivery_method ?? "text"} message would be sent (nothing sent)`,
      );
      return { code: 202, message: "Test notification successfully sent for processing" };
    }),
  ],
};
