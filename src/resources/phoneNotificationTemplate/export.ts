import { tenantObjectId } from "../tenantObject/adoption";
import type { Declaration, ObjectExport } from "../tenantObject/cli/exporting";
import type { Member } from "../tenantObject/cli/exporting";
import { nested, newResource } from "../tenantObject/cli/exporting";
import type { PhoneNotificationTemplateList, PhoneNotificationTemplateResponse } from "./api";
import { phoneNotificationTemplateEndpoints } from "./api";

/** The templates someone created on the tenant (those with an `id`). */
interface CustomizedTemplates {
  templates: PhoneNotificationTemplateResponse[];
}

/**
 * The declaration of one customized template: its type, whether it is disabled, its sender and texts, and the
 * `import` option that adopts it (a create never takes over a template someone customized).
 */
function declaration(host: string, template: PhoneNotificationTemplateResponse): Declaration {
  const { from, body } = template.content;
  const bodyMembers: Member[] = [
    ...(body?.text === undefined ? [] : [["text", body.text] as const]),
    ...(body?.voice === undefined ? [] : [["voice", body.voice] as const]),
  ];
  const content: Member[] = [
    ...(from === undefined || from === "" ? [] : [["from", from] as const]),
    ["body", nested(bodyMembers)],
  ];
  const name = `phone-${template.type.replace(/_/g, "-")}`;
  const members: Member[] = [
    ["type", template.type],
    ["disabled", template.disabled],
    ["content", nested(content)],
  ];
  const path = phoneNotificationTemplateEndpoints.get.path.replace("{id}", template.id ?? "");
  const options: Member[] = [["import", tenantObjectId(host, path)]];
  return {
    imports: ["PhoneNotificationTemplate"],
    lines: [newResource("PhoneNotificationTemplate", name, members, options)],
    secrets: [],
  };
}

/**
 * `tenant-admin export` of the phone notification templates, for a tenant that uses the Unified Phone
 * Experience: the ones the tenant customized (the others are the platform's defaults, which a program need
 * not declare).
 */
export const objectExport: ObjectExport<CustomizedTemplates> = {
  async read({ client, phoneGeneration }) {
    if (phoneGeneration === "legacy") {
      return { skipped: ["PhoneNotificationTemplate: the tenant uses the legacy phone set-up"] };
    }
    const list = await client.send(phoneNotificationTemplateEndpoints.list);
    const templates = (list.templates ?? []).filter((template) => template.id !== undefined);
    return { snapshot: { templates }, skipped: [] };
  },

  declare({ templates }, host) {
    if (templates.length === 0) {
      return { declarations: [], skipped: ["phone notification templates: the tenant customized none"] };
    }
    const [first, ...rest] = templates.map((template) => declaration(host, template));
    const comment = [
      "// The phone notification templates the tenant customized (MFA enrollment and verification are otp_enroll",
      "// and otp_verify); the other types keep the platform's default texts. Each adopts the tenant's template",
      "// (the import option; nothing is written): a create never takes over a template someone customized.",
    ];
    const head: Declaration | undefined =
      first === undefined ? undefined : { ...first, lines: [...comment, ...first.lines] };
    return { declarations: head === undefined ? rest : [head, ...rest], skipped: [] };
  },
};

/**
 * The templates the tenant customized (those with an `id`): `tenant-admin doctor` lists each with the `import`
 * value that adopts it. `answer` is the parsed answer of `GET` {@link phoneNotificationTemplateEndpoints.list}.
 */
export function adoptable(answer: unknown, host: string) {
  return ((answer as PhoneNotificationTemplateList).templates ?? []).flatMap((template) =>
    template.id === undefined
      ? []
      : [
          {
            label: `PhoneNotificationTemplate ${template.type}`,
            differs: [template.type],
            importId: tenantObjectId(
              host,
              phoneNotificationTemplateEndpoints.get.path.replace("{id}", template.id),
            ),
          },
        ],
  );
}
