/**
 * The variables the platform gives phone templates (its documentation page "Customize SMS or voice
 * messages"). The table there spells the friendly name `tenant.friendlyName`; its examples and the
 * default templates use `tenant.friendly_name`: both are known.
 */
export const PHONE_TEMPLATE_VARIABLES = [
  "message_type",
  "code",
  "locale",
  "requestInfo.lang",
  "tenant.friendly_name",
  "tenant.friendlyName",
  "custom_domain.domain",
  "custom_domain.domain_metadata",
  "pause",
] as const;

/** Maps under which any key is known (the custom domain's own metadata fields). */
const FREE_FORM_PREFIXES = ["custom_domain.domain_metadata."];

/** Whether a variable path (`tenant.friendly_name`, `custom_domain`) is one the platform provides. */
export function isKnownVariable(path: string): boolean {
  if (FREE_FORM_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  // A parent object (`{% if custom_domain %}`) is known when a known variable lies under it.
  return PHONE_TEMPLATE_VARIABLES.some((known) => known === path || known.startsWith(`${path}.`));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known variable an unknown one was most likely meant to be: the closest by edit distance (at most
 * a third of its length, and at least 2 allowed), else the closest under the same top-level object
 * (`tenant.name` → `tenant.friendly_name`).
 */
export function suggestVariable(unknown: string): string | undefined {
  const ranked = PHONE_TEMPLATE_VARIABLES.map((known) => ({
    known,
    distance: editDistance(unknown.toLowerCase(), known.toLowerCase()),
  })).sort((a, b) => a.distance - b.distance);
  const closest = ranked[0];
  if (closest && closest.distance <= Math.max(2, Math.floor(unknown.length / 3))) return closest.known;
  const root = unknown.split(".")[0];
  return PHONE_TEMPLATE_VARIABLES.find((known) => known.includes(".") && known.split(".")[0] === root);
}
