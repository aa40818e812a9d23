import type { TemplateDialect, TemplateSample } from "./dialect";
import { renderContext } from "./dialect";
import { RENDER_TIME_LIMIT_MS } from "./limits";
import { parseTemplate, renderParsed } from "./liquid";

/**
 * Renders a template of a dialect with one sample's values, within the template limits.
 *
 * @throws TemplateSyntaxError when the template does not parse or fails while rendering.
 * @throws TemplateLimitError when it is too long, nests too deeply, or its rendering runs over the time,
 *   output or memory limit.
 */
export function renderTemplate(template: string, dialect: TemplateDialect, sample: TemplateSample): string {
  const parsed = parseTemplate(template);
  const deadline = performance.now() + RENDER_TIME_LIMIT_MS;
  return renderParsed(parsed, renderContext(dialect, sample), deadline, template);
}
