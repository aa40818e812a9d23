/**
 * What the program's read functions (`getTenantSettings`, `getAttackProtection`) share: their arguments
 * checked by name, a failure that names the function, and an Output whose early failures Node does not warn
 * about.
 */
import * as pulumi from "@pulumi/pulumi";

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

/**
 * Marks as handled the promises an Output starts at once beside its value (whether it is known, whether
 * it is secret), and returns the Output, so that the Outputs a program derives from it (a field,
 * `settings.friendlyName`, or an `apply`) are marked too. The engine reads a stack output's promises only
 * when it gets to it, after the program ran and the outputs before it resolved; a failure found before any
 * request (an unknown argument, no tenant configured) rejects them sooner, and Node then printed
 * `PromiseRejectionHandledWarning: Promise rejection was handled asynchronously` for each when the engine
 * read them. The failure still reaches whatever reads the Output, and the engine reports it once, as its
 * message. These promises are not in the SDK's types: they are read as own properties, which leaves the
 * Output's proxy (and its lifting of properties) alone, and skipped if a release drops them.
 */
export function handledEarly<T>(output: pulumi.Output<T>): pulumi.Output<T> {
  for (const name of ["isKnown", "isSecret"]) {
    const promise: unknown = Object.getOwnPropertyDescriptor(output, name)?.value;
    if (promise instanceof Promise) promise.catch(() => undefined);
  }
  return new Proxy(output, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "apply" && typeof value === "function") {
        return (...args: unknown[]) =>
          handledEarly(Reflect.apply(value, target, args) as pulumi.Output<unknown>);
      }
      // A field of the value: the SDK lifts it into an Output of its own.
      return pulumi.Output.isInstance(value) ? handledEarly(value) : value;
    },
  });
}
