import { IMPORT_ID_KEY, tenantObjectId } from "./adoption";

/**
 * An object of the tenant that a create would take over from whoever configured it: another resource of this
 * stack or of another stack, a person in the dashboard, another tool. The API cannot say which, so a create
 * never takes it silently: the program adopts it on purpose (the `import` option) or leaves it be.
 */
export interface Occupant {
  /** How a message names it: `otp_verify template tem_…`, `brute-force protection`. */
  readonly name: string;
  /** Its API path; with the tenant's host, the import id that adopts it. */
  readonly path: string;
  /**
   * For a singleton, the members (in the user's spelling) where it differs from a new tenant's: what shows
   * that someone configured it.
   */
  readonly differs?: readonly string[] | undefined;
}

/**
 * Why a create cannot take `occupant` on the tenant at `host`, and how to adopt it instead: the sentence
 * both the preview's check and the create at `up` give.
 */
export function occupiedReason(host: string, occupant: Occupant): string {
  const what =
    occupant.differs === undefined
      ? `a custom ${occupant.name}`
      : `a configured ${occupant.name} (it differs from a new tenant's at ${occupant.differs.join(", ")})`;
  return (
    `the tenant already has ${what}, made outside this resource (by another resource of this or another ` +
    "stack, in the dashboard, or by another tool), and a create would take it over. To manage it with this " +
    `resource, adopt it with the resource option import: "${tenantObjectId(host, occupant.path)}" (the ` +
    `resource's ${IMPORT_ID_KEY}; see docs/adopting.md), or leave it to its owner.`
  );
}
