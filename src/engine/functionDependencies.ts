import * as pulumi from "@pulumi/pulumi";

import type { ResolvedTenant, TenantSelector } from "./tenantArgs";

/** The resources a function's read waits for, as Pulumi's invoke options name them. */
export type FunctionDependencies =
  pulumi.Input<pulumi.Input<pulumi.Resource>[]> | pulumi.Input<pulumi.Resource>;

/**
 * Options of a read function's output form (`getTenantSettingsOutput`, `getAttackProtectionOutput`): Pulumi's
 * invoke options and `dependsOn`, as the SDK's `InvokeOutputOptions` has it.
 */
export interface FunctionOutputOptions extends pulumi.InvokeOptions {
  /**
   * Resources to read after. At `pulumi up` the tenant is read once each of them is written, so the result
   * shows what they wrote; at preview it is unknown while one of them is still to be created (an update's
   * preview reads the tenant as it is). A component resource is waited for by itself, not its children.
   */
  dependsOn?: FunctionDependencies;
}

/**
 * `read()`, run once every resource of `dependsOn` is written: the engine resolves a custom resource's `id`
 * only after it created or updated it, and leaves it unknown at preview for one it is yet to create, when the
 * result is unknown too. Without `dependsOn`, `read()` runs at once.
 */
export function afterDependencies<T>(
  dependsOn: FunctionDependencies | undefined,
  read: () => pulumi.Output<T>,
): pulumi.Output<T> {
  if (dependsOn === undefined) return read();
  return pulumi.output(dependsOn).apply((resolved) => {
    const resources = ([] as unknown[]).concat(resolved).filter((item) => pulumi.Resource.isInstance(item));
    const written = resources.map((resource) =>
      pulumi.CustomResource.isInstance(resource) ? resource.id : resource.urn,
    );
    return pulumi.all(written).apply(read);
  });
}

/**
 * A read function's Output form (`getAttackProtectionOutput`, `getPhoneMfaOutput`, `getTenantSettingsOutput`):
 * `read` of the arguments once their `tenant`, which may be made of outputs, is known, and after
 * `opts.dependsOn` ({@link afterDependencies}). The result is not secret, even when the tenant's credentials are.
 */
export function readAsOutput<Args extends { tenant?: ResolvedTenant }, T>(
  args: { tenant?: pulumi.Input<TenantSelector> },
  opts: FunctionOutputOptions | undefined,
  read: (args: Args) => Promise<T>,
): pulumi.Output<T> {
  const result = afterDependencies(opts?.dependsOn, () =>
    pulumi
      .output(args.tenant)
      .apply((tenant) => read({ ...args, ...(tenant === undefined ? {} : { tenant }) } as Args)),
  );
  return pulumi.unsecret<T>(result);
}
