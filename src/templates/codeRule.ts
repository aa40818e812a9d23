import type { Template } from "liquidjs";

import type { AnalyzedTemplate } from "./analysis";
import type { TemplateDialect } from "./dialect";
import { renderContext } from "./dialect";
import { TemplateSyntaxError, TemplateLimitError } from "./errors";
import { RenderBudget } from "./budget";
import type { Clock } from "./budget";
import { limitMessage } from "./limits";
import { renderParsed } from "./liquid";
import { probeCode, sampleOf } from "./samples";
import type { RenderCase } from "./samples";
import { loopHint } from "./syntaxTree";
import { listed } from "./wording";

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
