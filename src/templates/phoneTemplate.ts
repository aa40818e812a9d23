import type * as LiquidModule from "liquidjs";
import type { Liquid, Template } from "liquidjs";

import { ENABLED_LOCALES } from "../wire/model";
import { smsSegments } from "./segments";
import type { SmsSegmentCount } from "./segments";
import { isKnownVariable, PHONE_TEMPLATE_VARIABLES, suggestVariable } from "./variables";

/** The kind of phone message a template is rendered for (the template's `message_type`). */
export type PhoneMessageType = "sms" | "voice";

/** The values a phone template is rendered with; every one is optional. */
export interface PhoneTemplateValues {
  /** `message_type`; default `"sms"`. */
  messageType?: PhoneMessageType | undefined;
  /** The verification code's digits; default `"123456"`. A voice message gets them dot-separated (`1.2.3.4.5.6`), as the platform sends them. */
  code?: string | undefined;
  /** `locale` (Universal Login or MFA API language, e.g. `fr-CA`); default unset. */
  locale?: string | undefined;
  /** `requestInfo.lang` (the browser's Accept-Language header, classic login); default unset. */
  requestLang?: string | undefined;
  /** `tenant.friendly_name` (and `tenant.friendlyName`); default the platform's `"My Company"`. */
  friendlyName?: string | undefined;
  /** `custom_domain.domain` and `custom_domain.domain_metadata`; default none. */
  customDomain?:
    { domain: string; domainMetadata?: Readonly<Record<string, string>> | undefined } | undefined;
  /** What `{{pause}}` renders as (the platform's voice pause marker is not documented); default `""`. */
  pause?: string | undefined;
}

/** A template the Liquid parser refuses, with the position the parser reports. */
export class PhoneTemplateSyntaxError extends Error {
  override readonly name = "PhoneTemplateSyntaxError";

  constructor(
    /** The parser's own message, without its position. */
    readonly reason: string,
    /** 1-based line of the offending tag or output. */
    readonly line: number,
    /** 1-based column. */
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
  }
}

/** A variable the platform does not document, and the known one it most likely means. */
export interface UnknownPhoneTemplateVariable {
  name: string;
  suggestion?: string | undefined;
}

/** What the template rules found in one template. */
export interface PhoneTemplateReview {
  /** One-line reasons the template is refused (empty when it is valid). */
  errors: string[];
  /** Variables the platform does not document: a warning, since the platform may add variables. */
  unknownVariables: UnknownPhoneTemplateVariable[];
}

/** What a user receives by SMS from a template, with a sample code. */
export interface PhoneTemplatePreview {
  /** The rendered SMS (no locale). */
  message: string;
  count: SmsSegmentCount;
  /** Every locale whose SMS needs more than one segment, with its count. */
  multiSegmentLocales: { locale: string; segments: number }[];
}

/** The platform's default friendly name, used when none is given. */
export const DEFAULT_FRIENDLY_NAME = "My Company";
const DEFAULT_CODE = "123456";
/** A code no template writes literally, to tell whether `code` was output. */
const PROBE_CODE = "740319";

let liquidjsModule: typeof LiquidModule | undefined;

/** liquidjs, loaded at the first template: a program that imports the package without one does not load it. */
function liquidjs(): typeof LiquidModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (liquidjsModule ??= require("liquidjs") as typeof LiquidModule);
}

function createEngine(): Liquid {
  const engine = new (liquidjs().Liquid)({
    strictFilters: true,
    // Templates come from users (and, in the emulator, from any client): bound the work one may cause.
    parseLimit: 100_000,
    memoryLimit: 10_000_000,
  });
  // The platform has no template files: file tags must not read this machine's files.
  for (const tag of ["include", "render", "layout", "block"]) delete engine.tags[tag];
  return engine;
}

let sharedEngine: Liquid | undefined;
const liquidEngine = (): Liquid => (sharedEngine ??= createEngine());

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A liquidjs error as a {@link PhoneTemplateSyntaxError}; other errors pass through. */
function syntaxError(error: unknown): unknown {
  if (!(error instanceof liquidjs().LiquidError)) return error;
  const [line = 1, column = 1] = error.token.getPosition();
  const reason = oneLine(error.message.split("\n")[0] ?? error.message).replace(/, line:\d+, col:\d+$/, "");
  return new PhoneTemplateSyntaxError(reason, line, column);
}

function parse(template: string): Template[] {
  try {
    return liquidEngine().parse(template);
  } catch (error) {
    throw syntaxError(error);
  }
}

