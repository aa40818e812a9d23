import {
  DEFAULT_FRIENDLY_NAME,
  multiSegmentWarning,
  previewLine,
  previewPhoneTemplate,
  reviewPhoneTemplate,
  unknownVariableWarning,
} from "../templates";
import { engineLog } from "../engine/log";
import { tenantClientWithToken } from "./tenantClient";
import type { EngineLogSeverity } from "../engine/log";
import type { ProviderContext, TenantInputs } from "../engine/tenantArgs";
import { containsUnknown } from "../engine/unknowns";

/** Where the preview lines go: {@link engineLog} (the engine output), or a recorder in unit tests. */
export type PreviewLog = (message: string, severity: EngineLogSeverity) => void;

interface TemplateInputs {
  enrollmentMessage?: unknown;
  verificationMessage?: unknown;
  tenant?: TenantInputs | undefined;
}

/**
 * Returns what `check` calls once the templates are valid: for each template it logs the SMS a user
 * receives (sample code, the tenant's friendly name), its length, encoding and segment count, warns when
 * it needs more than one segment, and warns about undocumented variables. Each line is printed once per
 * provider process.
 *
 * The friendly name is read from the tenant only when this process already holds a client-credentials
 * token an earlier operation of the run fetched: check never requests a token, nor spends a request
 * with a token no request has vouched for (an API token), just for this. Otherwise, or when the read
 * fails, the platform's default name stands in.
 */
export function templatePreviewReporter(
  context: ProviderContext,
  log: PreviewLog = engineLog,
): (news: TemplateInputs) => Promise<void> {
  const printed = new Set<string>();
  const friendlyNames = new Map<string, string>();
  const emit = (severity: EngineLogSeverity, message: string) => {
    if (printed.has(message)) return;
    printed.add(message);
    log(message, severity);
  };

  async function friendlyName(tenant: TenantInputs | undefined): Promise<{ name: string; read: boolean }> {
    const placeholder = { name: DEFAULT_FRIENDLY_NAME, read: false };
    if (containsUnknown(tenant)) return placeholder;
    try {
      const connection = context.connection(tenant);
      const known = friendlyNames.get(connection.baseUrl);
      if (known !== undefined) return { name: known, read: true };
      const client = tenantClientWithToken(connection);
      if (client === undefined) return placeholder;
      const settings = await client.getTenantSettings({ fields: ["friendly_name"] });
      if (settings.friendly_name === undefined) return placeholder;
      friendlyNames.set(connection.baseUrl, settings.friendly_name);
      return { name: settings.friendly_name, read: true };
    } catch {
      // The preview is a courtesy: a tenant that cannot be read here fails, if at all, in the operation.
      return placeholder;
    }
  }

  return async (news) => {
    const templates = (["enrollmentMessage", "verificationMessage"] as const).flatMap((property) => {
      const template = news[property];
      return typeof template === "string" && !containsUnknown(template) ? [{ property, template }] : [];
    });
    if (templates.length === 0) return;
    const { name, read } = await friendlyName(news.tenant);
    const nameNote = read ? "" : ` [friendly name: placeholder "${name}"]`;
    for (const { property, template } of templates) {
      const review = reviewPhoneTemplate(template);
      if (review.errors.length > 0) continue;
      for (const unknown of review.unknownVariables) emit("warn", unknownVariableWarning(property, unknown));
      const preview = previewPhoneTemplate(template, name);
      emit("info", `${previewLine(property, preview)}${nameNote}`);
      const multiSegment = multiSegmentWarning(property, preview);
      if (multiSegment !== undefined) emit("warn", multiSegment);
    }
  };
}
