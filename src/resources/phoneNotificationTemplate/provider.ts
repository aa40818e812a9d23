import type * as pulumi from "@pulumi/pulumi";

import { TenantAdminError, TenantApiError } from "../../client/errors";
import type { ManagementClient } from "../../client/managementClient";
import { engineLog } from "../../engine/log";
import type { ProviderContext } from "../../engine/providerContext";
import { containsUnknown } from "../../engine/unknowns";
import { isRecord } from "../../wire/json";
import { schemaFailures } from "../tenantObject/checkFailures";
import type { Occupant } from "../tenantObject/ownership";
import { occupiedReason } from "../tenantObject/ownership";
import {
  printedOnce,
  reportTemplatePreviews,
  templateFailures,
} from "../tenantObject/provider/templateChecks";
import type { PreviewLog, TemplateItem } from "../tenantObject/provider/templateChecks";
import type { ProviderImplementation } from "../tenantObject/provider/hooks";
import { tenantObjectProvider } from "../tenantObject/provider/tenantObjectProvider";
import {
  PHONE_PREVIEW_SETTINGS_QUERY,
  getTenantSettings,
  usesUnifiedPhoneExperience,
} from "../tenantSettings/api";
import type { PhoneNotificationTemplateResponse, PhoneNotificationUpdate } from "./api";
import {
  CODE_TYPES,
  brandingPhoneDialect,
  phoneNotificationTemplateEndpoints,
  phoneNotificationCreateSchema,
} from "./api";
import type { PhoneNotificationTemplateInputs, PhoneNotificationTemplateOutputs } from "./resource";

type Inputs = PhoneNotificationTemplateInputs;
type Settings = Omit<PhoneNotificationTemplateOutputs, "domain" | "tenant" | "importId">;

const RESOURCE = "PhoneNotificationTemplate";

function isNotFound(error: unknown): boolean {
  return error instanceof TenantApiError && error.status === 404;
}

/** The body of a create or update: what the program declares, in wire spelling. */
function updateBody(inputs: Inputs): Required<Pick<PhoneNotificationUpdate, "disabled" | "content">> {
  const { from, body } = inputs.content;
  return {
    disabled: inputs.disabled ?? false,
    content: { ...(from === undefined ? {} : { from }), body: { ...body } },
  };
}

/**
 * The declared template as the tenant holds it: the fields the program declares (an undeclared `from` or
 * voice text is the tenant's business), and the tenant's own id, channel and `customizable`.
 */
function declaredAsOnTenant(declared: Inputs, template: PhoneNotificationTemplateResponse): Settings {
  const body = template.content.body ?? {};
  const { from, body: declaredBody } = declared.content;
  return {
    type: declared.type,
    disabled: template.disabled,
    content: {
      ...(from === undefined ? {} : { from: template.content.from }),
      body: {
        ...(declaredBody.text === undefined ? {} : { text: body.text }),
        ...(declaredBody.voice === undefined ? {} : { voice: body.voice }),
      },
    },
    templateId: template.id ?? "",
    channel: template.channel,
    customizable: template.customizable,
  };
}

/**
 * Whether the tenant's template is someone's: it has an `id`. What the recordings
 * (test/unit/conformance/fixtures) show:
 * - a tenant's list shows each type nobody created with the platform's default texts, `from: ""` and no `id`
 *   (go-auth0 `TestBrandingManager_ReadPhoneNotificationTemplates@b89ad147602f`): nobody made those;
 * - a template with an `id` was made by a POST (every recorded create answers 201 with one), and only a DELETE
 *   gives the type back (this resource's destroy sends one); a reset keeps the `id`, with the default texts
 *   back but `from` and `disabled` as they were (go-auth0 `TestBrandingManager_ResetPhoneNotificationTemplate`);
 * - `customizable`, which the OpenAPI lists, is in no recorded answer, so it cannot tell.
 * So an `id` means an owner: whoever created the template, even when its texts are the platform's defaults
 * (another stack may declare exactly those) or were reset in the dashboard. Such a template is adopted only on
 * purpose, with the `import` option.
 */
