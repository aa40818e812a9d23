import type { Clock } from "./limits";
import { RenderBudget } from "./limits";
import { parseTemplate, renderParsed } from "./liquid";

/** What a phone template is rendered for: a text message, or a call that reads it out. */
export type TemplateChannel = "sms" | "voice";

/** The sample values a dialect's render context is filled with (see {@link ContextPlaceholder}). */
export type SampleKey =
  "messageType" | "code" | "locale" | "requestLang" | "friendlyName" | "customDomain" | "pause";

/**
 * A place in a dialect's render context that each sample rendering fills: `messageType` the channel
 * (`sms`/`voice`), `code` the code's digits (a voice message's digits joined by the dialect's
 * `voiceCodeSeparator`), `locale`, `requestLang` (an Accept-Language header), `friendlyName`,
 * `customDomain` (`{ domain, domain_metadata }`), `pause`. A placeholder whose sample value is unset
 * leaves its key out of the context, as the platform does.
 */
interface ContextPlaceholder {
  $sample: SampleKey;
}

/** A JSON value, or a placeholder: the render context a dialect's templates see. */
export type ContextTree =
  | string
  | number
  | boolean
  | null
  | readonly ContextTree[]
  | ContextPlaceholder
  | { readonly [key: string]: ContextTree };

/**
 * The Liquid variables one generation of templates is given, as plain data (JSON-serializable, so it can
 * be posted to a worker thread). The template rules read nothing else about the platform.
 */
export interface TemplateDialect {
  /** The documented variable paths (`tenant.friendly_name`); a template's other variables draw a warning. */
  variables: readonly string[];
  /** Documented paths under which any key is known (`custom_domain.domain_metadata`). */
  freeForm: readonly string[];
  /** Variable paths that only take these values (`message_type`: `sms`, `voice`); a comparison with another literal draws a warning. */
  enums: Readonly<Record<string, readonly string[]>>;
  /** Every locale a message may be rendered for (the platform's `enabled_locales` list). */
  locales: readonly string[];
  /** What separates a code's digits in a voice message (`.` reads `1.2.3`); `""` leaves them as they are. */
  voiceCodeSeparator: string;
  /** The render context, with placeholders for the sample values. */
  context: { readonly [key: string]: ContextTree };
}

/** The values of one rendering: what fills a dialect's placeholders. */
export interface TemplateSample {
  channel: TemplateChannel;
  /** The code's digits. */
  code: string;
  locale?: string | undefined;
  requestLang?: string | undefined;
  friendlyName: string;
  customDomain?:
    { domain: string; domainMetadata?: Readonly<Record<string, string>> | undefined } | undefined;
  pause: string;
}

/** The platform's default friendly name, used when none is given. */
export const DEFAULT_FRIENDLY_NAME = "My Company";

/** The sample code a preview shows. */
export const SAMPLE_CODE = "123456";

function isPlaceholder(node: ContextTree): node is ContextPlaceholder {
  return typeof node === "object" && node !== null && "$sample" in node && typeof node.$sample === "string";
}

function sampleValue(key: SampleKey, sample: TemplateSample, dialect: TemplateDialect): unknown {
  switch (key) {
    case "messageType":
      return sample.channel;
    case "code":
      return sample.channel === "voice" ? [...sample.code].join(dialect.voiceCodeSeparator) : sample.code;
    case "customDomain":
      return sample.customDomain === undefined
        ? undefined
        : { domain: sample.customDomain.domain, domain_metadata: { ...sample.customDomain.domainMetadata } };
    default:
      return sample[key];
  }
}

function resolve(node: ContextTree, sample: TemplateSample, dialect: TemplateDialect): unknown {
  if (isPlaceholder(node)) return sampleValue(node.$sample, sample, dialect);
  if (Array.isArray(node)) return node.map((item: ContextTree) => resolve(item, sample, dialect));
  if (typeof node !== "object" || node === null) return node;
  const resolved: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node as Record<string, ContextTree>)) {
    const value = resolve(child, sample, dialect);
    if (value !== undefined) resolved[key] = value;
  }
  return resolved;
}

/** The render context of one sample: the dialect's context with its placeholders filled. */
export function renderContext(dialect: TemplateDialect, sample: TemplateSample): Record<string, unknown> {
  return resolve(dialect.context, sample, dialect) as Record<string, unknown>;
}

/** The variable paths each sample value appears at: `locale` → `["locale"]`, `requestLang` → `["requestInfo.lang"]`. */
export function placeholderPaths(dialect: TemplateDialect): Map<SampleKey, string[]> {
  const paths = new Map<SampleKey, string[]>();
  const visit = (node: ContextTree, path: string) => {
    if (isPlaceholder(node)) {
      paths.set(node.$sample, [...(paths.get(node.$sample) ?? []), path]);
    } else if (typeof node === "object" && node !== null && !Array.isArray(node)) {
      for (const [key, child] of Object.entries(node as Record<string, ContextTree>)) {
        visit(child, path === "" ? key : `${path}.${key}`);
      }
    }
  };
  visit(dialect.context, "");
  return paths;
}

/**
 * Renders a template of a dialect with one sample's values, within the template limits.
 *
 * @throws TemplateSyntaxError when the template does not parse or fails while rendering.
 * @throws TemplateLimitError when it is too long, nests too deeply, or its rendering runs over the time,
 *   output or memory limit. `clock` (default `performance.now`) times it.
 */
export function renderTemplate(
  template: string,
  dialect: TemplateDialect,
  sample: TemplateSample,
  clock?: Clock,
): string {
  const parsed = parseTemplate(template);
  return renderParsed(parsed, renderContext(dialect, sample), new RenderBudget(clock), template);
}
