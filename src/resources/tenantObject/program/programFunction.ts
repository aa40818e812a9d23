/**
 * What the program's read functions (`getTenantSettings`, `getAttackProtection`) share: their arguments
 * checked by name, and a failure that names the function.
 */

import { TenantAdminError, TenantConfigError } from "../../../client/errors";
import type { ManagementClient } from "../../../client/managementClient";
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
function refuseUnknownArguments(args: object, known: readonly string[]): void {
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
 * Runs a program function: refuses an argument it does not take (`known` are its arguments), then `read`
 * reads the tenant the arguments name (`tenant`, else the stack config, else the environment) with `client()`,
 * which binds it at its first call. A failure of this package's (an unknown argument, a missing credential, an
 * API error) says `name: ` and, once the tenant is bound, the tenant, as a resource's error does, and keeps its
 * class.
 */
export async function readNamed<T>(
  name: string,
  args: { readonly tenant?: ResolvedTenant | undefined },
  known: readonly string[],
  read: (client: () => Promise<ManagementClient>) => Promise<T>,
): Promise<T> {
  let binding: TenantBinding | undefined;
  try {
    refuseUnknownArguments(args, known);
    // The HTTP client is loaded at the first call: a program that reads nothing does not load it.
    return await read(() => (binding ??= bindProgramTenant(args.tenant)).client());
  } catch (error) {
    // Pulumi prints the message alone: it names the function, and the tenant once there is one.
    if (error instanceof TenantAdminError) {
      const message = binding === undefined ? error.message : onTenantMessage(binding.baseUrl, error);
      Object.defineProperty(error, "message", { value: `${name}: ${message}` });
    }
    throw error;
  }
}
