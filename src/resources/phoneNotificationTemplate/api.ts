import type { ObjectIdentity } from "../../wire/document";
import { collectionEndpoints } from "../../wire/collectionEndpoints";
import { endpoint } from "../../wire/endpoint";

export { BRANDING_PHONE_DIALECT, PHONE_NOTIFICATION_VARIABLES, brandingPhoneDialect } from "./dialect";
import type { ZodApi } from "../../wire/schema";
import { schema } from "../../wire/schema";
import type { Flat } from "../../wire/shape";

/** The phone notification template types of a tenant (one template of each at most). */
export const PHONE_NOTIFICATION_TYPES = [
  "otp_verify",
  "otp_enroll",
  "change_password",
  "blocked_account",
  "password_breach",
] as const;

/** A phone notification template type. */
export type PhoneNotificationType = (typeof PHONE_NOTIFICATION_TYPES)[number];

/** The types whose messages carry a one-time code: their texts must output `{{code}}`. */
export const CODE_TYPES: readonly PhoneNotificationType[] = ["otp_verify", "otp_enroll", "change_password"];

/** The platform's limits: `from` 1–16 characters, each body 1–20,000. */
export const FROM_MAX_LENGTH = 16;
export const BODY_MAX_LENGTH = 20_000;

/** The message texts: `text` is sent by SMS, `voice` read out in a call. At least one. */
export type PhoneNotificationBody = {
  /** The SMS: a Liquid template with the platform's variables (docs/templates.md). */
  text?: string | undefined;
  /** What a voice call says: a Liquid template with the platform's variables (docs/templates.md). */
  voice?: string | undefined;
};

/** What a template says and from which number (`from`; default: the phone provider's number). */
export type PhoneNotificationContent = {
  from?: string | undefined;
  body?: PhoneNotificationBody | undefined;
};

/** `POST /branding/phone/templates` body. */
export type PhoneNotificationCreate = {
  type?: PhoneNotificationType | undefined;
  disabled?: boolean | undefined;
  content?: Flat<PhoneNotificationContent & { syntax?: string | undefined }> | undefined;
};

/** `PATCH /branding/phone/templates/{id}` body: neither `type` nor `content.syntax` can change. */
export type PhoneNotificationUpdate = {
  disabled?: boolean | undefined;
  content?: PhoneNotificationContent | undefined;
};

/**
 * A template as the platform answers it: `id` (`tem_…`; absent for a type the tenant never customized, which
 * the list shows with its default content), `tenant`, `channel` (`phone`), `type`, `disabled`, `content`
 * (`syntax` `liquid`, `body`, `from` when set), and fields the platform adds (`created_at`, `updated_at`,
 * `customizable` where it returns it).
 */
export type PhoneNotificationTemplateResponse = {
  [key: string]: unknown;
  id?: string | undefined;
  tenant?: string | undefined;
  channel?: string | undefined;
  customizable?: boolean | undefined;
  type: string;
  disabled: boolean;
  content: {
    [key: string]: unknown;
    syntax?: string | undefined;
    from?: string | undefined;
    body?: { [key: string]: unknown; text?: string | undefined; voice?: string | undefined } | undefined;
  };
};

/** The list's answer. */
export type PhoneNotificationTemplateList = {
  [key: string]: unknown;
  templates?: PhoneNotificationTemplateResponse[] | undefined;
};

/** `POST /branding/phone/templates/{id}/try` body: sends one real message. */
export type PhoneNotificationTry = {
  [key: string]: unknown;
  to: string;
  delivery_method?: "text" | "voice" | undefined;
};

/** Its 202 answer. */
export type PhoneNotificationTryResponse = { [key: string]: unknown; message: string };

function requestParts(z: ZodApi) {
  const text = () => z.string().min(1).max(BODY_MAX_LENGTH).optional();
  const body = z
    .strictObject({ text: text(), voice: text() })
    .refine((value) => Object.keys(value).length > 0, "must hold text or voice");
  const from = z.string().min(1).max(FROM_MAX_LENGTH).optional();
  return { body, from };
}

export const phoneNotificationCreateSchema = schema<PhoneNotificationCreate>()((z) => {
  const { body, from } = requestParts(z);
  return z.strictObject({
    type: z.enum(PHONE_NOTIFICATION_TYPES).optional(),
    disabled: z.boolean().optional(),
    content: z
      .strictObject({ syntax: z.string().optional(), from, body: body.optional() })
      .refine((value) => Object.keys(value).length > 0, "must not be empty")
      .optional(),
  });
});

export const phoneNotificationUpdateSchema = schema<PhoneNotificationUpdate>()((z) => {
  const { body, from } = requestParts(z);
  return z.strictObject({
    disabled: z.boolean().optional(),
    content: z
      .strictObject({ from, body: body.optional() })
      .refine((value) => Object.keys(value).length > 0, "must not be empty")
      .optional(),
  });
});

