import { toCamelKey } from "../../wire/casing";
import { TenantApiError } from "../../client/errors";
import { isRecord } from "../../wire/json";
import type { Declaration, ObjectExport, SecretSetting } from "../tenantObject/cli/exporting";
import type { Member } from "../tenantObject/cli/exporting";
import { adoptionOf, nested, newResource, secretRead } from "../tenantObject/cli/exporting";
import { differencesFromNewTenant } from "../tenantObject/singleton";
import type { CaptchaResponse } from "./api";
import {
  CREDENTIAL_FIELD_OF,
  captchaDocument,
  captchaPatchRequestSchema,
  configuredBlocks,
  getCaptcha,
} from "./api";

/** The stack config key a generated program reads a block's secret from: `hcaptchaSecret`. */
function secretKey(block: string, field: string): string {
  return `${toCamelKey(block)}${toCamelKey(field).replace(/^./, (c) => c.toUpperCase())}`;
}

/**
 * A block as the PATCH takes it, from what the tenant returned: its known fields (fields this version does
 * not know are dropped), its secret as a placeholder; or the request's issues when the tenant's block is
 * incomplete.
 */
function requestBlock(
  wireBlock: string,
  value: Record<string, unknown>,
  secretField: string | undefined,
): { fields: Record<string, unknown> } | { missing: string[] } {
  let fields = { ...value, ...(secretField === undefined ? {} : { [secretField]: "secret" }) };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const parsed = captchaPatchRequestSchema.safeParse({ [wireBlock]: fields });
    if (parsed.success) return { fields };
    const unknown = parsed.error.issues.flatMap((issue) => issue.keys ?? []);
    if (unknown.length === 0 || attempt === 1) {
      return { missing: parsed.error.issues.map((issue) => issue.path.slice(1).join(".") || issue.message) };
    }
    fields = Object.fromEntries(Object.entries(fields).filter(([field]) => !unknown.includes(field)));
  }
  return { missing: [] };
}

/**
 * Declares the configuration: the active provider, and each provider block the tenant has configured (a
 * block whose `site_key` is `""` was never configured: it is left out and asks for no secret). Each secret,
 * which the tenant never returns, is read from stack config.
 */
function declare(captcha: CaptchaResponse, host: string): { declarations: Declaration[]; skipped: string[] } {
  const skipped: string[] = [];
  const active = captcha.active_provider_id;
  if (active === undefined) {
    return {
      declarations: [],
      skipped: ["CAPTCHA configuration: the tenant returned no active_provider_id"],
    };
  }
  const secrets: SecretSetting[] = [];
  const members: Member[] = [["activeProviderId", active]];
  for (const [wireBlock, value] of Object.entries(configuredBlocks(captcha)).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    if (wireBlock === "active_provider_id" || value === undefined) continue;
    const block = toCamelKey(wireBlock);
    if (wireBlock === "simple_captcha") {
      // A free-form map: its keys are sent verbatim.
      members.push([block, value]);
      continue;
    }
    const secretField = (CREDENTIAL_FIELD_OF as Record<string, string | undefined>)[wireBlock];
    const known = wireBlock === "auth_challenge" || secretField !== undefined;
    if (!known || !isRecord(value)) {
      skipped.push(`CAPTCHA block ${wireBlock}: not known to this version of pulumi-tenant-admin`);
      continue;
    }
    const request = requestBlock(wireBlock, value, secretField);
    if ("missing" in request) {
      skipped.push(
        `CAPTCHA block ${wireBlock}: the tenant's block is incomplete (${request.missing.join(", ")})`,
      );
      continue;
    }
    const blockMembers = Object.entries(request.fields).map(([field, fieldValue]): Member => {
      if (field !== secretField) return [toCamelKey(field), fieldValue];
      const key = secretKey(wireBlock, field);
      secrets.push({ key, description: `the ${wireBlock} ${field}` });
      return [toCamelKey(field), secretRead(key)];
    });
    members.push([block, nested(blockMembers)]);
  }
  const adoption = adoptionOf(
    host,
    captchaDocument.get.path,
    differencesFromNewTenant(captchaDocument, captcha),
  );
  const lines = [
    "// The CAPTCHA (bot detection) configuration: the providers the tenant has configured. The tenant never",
    "// returns secrets: each one is read from stack config (pulumi config set --secret <key>).",
    ...adoption.comment,
    newResource("CaptchaConfig", "captcha", members, adoption.options),
  ];
  return { declarations: [{ imports: ["CaptchaConfig"], lines, secrets }], skipped };
}

/** `tenant-admin export` of the CAPTCHA configuration. */
export const objectExport: ObjectExport<CaptchaResponse> = {
  async read({ client }) {
    try {
      return { snapshot: await client.send(getCaptcha), skipped: [] };
    } catch (error) {
      const refusal = captchaDocument.entitlement.refusal;
      if (error instanceof TenantApiError && error.errorCode === refusal.errorCode) {
        return {
          skipped: [`CAPTCHA configuration: the tenant's plan does not include it (${refusal.message})`],
        };
      }
      if (error instanceof TenantApiError && error.status === 404) {
        return { skipped: ["CAPTCHA configuration: the tenant has none"] };
      }
      throw error;
    }
  },
  declare,
};
