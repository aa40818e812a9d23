import type { StaticAnalysis, Template } from "liquidjs";

import { liquidEngine, parseTemplate, templateError } from "./liquid";

/** A parsed template and what it reads from its context, from one static analysis. */
export interface AnalyzedTemplate {
  source: string;
  parsed: Template[];
  /** The top-level names it reads (`tenant`, `code`). */
  roots: string[];
  /** The full paths it reads (`tenant.friendly_name`). */
  paths: string[];
  /** How many places read each top-level name. */
  references: ReadonlyMap<string, number>;
}

/**
 * Parses a template and analyzes the variables it reads from its context (not those it assigns itself).
 *
 * @throws TemplateSyntaxError or TemplateLimitError as {@link parseTemplate} does.
 */
export function analyzeTemplate(source: string): AnalyzedTemplate {
  const parsed = parseTemplate(source);
  let globals: StaticAnalysis["globals"];
  try {
    ({ globals } = liquidEngine().analyzeSync(parsed, { partials: false }));
  } catch (error) {
    throw templateError(error, source);
  }
  const variables = Object.entries(globals);
  return {
    source,
    parsed,
    roots: variables.map(([root]) => root),
    paths: [...new Set(variables.flatMap(([, uses]) => uses.map(String)))],
    references: new Map(variables.map(([root, uses]) => [root, uses.length])),
  };
}