function contextOf(values: PhoneTemplateValues): Record<string, unknown> {
  const messageType = values.messageType ?? "sms";
  const digits = values.code ?? DEFAULT_CODE;
  const friendlyName = values.friendlyName ?? DEFAULT_FRIENDLY_NAME;
  return {
    message_type: messageType,
    code: messageType === "voice" ? [...digits].join(".") : digits,
    ...(values.locale === undefined ? {} : { locale: values.locale }),
    requestInfo: values.requestLang === undefined ? {} : { lang: values.requestLang },
    tenant: { friendly_name: friendlyName, friendlyName },
    ...(values.customDomain === undefined
      ? {}
      : {
          custom_domain: {
            domain: values.customDomain.domain,
            domain_metadata: { ...values.customDomain.domainMetadata },
          },
        }),
    pause: values.pause ?? "",
  };
}

/**
 * How long the renderings of one call may take together, in ms: a bound on what one template can cost
 * (a loop that allocates is stopped sooner by the memory limit), generous for a loaded machine.
 */
const RENDER_BUDGET_MS = 10_000;

function renderParsed(parsed: Template[], values: PhoneTemplateValues, deadline: number): string {
  try {
    const renderLimit = Math.max(1, deadline - performance.now());
    return liquidEngine().renderSync(parsed, contextOf(values), { renderLimit }) as string;
  } catch (error) {
    throw syntaxError(error);
  }
}

/**
 * Renders a phone MFA template with Liquid as the platform does, so a program's own tests can check its
 * messages: `message_type`, `code` (dot-separated digits in voice messages), `locale`,
 * `requestInfo.lang`, `tenant.friendly_name`, `custom_domain.*` and `pause`.
 *
 * @throws PhoneTemplateSyntaxError when the template does not parse (an unclosed tag, an unknown tag or
 *   filter), or fails while rendering.
 * @example renderPhoneTemplate("{{code}} for {{tenant.friendly_name}}", { code: "42", friendlyName: "Acme" }) // "42 for Acme"
 */
export function renderPhoneTemplate(template: string, values: PhoneTemplateValues = {}): string {
  return renderParsed(parse(template), values, performance.now() + RENDER_BUDGET_MS);
}

interface Sample {
  messageType: PhoneMessageType;
  locale: string | undefined;
  customDomain: boolean;
}

/** Every locale a template may be rendered for: the platform's, plus any string the template compares. */
function candidateLocales(template: string): (string | undefined)[] {
  const literals = [...template.matchAll(/"([^"\n]{1,35})"|'([^'\n]{1,35})'/g)]
    .map((match) => match[1] ?? match[2] ?? "")
    .slice(0, 50);
  return [undefined, ...new Set<string>([...ENABLED_LOCALES, ...literals])];
}

/**
 * The renderings that decide the code rule: both message types; every candidate locale when the template
 * reads `locale` or `requestInfo`; with and without a custom domain when it reads `custom_domain`.
 */
function samplesOf(template: string, variables: readonly string[]): Sample[] {
  const reads = (name: string) => variables.includes(name);
  const locales = reads("locale") || reads("requestInfo") ? candidateLocales(template) : [undefined];
  const customDomains = reads("custom_domain") ? [false, true] : [false];
  const samples: Sample[] = [];
  for (const messageType of ["sms", "voice"] as const) {
    for (const locale of locales) {
      for (const customDomain of customDomains) samples.push({ messageType, locale, customDomain });
    }
  }
  return samples;
}

function valuesOf(sample: Sample, code: string): PhoneTemplateValues {
  return {
    messageType: sample.messageType,
    code,
    locale: sample.locale,
    requestLang: sample.locale,
    customDomain: sample.customDomain ? { domain: "login.example.com", domainMetadata: {} } : undefined,
  };
}

function listed(names: string[]): string {
  const shown = names.slice(0, 4).join(", ");
  return names.length > 4 ? `${shown} and ${names.length - 4} more` : shown;
}

/** Names the paths that lack the code: `the voice message (locale fr, fr-CA) does not`. */
function missingCodeReason(missing: Sample[], all: Sample[]): string {
  const parts: string[] = [];
  let whole = 0;
  for (const messageType of ["sms", "voice"] as const) {
    const failing = missing.filter((sample) => sample.messageType === messageType);
    if (failing.length === 0) continue;
    const ofType = all.filter((sample) => sample.messageType === messageType);
    if (failing.length === ofType.length) {
      whole += 1;
      parts.push(`the ${messageType} message`);
      continue;
    }
    const qualifiers: string[] = [];
    const locales = [...new Set(failing.map((sample) => sample.locale ?? "none"))];
    if (locales.length < new Set(ofType.map((sample) => sample.locale)).size) {
      qualifiers.push(`locale ${listed(locales)}`);
    }
    const domains = new Set(failing.map((sample) => sample.customDomain));
    if (domains.size < new Set(ofType.map((sample) => sample.customDomain)).size) {
      qualifiers.push(domains.has(true) ? "with a custom domain" : "without a custom domain");
    }
    parts.push(`the ${messageType} message (${qualifiers.join(", ")})`);
  }
  const which =
    whole === 2
      ? "the sms and voice messages do not"
      : `${parts.join(" and ")} ${parts.length > 1 ? "do" : "does"} not`;
  return `must output {{code}}, the verification code, on every path; ${which}`;
}