function templateResponse(z: ZodApi) {
  return z.looseObject({
    id: z.string().optional(),
    tenant: z.string().optional(),
    channel: z.string().optional(),
    customizable: z.boolean().optional(),
    type: z.string(),
    disabled: z.boolean(),
    content: z.looseObject({
      syntax: z.string().optional(),
      from: z.string().optional(),
      body: z.looseObject({ text: z.string().optional(), voice: z.string().optional() }).optional(),
    }),
  });
}

export const phoneNotificationTemplateSchema = schema<PhoneNotificationTemplateResponse>()(templateResponse);

export const phoneNotificationTemplateListSchema = schema<PhoneNotificationTemplateList>()((z) =>
  z.looseObject({ templates: z.array(templateResponse(z)).optional() }),
);

export const phoneNotificationTrySchema = schema<PhoneNotificationTry>()((z) =>
  z.looseObject({ to: z.string().min(1).max(16), delivery_method: z.enum(["text", "voice"]).optional() }),
);

export const phoneNotificationTryResponseSchema = schema<PhoneNotificationTryResponse>()((z) =>
  z.looseObject({ message: z.string() }),
);

/** Any JSON body (the reset takes one, and ignores it). */
export const anyBodySchema = schema<unknown>()((z) => z.unknown());

/**
 * The templates' endpoints: `list` (`GET /branding/phone/templates`, `?disabled=`: every type, customized or not,
 * then without `id`), `create` (`POST`: 201, or 409 when the tenant has a template of that type), `get`,
 * `update` (`PATCH`), `remove` (`DELETE`: 204; the type falls back to the platform's default) and `try` (`POST
 * …/try`: 202; sends a real message, the emulator only logs it) of `/branding/phone/templates/{id}`.
 */
export const phoneNotificationTemplateEndpoints = collectionEndpoints({
  path: "/branding/phone/templates",
  scopes: {
    read: "read:phone_templates",
    create: "create:phone_templates",
    update: "update:phone_templates",
    delete: "delete:phone_templates",
  },
  list: phoneNotificationTemplateListSchema,
  create: phoneNotificationCreateSchema,
  update: phoneNotificationUpdateSchema,
  member: phoneNotificationTemplateSchema,
  encodings: ["json", "form"],
  hints: {
    404: "The template does not exist (any more) on the tenant",
    409: "The tenant already has a template of this type",
  },
  sharedRead: true,
  trial: { request: phoneNotificationTrySchema, response: phoneNotificationTryResponseSchema },
});

/** `PATCH /branding/phone/templates/{id}/reset`: the type's default texts back (`from` and `disabled` kept). */
export const resetPhoneNotificationTemplate = endpoint<unknown, PhoneNotificationTemplateResponse>({
  method: "PATCH",
  path: `${phoneNotificationTemplateEndpoints.memberPath}/reset`,
  scope: "update:phone_templates",
  request: anyBodySchema,
  encodings: ["json", "form"],
  response: phoneNotificationTemplateSchema,
});

/** The endpoints the package itself sends for the resource. */
export const PACKAGE_ENDPOINTS = [
  phoneNotificationTemplateEndpoints.list,
  phoneNotificationTemplateEndpoints.create,
  phoneNotificationTemplateEndpoints.get,
  phoneNotificationTemplateEndpoints.update,
  phoneNotificationTemplateEndpoints.remove,
];

/** The platform's default texts of each type, as real tenants return them (none is known for `password_breach`). */
export const DEFAULT_PHONE_NOTIFICATION_BODIES: Readonly<
  Partial<Record<PhoneNotificationType, Required<PhoneNotificationBody>>>
> = {
  otp_verify: {
    text: "{{ code | escape }} is your verification code for {{ friendly_name | escape }}",
    voice:
      "Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}",
  },
  otp_enroll: {
    text: "{{ code | escape }} is your verification code for {{ friendly_name | escape }}. Please enter this code to verify your enrollment.",
    voice:
      "Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}",
  },
  change_password: {
    text: "{{ code | escape }} is your password change code for {{ friendly_name | escape }}",
    voice:
      "Hello. Your password change code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your password change code is {{ pause }} {{ code | escape }}",
  },
  blocked_account: {
    text: "We detected suspicious activity on your account from the ip {{user.source_ip}}{% if user.city %} from {{user.city}}, {{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}. Logins from this IP have been blocked on your account. If this is your IP, please reset your password to unblock your account. Otherwise, disregard this message.",
    voice:
      "We detected suspicious activity on your account from the ip {{user.source_ip}}{% if user.city %} from {{user.city}}, {{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}. Logins from this IP have been blocked on your account. If this is your IP, please reset your password to unblock your account. Otherwise, disregard this message.",
  },
};

/** Who the phone notification templates are, for the registry, the resource class and the provider entry. */
export const phoneNotificationTemplateIdentity = {
  name: "phoneNotificationTemplate",
  label: "phone notification template",
  resource: { type: "PhoneNotificationTemplate", docs: "docs/phone-notification-template.md" },
} as const satisfies ObjectIdentity;