export function isCustomTemplate(template: PhoneNotificationTemplateResponse): boolean {
  return template.id !== undefined;
}

/** The tenant's custom template of `type` (see {@link isCustomTemplate}), as an occupant, or `undefined`. */
function customOf(
  templates: readonly PhoneNotificationTemplateResponse[],
  type: string,
): Occupant | undefined {
  const custom = templates.find((template) => template.type === type && isCustomTemplate(template));
  return custom?.id === undefined
    ? undefined
    : {
        name: `${type} template ${custom.id}`,
        path: phoneNotificationTemplateEndpoints.get.path.replace("{id}", custom.id),
      };
}

/**
 * The arguments the resource requires that the API's create body leaves optional: `type`, and `content` with
 * its `body` (which the schema then checks holds text or voice). Values not known yet are checked once known.
 */
function requiredFailures(news: Inputs): pulumi.dynamic.CheckFailure[] {
  const failures: pulumi.dynamic.CheckFailure[] = [];
  if (news.type === undefined) failures.push({ property: "type", reason: "is required" });
  const content: unknown = news.content;
  if (content === undefined) {
    failures.push({
      property: "content",
      reason: "is required: its body holds the text, the voice text or both",
    });
  } else if (isRecord(content) && content["body"] === undefined) {
    failures.push({
      property: "content.body",
      reason: "is required: it holds the text, the voice text or both",
    });
  }
  return failures;
}

function templatesOf(news: Inputs): TemplateItem[] {
  const requireCode = CODE_TYPES.includes(news.type);
  const body: Record<string, unknown> =
    (news.content as { body?: Record<string, unknown> } | undefined)?.body ?? {};
  return (["text", "voice"] as const).flatMap((channel) => {
    const template = body[channel];
    return typeof template === "string" && !containsUnknown(template)
      ? [
          {
            property: `content.body.${channel}`,
            template,
            channels: [channel === "text" ? "sms" : "voice"] as const,
            requireCode,
          },
        ]
      : [];
  });
}

/** The check failures of the declared template: required arguments, the API's schema and the Liquid texts. */
function checkFailures(news: Inputs): pulumi.dynamic.CheckFailure[] {
  const wire = { type: news.type, disabled: news.disabled, content: news.content };
  return [
    ...requiredFailures(news),
    ...schemaFailures(phoneNotificationCreateSchema, wire),
    ...templateFailures(news, brandingPhoneDialect(news.type), templatesOf(news)),
  ];
}

/** The tenant's custom template of the declared type, which a create at preview would take over. */
async function occupantAtPreview(
  client: ManagementClient,
  inputs: Inputs,
  moment: "preview" | "create",
): Promise<Occupant | undefined> {
  // The create at up refuses it itself, from the list it reads to create (see TemplateWrites).
  if (moment === "create") return undefined;
  if (typeof inputs.type !== "string" || containsUnknown(inputs.type)) return undefined;
  // Asked at preview only: every template a preview plans to create shares one read of the list.
  return customOf(
    (await client.readOnce(phoneNotificationTemplateEndpoints.list)).templates ?? [],
    inputs.type,
  );
}

/** `content.from` when the state has a sender number and the program no longer declares one. */
function keptSender(olds: Inputs, news: Inputs): string[] {
  const before: unknown = isRecord(olds.content) ? olds.content["from"] : undefined;
  const after: unknown = news.content;
  return typeof before === "string" && isRecord(after) && after["from"] === undefined ? ["content.from"] : [];
}

function carrySender(olds: Inputs, news: Inputs, kept: readonly string[]): Inputs {
  if (!kept.includes("content.from")) return news;
  return { ...news, content: { ...news.content, from: olds.content.from } };
}

