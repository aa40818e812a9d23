import type * as pulumi from "@pulumi/pulumi";

import type { EngineLogSeverity } from "../../engine/log";
import { engineLog } from "../../engine/log";
import type { TemplateChannel, TemplateDialect } from "../../templates";
import { DEFAULT_FRIENDLY_NAME, previewSms, reviewTemplate } from "../../templates";

/** Where the preview lines go: the engine output, or a recorder in unit tests. */
export type PreviewLog = (message: string, severity: EngineLogSeverity) => void;

/** One template of a resource's inputs: where it is, and what the platform does with it. */
export interface TemplateItem {
  /** The user's name of the property: `enrollmentMessage`, `content.body.text`. */
  readonly property: string;
  readonly template: string;
  /** How it is delivered: SMS, a voice call, or both (a legacy template branches on `message_type`). */
  readonly channels: readonly TemplateChannel[];
  /** Whether it must output `{{code}}` on every path. */
  readonly requireCode: boolean;
}

/** The check failures of templates under the dialect's rules (Liquid, the code, the budget), by property. */
export function templateFailures(
  dialect: TemplateDialect,
  items: readonly TemplateItem[],
): pulumi.dynamic.CheckFailure[] {
  return items.flatMap(({ property, template, channels, requireCode }) =>
    reviewTemplate(template, dialect, { channels, requireCode }).errors.map((reason) => ({
      property,
      reason,
    })),
  );
}

/** A log that prints each line once per provider process: the engine calls check many times. */
export function printedOnce(log: PreviewLog = engineLog): PreviewLog {
  const printed = new Set<string>();
  return (message, severity) => {
    if (printed.has(message)) return;
    printed.add(message);
    log(message, severity);
  };
}

/**
 * Shows what valid templates send: each SMS with a sample code and the tenant's friendly name (or the
 * platform's default one, said so), its length, encoding and segments; and the warnings of the rules
 * (undocumented variables, comparisons that can never hold, several SMS segments). Each line starts with
 * `subject`, the resource the templates belong to: the engine shows these lines under the stack, not under
 * the resource.
 */
export async function reportTemplatePreviews(
  friendlyName: string | undefined,
  dialect: TemplateDialect,
  items: readonly TemplateItem[],
  baseLog: PreviewLog,
  subject: string,
): Promise<void> {
  const log: PreviewLog = (message, severity) => baseLog(`${subject}: ${message}`, severity);
  for (const { property, template, channels, requireCode } of items) {
    const review = reviewTemplate(template, dialect, { channels, requireCode, subject: property });
    if (review.errors.length > 0) continue;
    for (const warning of review.warnings) log(warning, "warn");
    if (!channels.includes("sms")) continue;
    const preview = previewSms(template, dialect, { subject: property, friendlyName });
    const placeholder =
      friendlyName === undefined ? ` [friendly name: placeholder "${DEFAULT_FRIENDLY_NAME}"]` : "";
    log(`${preview.line}${placeholder}`, "info");
    if (preview.multiSegmentWarning !== undefined) log(preview.multiSegmentWarning, "warn");
  }
}
