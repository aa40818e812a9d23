import type { TemplateDialect, TemplateSample } from "./dialect";
import { renderContext } from "./dialect";
import { RenderBudget } from "./budget";
import type { Clock } from "./budget";
import { parseTemplate, renderParsed } from "./liquid";

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