/**
 * The preview of the declared texts, with the tenant's friendly name when it can be read, and a warning when
 * the tenant still uses the legacy phone set-up, where this template does not take effect yet.
 */
async function reportPreview(
  log: PreviewLog,
  news: Inputs,
  client: ManagementClient | undefined,
  subject: string,
): Promise<void> {
  let friendlyName: string | undefined;
  if (client !== undefined) {
    try {
      const query = PHONE_PREVIEW_SETTINGS_QUERY;
      const settings = await client.readOnce(getTenantSettings, { query });
      friendlyName = settings.friendly_name;
      if (!usesUnifiedPhoneExperience(settings)) {
        log(
          `${RESOURCE} ${news.type} on ${client.baseUrl}: the tenant still uses the legacy phone set-up ` +
            "(phone_consolidated_experience is false), whose MFA messages are PhoneTemplates; this template " +
            "is stored and takes effect once the tenant moves to the Unified Phone Experience.",
          "warn",
        );
      }
    } catch {
      // The preview is a courtesy: a tenant that cannot be read here fails, if at all, in the operation.
    }
  }
  await reportTemplatePreviews(
    news,
    friendlyName,
    brandingPhoneDialect(news.type),
    templatesOf(news),
    log,
    subject,
  );
}

/**
 * The writes of one provider process, and what they share: the template each tenant's type got from them, and
 * the list of each tenant's templates their creates decide by.
 */
class TemplateWrites {
  // The template each tenant's type got from this process (one pulumi command writes each resource once):
  // a second write of the same template means two resources of the program declare one type.
  readonly #claimed = new Map<string, string>();
  // The list the creates of this process decide by, read once per tenant: each create adds a template of
  // its own type only, so the list the first one read still tells the next whether its type is someone's.
  // A template made meanwhile by someone else meets the POST with 409, and that create reads again.
  readonly #listsForCreates = new Map<string, Promise<PhoneNotificationTemplateResponse[]>>();

  /** The declared template patched (when the state has one that still exists) or created, as the tenant holds it. */
  async write(client: ManagementClient, inputs: Inputs, state?: Inputs & Settings): Promise<Settings> {
    if (state?.templateId) {
      try {
        this.#claim(client, inputs.type, state.templateId);
        const params = { id: state.templateId };
        return declaredAsOnTenant(
          inputs,
          await client.send(phoneNotificationTemplateEndpoints.update, { params, body: updateBody(inputs) }),
        );
      } catch (error) {
        // Deleted on the tenant since: created again, unless someone made the type's template meanwhile.
        if (!isNotFound(error)) throw error;
      }
    }
    return declaredAsOnTenant(inputs, await this.#create(client, inputs));
  }

  #claim(client: ManagementClient, type: string, id: string): void {
    const key = `${client.baseUrl} ${type}`;
    if (this.#claimed.get(key) === id) {
      // The provider's message names the tenant first (`<tenant URL>: …`).
      throw new TenantAdminError(
        `two ${RESOURCE} resources of this program declare the tenant's ${type} template; a tenant has one ` +
          "template of each type: keep one resource per type.",
      );
    }
    this.#claimed.set(key, id);
  }

  #listForCreate(client: ManagementClient): Promise<PhoneNotificationTemplateResponse[]> {
    const known = this.#listsForCreates.get(client.baseUrl);
    if (known !== undefined) return known;
    const read = client
      .send(phoneNotificationTemplateEndpoints.list)
      .then((answer) => answer.templates ?? []);
    this.#listsForCreates.set(client.baseUrl, read);
    read.catch(() => this.#listsForCreates.delete(client.baseUrl));
    return read;
  }

