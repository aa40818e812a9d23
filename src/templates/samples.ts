import type { AnalyzedTemplate } from "./analysis";
import type { SampleKey, TemplateChannel, TemplateDialect, TemplateSample } from "./dialect";
import { DEFAULT_FRIENDLY_NAME, placeholderPaths } from "./dialect";
import { localeGroups } from "./localeGroups";
import { stringLiterals } from "./syntaxTree";

/**
 * One rendering the code rule needs: a channel, a locale (or none), with or without a custom domain; and
 * the locale actually rendered for it (the first of its group, see {@link localeGroups}).
 */
export interface RenderCase {
  channel: TemplateChannel;
  locale: string | undefined;
  customDomain: boolean;
  renderedAs: string | undefined;
}

/** A code no template writes literally, to tell whether `code` was output. */
const PROBE_CODE = "740319";

/** How the probe code appears in a rendering for a channel (a voice message's digits separated). */
export function probeCode(channel: TemplateChannel, dialect: TemplateDialect): string {
  return channel === "voice" ? [...PROBE_CODE].join(dialect.voiceCodeSeparator) : PROBE_CODE;
}

/** A literal this long or longer is prose, not a locale the template compares with. */
const LOCALE_LITERAL_MAX_LENGTH = 35;
/** At most this many of a template's literals are tried as locales. */
const LOCALE_LITERALS_TRIED = 50;

/** Whether the template reads a sample value: any variable under the top-level object of one of its paths. */
function readsSample(key: SampleKey, analyzed: AnalyzedTemplate, dialect: TemplateDialect): boolean {
  const paths = placeholderPaths(dialect).get(key) ?? [];
  return paths.some((path) => analyzed.roots.includes(path.split(".")[0] ?? path));
}

/**
 * Every locale a template may be rendered for when it reads one: the dialect's locales, and any short
 * literal the template holds (it may compare the locale with one the platform does not list). Empty when
 * the template reads no locale.
 */
export function candidateLocales(analyzed: AnalyzedTemplate, dialect: TemplateDialect): string[] {
  if (!readsSample("locale", analyzed, dialect) && !readsSample("requestLang", analyzed, dialect)) return [];
  const literals = stringLiterals(analyzed.parsed)
    .filter((literal) => literal.length <= LOCALE_LITERAL_MAX_LENGTH)
    .slice(0, LOCALE_LITERALS_TRIED);
  return [...new Set<string>([...dialect.locales, ...literals])];
}

/**
 * The renderings that decide the code rule: each channel; no locale and every candidate locale when the
 * template reads the locale; with and without a custom domain when it reads `custom_domain`. Locales the
 * template cannot tell apart are rendered once (see {@link localeGroups}) unless `grouped` is false.
 */
export function renderCases(
  analyzed: AnalyzedTemplate,
  dialect: TemplateDialect,
  channels: readonly TemplateChannel[],
  grouped = true,
): RenderCase[] {
  const candidates = candidateLocales(analyzed, dialect);
  const groups = grouped ? localeGroups(analyzed, dialect, candidates) : candidates.map((locale) => [locale]);
  const renderedAs = new Map(groups.flatMap((group) => group.map((locale) => [locale, group[0]] as const)));
  const locales = [undefined, ...candidates].map((locale) => ({
    locale,
    renderedAs: locale === undefined ? undefined : renderedAs.get(locale),
  }));
  const customDomains = readsSample("customDomain", analyzed, dialect) ? [false, true] : [false];
  const cases: RenderCase[] = [];
  for (const channel of channels) {
    for (const { locale, renderedAs } of locales) {
      for (const customDomain of customDomains) cases.push({ channel, locale, customDomain, renderedAs });
    }
  }
  return cases;
}

/** The sample values of one rendering case; the code is the probe unless given. */
export function sampleOf(
  renderCase: Pick<RenderCase, "channel" | "locale" | "customDomain">,
  code = PROBE_CODE,
  friendlyName = DEFAULT_FRIENDLY_NAME,
): TemplateSample {
  return {
    channel: renderCase.channel,
    code,
    locale: renderCase.locale,
    requestLang: renderCase.locale,
    friendlyName,
    customDomain: renderCase.customDomain ? { domain: "login.example.com", domainMetadata: {} } : undefined,
    pause: "",
  };
}
