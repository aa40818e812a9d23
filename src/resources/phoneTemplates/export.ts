import { tenantObjectId } from "../tenantObject/adoption";
import type { ObjectExport } from "../tenantObject/cli/exporting";
import type { Member } from "../tenantObject/cli/exporting";
import { adoptionOf, newResource } from "../tenantObject/cli/exporting";
import type { PhoneTemplatesResponse } from "./api";
import { differencesFromDefaults, getPhoneTemplates } from "./api";

/** `tenant-admin export` of the legacy phone templates, for a tenant that still uses the legacy set-up. */
export const objectExport: ObjectExport<PhoneTemplatesResponse> = {
  async read({ client, phoneGeneration }) {
    if (phoneGeneration === "unified") {
      return {
        skipped: [
          "PhoneTemplates: the tenant uses the Unified Phone Experience, where its phone messages are " +
            "phone notification templates",
        ],
      };
    }
    return { snapshot: await client.send(getPhoneTemplates), skipped: [] };
  },

  declare(templates, host) {
    const members: Member[] = [
      ["enrollmentMessage", templates.enrollment_message],
      ["verificationMessage", templates.verification_message],
    ];
    const adoption = adoptionOf(host, getPhoneTemplates.path, differencesFromDefaults(templates));
    const lines = [
      "// The phone (SMS and voice) MFA message templates of the tenant's legacy phone set-up.",
      ...adoption.comment,
      newResource("PhoneTemplates", "phone-templates", members, adoption.options),
    ];
    return { declarations: [{ imports: ["PhoneTemplates"], lines, secrets: [] }], skipped: [] };
  },
};

/**
 * The templates, when the tenant changed them from the platform's defaults: `tenant-admin doctor` lists them
 * with the `import` value that adopts them. `answer` is the parsed answer of `GET` {@link getPhoneTemplates}.
 */
export function adoptable(answer: unknown, host: string) {
  const differs = differencesFromDefaults(answer as PhoneTemplatesResponse);
  if (differs.length === 0) return [];
  return [{ label: "PhoneTemplates", differs, importId: tenantObjectId(host, getPhoneTemplates.path) }];
}
