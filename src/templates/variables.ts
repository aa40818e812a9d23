import type { TemplateDialect } from "./dialect";
import { closestMatch } from "../wire/suggestions";

/** A variable the dialect does not document, and the documented one it most likely means. */
export interface UndocumentedVariable {
  name: string;
  suggestion?: string | undefined;
}

const rootOf = (path: string) => path.split(".")[0] ?? path;

/** Whether a variable path (`tenant.friendly_name`, `custom_domain`) is one the dialect documents. */
export function isDocumentedVariable(path: string, dialect: TemplateDialect): boolean {
  if (dialect.freeForm.some((map) => path.startsWith(`${map}.`))) return true;
  // A parent object (`{% if custom_domain %}`) is documented when a documented variable lies under it.
  return dialect.variables.some((known) => known === path || known.startsWith(`${path}.`));
}

/**
 * The documented variable an undocumented one was most likely meant to be: the closest by edit distance,
 * else one with the same last name (`tenant.friendly_name` → `friendly_name`), else the first under the same
 * top-level object (`tenant.name` → `tenant.friendly_name`).
 */
export function suggestVariable(unknown: string, dialect: TemplateDialect): string | undefined {
  const root = rootOf(unknown);
  const leaf = unknown.split(".").at(-1);
  return (
    closestMatch(unknown, dialect.variables) ??
    dialect.variables.find((known) => known.split(".").at(-1) === leaf) ??
    dialect.variables.find((known) => known.includes(".") && rootOf(known) === root)
  );
}

/** The variables a template reads from its context (their full paths) that the dialect does not document. */
export function undocumentedVariables(
  paths: readonly string[],
  dialect: TemplateDialect,
): UndocumentedVariable[] {
  return paths
    .filter((name) => !isDocumentedVariable(name, dialect))
    .map((name) => ({ name, suggestion: suggestVariable(name, dialect) }));
}

/**
 * The documented variables as a warning lists them: all of them when there are few; else the top-level
 * names (`user.*` for an object), with the members of the object the unknown variable is under.
 */
function knownVariables(unknown: string, dialect: TemplateDialect): string {
  if (dialect.variables.length <= 12) return dialect.variables.join(", ");
  const root = rootOf(unknown);
  const shown: string[] = [];
  for (const known of dialect.variables) {
    const knownRoot = rootOf(known);
    const entry = knownRoot === known || knownRoot === root ? known : `${knownRoot}.*`;
    if (!shown.includes(entry)) shown.push(entry);
  }
  return shown.join(", ");
}

/** The warning for an undocumented variable, naming the subject, the variable, a suggestion and the known ones. */
export function undocumentedVariableWarning(
  subject: string,
  unknown: UndocumentedVariable,
  dialect: TemplateDialect,
): string {
  const hint = unknown.suggestion === undefined ? "" : `did you mean ${unknown.suggestion}? `;
  return (
    `${subject} uses the variable ${unknown.name}, which the platform does not document (it renders empty ` +
    `unless the platform provides it); ${hint}known: ${knownVariables(unknown.name, dialect)}`
  );
}