  /**
   * The template of the type, created; or, when the tenant has one that nobody customized (a reset template,
   * which a POST would meet with 409), patched. A custom template is someone else's: refused.
   */
  async #create(client: ManagementClient, inputs: Inputs): Promise<PhoneNotificationTemplateResponse> {
    const body = updateBody(inputs);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const templates =
        attempt === 0
          ? await this.#listForCreate(client)
          : ((await client.send(phoneNotificationTemplateEndpoints.list)).templates ?? []);
      const custom = customOf(templates, inputs.type);
      if (custom !== undefined) {
        // One this process wrote for another resource gets claim's message: two resources of this program.
        this.#claim(client, inputs.type, custom.path.slice(custom.path.lastIndexOf("/") + 1));
        throw new TenantAdminError(occupiedReason(new URL(client.baseUrl).host, custom));
      }
      try {
        const created = await client.send(phoneNotificationTemplateEndpoints.create, {
          body: { type: inputs.type, ...body },
        });
        if (created.id !== undefined) this.#claim(client, inputs.type, created.id);
        return created;
      } catch (error) {
        // Created meanwhile by someone else: the next round says whose it is.
        if (!(error instanceof TenantApiError && error.status === 409) || attempt > 0) throw error;
      }
    }
    throw new TenantAdminError(`${RESOURCE}: the ${inputs.type} template could not be created`);
  }
}

async function readTemplate(
  client: ManagementClient,
  state: Inputs & Settings,
): Promise<Settings | undefined> {
  try {
    const template = await client.send(phoneNotificationTemplateEndpoints.get, {
      params: { id: state.templateId },
    });
    return declaredAsOnTenant(state, template);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The template the `import` option names, when it is of the declared type. */
async function adoptTemplate(
  client: ManagementClient,
  path: string,
  declared: Inputs,
): Promise<Settings | { problem: string } | undefined> {
  const id = path.slice(path.lastIndexOf("/") + 1);
  try {
    const template = await client.send(phoneNotificationTemplateEndpoints.get, { params: { id } });
    if (template.type !== declared.type) {
      return {
        problem: `the template ${id} is of type ${template.type}, and this resource declares ${declared.type}`,
      };
    }
    return declaredAsOnTenant(declared, template);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function removeTemplate(client: ManagementClient, state: Inputs & Settings): Promise<void> {
  try {
    await client.send(phoneNotificationTemplateEndpoints.remove, { params: { id: state.templateId } });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/**
 * Creates the provider implementation that `providerSource` in state loads by package name.
 *
 * @param log where check prints the template preview and warnings; default the engine output
 */
export function createProvider(
  context: ProviderContext,
  baseLog: PreviewLog = engineLog,
): ProviderImplementation {
  const log = printedOnce(baseLog);
  const writes = new TemplateWrites();
  return tenantObjectProvider<Inputs, Settings>(context, {
    pathPattern: phoneNotificationTemplateEndpoints.get.path,
    path: (stored) => phoneNotificationTemplateEndpoints.get.path.replace("{id}", stored.templateId),
    label: "phone notification template",
    unreadable: [],
    printable: ["type", "disabled"],
    properties: () => ["type", "disabled", "content"],
    outputs: ["templateId", "channel", "customizable"],
    replaceOn: ["type"],
    title: (inputs) =>
      typeof inputs.type === "string" && !containsUnknown(inputs.type)
        ? `${RESOURCE} ${inputs.type}`
        : RESOURCE,
    needs: {
      resource: RESOURCE,
      scopes: [
        phoneNotificationTemplateEndpoints.list.scope,
        phoneNotificationTemplateEndpoints.create.scope,
        phoneNotificationTemplateEndpoints.update.scope,
      ],
    },
    failures: checkFailures,
    refusesOccupied: { occupant: occupantAtPreview },
    keepsUndeclared: {
      because:
        "the API cannot clear a template's sender number (a PATCH takes 1 to 16 characters, and a reset keeps it)",
      paths: keptSender,
      carry: carrySender,
    },
    reportsPreview: { report: (news, client, subject) => reportPreview(log, news, client, subject) },
    write: (client, inputs, state) => writes.write(client, inputs, state),
    read: readTemplate,
    adopt: adoptTemplate,
    remove: removeTemplate,
  });
}
