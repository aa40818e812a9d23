/**
 * What the program's read functions (`getTenantSettings`, `getAttackProtection`) share: their arguments
 * checked by name, and a failure that names the function.
 */

import { TenantAdminError, TenantConfigError } from "../../../client/errors";
import type { TenantBinding } from "../../../engine/binding";
import { bindProgramTenant } from "../../../engine/providerContext";
import type { ResolvedTenant } from "../../../engine/tenantArgs";
import { closestMatch } from "../../../wire/suggestions";
import { onTenantMessage } from "../providerFailure";

/**
 * Refuses an argument the function does not take (a misspelling, a snake_case spelling), naming it and the
 * argument it likely means: a program would otherwise read without what it meant to say.
 *
 * @throws TenantConfigError naming the argument and the known ones
 */
export function refuseUnknownArguments(args: object, known: readonly string[]): void {
  const unknown = Object.keys(args).filter(
    (key) => !known.includes(key) && (args as Record<string, unknown>)[key] !== undefined,
  );
  const [first] = unknown;
  if (first === undefined) return;
  const meant = closestMatch(first, known);
  throw new TenantConfigError(
    `unknown argument "${first}"${meant === undefined ? "" : ` (did you mean ${meant}?)`}; ` +
      `known arguments: ${known.join(", ")}`,
  );
}

/**
 * Runs a program function: `read` checks its arguments, then binds the tenant they name (`bind()`: `tenant`,
 * else the stack config, else the environment) and reads it. A failure of this package's (an unknown
 * argument, a missing credential, an API error) says `name: ` and, once the tenant is bound, the tenant, as a
 * resource's error does, and keeps its class.
 */
export async function readNamed<T>(
  name: string,
  tenant: ResolvedTenant | undefined,
  read: (bind: () => TenantBinding) => Promise<T>,
): Promise<T> {
  let binding: TenantBinding | undefined;
  try {
    return await read(() => (binding = bindProgramTenant(tenant)));
  } catch (error) {
    // Pulumi prints the message alone: it names the function, and the tenant once there is one.
    if (error instanceof TenantAdminError) {
      const message = binding === undefined ? error.message : onTenantMessage(binding.baseUrl, error);
      Object.defineProperty(error, "message", { value: `${name}: ${message}` });
    }
    throw error;
  }
}
