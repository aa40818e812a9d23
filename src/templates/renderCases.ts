/**
 * The code rule and the renderings it takes: each channel, every locale a template may branch on (the
 * locales it cannot tell apart rendered once), with and without a custom domain; the sample values of a
 * rendering (the SMS preview's too); and which renderings lack the code.
 */
import type { Template, Token, Value } from "liquidjs";

import type { SampleKey, TemplateChannel, TemplateDialect, TemplateSample } from "./dialect";
import { DEFAULT_FRIENDLY_NAME, placeholderPaths, renderContext } from "./dialect";
import type { Clock } from "./limits";
import { RenderBudget, TemplateLimitError, TemplateSyntaxError, limitMessage, listed } from "./limits";
import type { AnalyzedTemplate } from "./liquid";
import { liquidjs, renderParsed } from "./liquid";
import type { LiteralComparison } from "./syntaxTree";
import {
  boundNames,
  literalComparisons,
  loopHint,
  stringLiterals,
  templateNodes,
  valueTokens,
  variablePath,
} from "./syntaxTree";

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
function probeCode(channel: TemplateChannel, dialect: TemplateDialect): string {
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

interface TagFields {
  name?: string;
  value?: Value;
  branches?: { values?: Token[] }[];
}

/** Whether the operand at `index` of a postfix expression is compared with a quoted literal. */
function comparedWithLiteral(postfix: readonly Token[], index: number): boolean {
  const { TypeGuards } = liquidjs();
  const comparison = (token: Token | undefined) =>
    token !== undefined &&
    TypeGuards.isOperatorToken(token) &&
    ["==", "!=", "contains"].includes(token.operator);
  const [before, after] = [postfix[index - 1], postfix[index + 1]];
  if (after !== undefined && TypeGuards.isQuotedToken(after) && comparison(postfix[index + 2])) return true;
  return before !== undefined && TypeGuards.isQuotedToken(before) && comparison(after);
}

/** Whether a tag's expression is the one variable, unfiltered, as an `if` or `unless` condition. */
function bareCondition(node: Template, postfix: readonly Token[], filters: readonly unknown[]): boolean {
  const name = (node as TagFields).name;
  return postfix.length === 1 && filters.length === 0 && (name === "if" || name === "unless");
}

/**
 * Counts the reads of the locale variables if each is one the groups account for, else `undefined`: any read
 * in an output (`{{ locale | upcase }}`: text, not a path) outside a `capture`; in a tag, a comparison with a
 * quoted literal (`==`, `!=`, `contains`, a `when` under `case`) or a bare `if`/`unless` condition (always
 * true for a locale).
 */
function accountedReads(parsed: Template[], paths: readonly string[]): number | undefined {
  const { Output, TypeGuards, Value } = liquidjs();
  const roots = new Set(paths.map((path) => path.split(".")[0] ?? path));
  const readsLocale = (token: Token) => {
    if (!TypeGuards.isPropertyAccessToken(token) || token.variable !== undefined) return false;
    const first = token.props[0];
    return first !== undefined && "content" in first && roots.has(String(first.content));
  };
  let reads = 0;
  for (const { node, captured } of templateNodes(parsed)) {
    const tag = node as TagFields;
    if (node instanceof Output && !captured) {
      reads += valueTokens(node.value).filter(readsLocale).length;
    } else if (tag.name === "case" && tag.value !== undefined) {
      const [subject, ...rest] = tag.value.initial.postfix;
      const whens = (tag.branches ?? []).flatMap((branch) => branch.values ?? []);
      if (whens.some(readsLocale)) return undefined;
      if (subject === undefined || !readsLocale(subject)) continue;
      const path = variablePath(subject);
      const literal =
        rest.length === 0 && tag.value.filters.length === 0 && whens.every(TypeGuards.isQuotedToken);
      if (path === undefined || !paths.includes(path) || !literal) return undefined;
      reads += 1;
    } else {
      for (const argument of node.arguments?.() ?? []) {
        if (!(argument instanceof Value)) {
          if (readsLocale(argument)) return undefined;
          continue;
        }
        const { postfix } = argument.initial;
        for (const [index, token] of postfix.entries()) {
          if (!readsLocale(token)) continue;
          const path = variablePath(token);
          if (path === undefined || !paths.includes(path)) return undefined;
          if (!comparedWithLiteral(postfix, index) && !bareCondition(node, postfix, argument.filters))
            return undefined;
          reads += 1;
        }
        if (valueTokens(argument).slice(postfix.length).some(readsLocale)) return undefined;
      }
    }
  }
  return reads;
}

function holds(comparison: LiteralComparison, locale: string): boolean {
  switch (comparison.operator) {
    case "==":
    case "when":
      return locale === comparison.literal;
    case "!=":
      return locale !== comparison.literal;
    case "contains":
      return locale.includes(comparison.literal);
    case "in":
      return comparison.literal.includes(locale);
  }
}

/**
 * Groups the candidate locales a template cannot tell apart: when its tags only compare the locale
 * variables with literals (or test them bare), two locales that give every comparison the same result take
 * the same path, so rendering the first of each group decides the code rule for all of them (outputs of the
 * locale change the text, not the path). One group per locale when a tag uses a locale variable any other
 * way (a filter, an assignment, a capture), the template assigns one itself, or the analysis finds a read
 * this walk cannot account for.
 */
function localeGroups(
  analyzed: AnalyzedTemplate,
  dialect: TemplateDialect,
  candidates: readonly string[],
): string[][] {
  const keys = placeholderPaths(dialect);
  const paths = [...(keys.get("locale") ?? []), ...(keys.get("requestLang") ?? [])];
  const roots = [...new Set(paths.map((path) => path.split(".")[0] ?? path))];
  const bound = boundNames(analyzed.parsed);
  const reads = roots.reduce((sum, root) => sum + (analyzed.references.get(root) ?? 0), 0);
  const separately = () => candidates.map((locale) => [locale]);
  if (roots.some((root) => bound.has(root)) || accountedReads(analyzed.parsed, paths) !== reads)
    return separately();
  const comparisons = literalComparisons(analyzed.parsed).filter((comparison) =>
    paths.includes(comparison.path),
  );
  const groups = new Map<string, string[]>();
  for (const locale of candidates) {
    const signature = comparisons.map((comparison) => (holds(comparison, locale) ? "1" : "0")).join("");
    groups.set(signature, [...(groups.get(signature) ?? []), locale]);
  }
  return [...groups.values()];
}

/** A failure as a review error; a steps, time or memory limit names the loops that likely caused it. */
export function failureReason(error: unknown, parsed: Template[]): string {
  if (error instanceof TemplateLimitError && ["steps", "time", "memory"].includes(error.limit)) {
    const hint = loopHint(parsed);
    if (hint !== undefined) return limitMessage(error.limit, hint);
  }
  if (error instanceof TemplateLimitError || error instanceof TemplateSyntaxError) return error.message;
  throw error;
}

/** The cases that lack the code (each locale group rendered once), or the reason a rendering failed. */
export function casesWithoutCode(
  analyzed: AnalyzedTemplate,
  dialect: TemplateDialect,
  cases: RenderCase[],
  clock?: Clock,
): RenderCase[] | string {
  const budget = new RenderBudget(clock);
  const hasCode = new Map<string, boolean>();
  const missing: RenderCase[] = [];
  for (const renderCase of cases) {
    const { channel, renderedAs, customDomain } = renderCase;
    const key = JSON.stringify([channel, renderedAs ?? null, customDomain]);
    let found = hasCode.get(key);
    if (found === undefined) {
      const sample = sampleOf({ channel, locale: renderedAs, customDomain });
      let rendered: string;
      try {
        rendered = renderParsed(analyzed.parsed, renderContext(dialect, sample), budget, analyzed.source);
      } catch (error) {
        return failureReason(error, analyzed.parsed);
      }
      found = rendered.includes(probeCode(channel, dialect));
      hasCode.set(key, found);
    }
    if (!found) missing.push(renderCase);
  }
  return missing;
}

/** Names the cases that lack the code: `the voice message (locale fr, fr-CA) does not`. */
export function missingCodeReason(missing: RenderCase[], all: RenderCase[]): string {
  const parts: string[] = [];
  const channels = [...new Set(all.map((renderCase) => renderCase.channel))];
  let whole = 0;
  for (const channel of channels) {
    const failing = missing.filter((renderCase) => renderCase.channel === channel);
    if (failing.length === 0) continue;
    const ofChannel = all.filter((renderCase) => renderCase.channel === channel);
    if (failing.length === ofChannel.length) {
      whole += 1;
      parts.push(`the ${channel} message`);
      continue;
    }
    const qualifiers: string[] = [];
    const locales = [...new Set(failing.map((renderCase) => renderCase.locale ?? "none"))];
    if (locales.length < new Set(ofChannel.map((renderCase) => renderCase.locale)).size) {
      qualifiers.push(`locale ${listed(locales)}`);
    }
    const domains = new Set(failing.map((renderCase) => renderCase.customDomain));
    if (domains.size < new Set(ofChannel.map((renderCase) => renderCase.customDomain)).size) {
      qualifiers.push(domains.has(true) ? "with a custom domain" : "without a custom domain");
    }
    parts.push(`the ${channel} message (${qualifiers.join(", ")})`);
  }
  const which =
    whole > 1 && whole === channels.length
      ? `the ${channels.join(" and ")} messages do not`
      : `${parts.join(" and ")} ${parts.length > 1 ? "do" : "does"} not`;
  return `must output {{code}}, the verification code, on every path; ${which}`;
}