/**
 * Applies the template rules: the template parses with Liquid; it outputs `code` on every path it can
 * take (rendered for both message types, every locale the platform offers or the template compares, with
 * and without a custom domain); and it uses only documented variables (an unknown one is a warning).
 */
export function reviewPhoneTemplate(template: string): PhoneTemplateReview {
  if (template.trim() === "") return { errors: ["must not be empty"], unknownVariables: [] };
  let parsed: Template[];
  try {
    parsed = parse(template);
  } catch (error) {
    if (error instanceof PhoneTemplateSyntaxError) return { errors: [error.message], unknownVariables: [] };
    throw error;
  }
  const samples = samplesOf(template, liquidEngine().globalVariablesSync(parsed));
  const deadline = performance.now() + RENDER_BUDGET_MS;
  const missing: Sample[] = [];
  for (const sample of samples) {
    let rendered: string;
    try {
      rendered = renderParsed(parsed, valuesOf(sample, PROBE_CODE), deadline);
    } catch (error) {
      if (error instanceof PhoneTemplateSyntaxError) return { errors: [error.message], unknownVariables: [] };
      throw error;
    }
    const code = sample.messageType === "voice" ? [...PROBE_CODE].join(".") : PROBE_CODE;
    if (!rendered.includes(code)) missing.push(sample);
  }
  const errors = missing.length === 0 ? [] : [missingCodeReason(missing, samples)];
  const unknownVariables = liquidEngine()
    .globalFullVariablesSync(parsed)
    .filter((name) => !isKnownVariable(name))
    .map((name) => ({ name, suggestion: suggestVariable(name) }));
  return { errors, unknownVariables };
}

/** The warning for an unknown variable, naming the property, the variable and the known ones. */
export function unknownVariableWarning(property: string, unknown: UnknownPhoneTemplateVariable): string {
  const hint = unknown.suggestion === undefined ? "" : `did you mean ${unknown.suggestion}? `;
  return (
    `${property} uses the variable ${unknown.name}, which the platform does not document (it renders empty ` +
    `unless the platform provides it); ${hint}known: ${PHONE_TEMPLATE_VARIABLES.join(", ")}`
  );
}

/**
 * The SMS a user receives from a valid template (no locale, sample code `123456`), its encoding and
 * segment count, and every locale whose SMS needs more than one segment.
 */
export function previewPhoneTemplate(template: string, friendlyName: string): PhoneTemplatePreview {
  const parsed = parse(template);
  const deadline = performance.now() + RENDER_BUDGET_MS;
  const sms = (locale: string | undefined) =>
    renderParsed(parsed, { messageType: "sms", locale, requestLang: locale, friendlyName }, deadline);
  const message = sms(undefined);
  const variables = liquidEngine().globalVariablesSync(parsed);
  const readsLocale = variables.includes("locale") || variables.includes("requestInfo");
  const multiSegmentLocales = (readsLocale ? candidateLocales(template) : [])
    .filter((locale): locale is string => locale !== undefined)
    .map((locale) => ({ locale, segments: smsSegments(sms(locale)).segments }))
    .filter(({ segments }) => segments > 1);
  return { message, count: smsSegments(message), multiSegmentLocales };
}

/** The preview as one line: `enrollmentMessage SMS preview: "…" (64 characters, GSM-7, 1 segment)`. */
export function previewLine(property: string, preview: PhoneTemplatePreview): string {
  const { characters, encoding, segments } = preview.count;
  return (
    `${property} SMS preview: ${JSON.stringify(preview.message)} ` +
    `(${characters} characters, ${encoding}, ${segments} segment${segments === 1 ? "" : "s"})`
  );
}

/** The warning when an SMS needs more than one segment (each is billed), or `undefined`. */
export function multiSegmentWarning(property: string, preview: PhoneTemplatePreview): string | undefined {
  const { count } = preview;
  const locales = preview.multiSegmentLocales.map(({ locale, segments }) => `${locale}: ${segments}`);
  if (count.segments <= 1 && locales.length === 0) return undefined;
  const where =
    count.segments > 1
      ? `needs ${count.segments} SMS segments (${count.units} ${count.encoding === "GSM-7" ? "septets" : "UCS-2 units"})`
      : "needs more than one SMS segment";
  const byLocale = locales.length === 0 ? "" : ` (by locale: ${listed(locales)})`;
  return `${property} ${where}${byLocale}; each segment is billed as one SMS`;
}

/**
 * The platform's 400 message for an invalid template, `Invalid enrollment_message template: <details>`,
 * or `undefined` when the template is valid.
 */
export function invalidTemplateMessage(field: string, template: string): string | undefined {
  const [first] = reviewPhoneTemplate(template).errors;
  return first === undefined ? undefined : `Invalid ${field} template: ${first}`;
}
