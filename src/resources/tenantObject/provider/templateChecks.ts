import type * as pulumi from "@pulumi/pulumi";

import type { EngineLogSeverity } from "../../../engine/log";
import { engineLog } from "../../../engine/log";
import type { TemplateChannel, TemplateCheck, TemplateDialect } from "../../../templates";
import { DEFAULT_FRIENDLY_NAME, checkTemplate } from "../../../templates";

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

/**
 * The reviews of each inputs object's templates, by property: a provider's check gives the same inputs
 * object to its failures and its report, which share one review (one parse) per template.
 */
const reviewsByInputs = new WeakMap<object, Map<string, TemplateCheck>>();

function reviewsOf(
  inputs: object,
  dialect: TemplateDialect,
  items: readonly TemplateItem[],
): [TemplateItem, TemplateCheck][] {
  let reviews = reviewsByInputs.get(inputs);
  if (reviews === undefined) reviewsByInputs.set(inputs, (reviews = new Map<string, TemplateCheck>()));
  return items.map((item) => {
    const { property, template, channels, requireCode } = item;
    const key = JSON.stringify([property, template]);
    let review = reviews.get(key);
    if (review === undefined) {
      review = checkTemplate(template, dialect, { channels, requireCode, subject: property });
      reviews.set(key, review);
    }
    return [item, review];
  });
}

/**
 * The check failures of templates under the dialect's rules (Liquid, the code, the budget), by property.
 * `inputs` is the check's inputs object the items come from: {@link reportTemplatePreviews} given the same
 * object reuses these reviews.
 */
export function templateFailures(
  inputs: object,
  dialect: TemplateDialect,
  items: readonly TemplateItem[],
): pulumi.dynamic.CheckFailure[] {
  return reviewsOf(inputs, dialect, items).flatMap(([{ property }, review]) =>
    review.errors.map((reason) => ({ property, reason })),
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
 * the resource. The reviews are those {@link templateFailures} made of the same `inputs`, if it did.
 */
export async function reportTemplatePreviews(
  inputs: object,
  friendlyName: string | undefined,
  dialect: TemplateDialect,
  items: readonly TemplateItem[],
  baseLog: PreviewLog,
  subject: string,
): Promise<void> {
  const log: PreviewLog = (message, severity) => baseLog(`${subject}: ${message}`, severity);
  for (const [, review] of reviewsOf(inputs, dialect, items)) {
    if (review.errors.length > 0) continue;
    for (const warning of review.warnings) log(warning, "warn");
    const preview = review.smsPreview(friendlyName);
    if (preview === undefined) continue;
    const placeholder =
      friendlyName === undefined ? ` [friendly name: placeholder "${DEFAULT_FRIENDLY_NAME}"]` : "";
    log(`${preview.line}${placeholder}`, "info");
    if (preview.multiSegmentWarning !== undefined) log(preview.multiSegmentWarning, "warn");
  }
}
