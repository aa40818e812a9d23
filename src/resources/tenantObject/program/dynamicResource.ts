import * as pulumi from "@pulumi/pulumi";

import { bindProgramTenant } from "../../../engine/providerContext";
import type { ResolvedTenant, TenantSelector } from "../../../engine/tenantArgs";
import { secretTenant } from "../../../engine/tenantArgs";
import type { ObjectIdentity, ResourceIdentity } from "../../../wire/document";
import { typeToken } from "../../../wire/document";
import { withoutImportOption } from "../adoption";
import { shapeTraces } from "../../../engine/constructionTraces";
import { DRY_RUN_KEY, NAME_KEY } from "../inputs";

/**
 * The provider module Pulumi stores in state as a resource's `__provider` and the engine's dynamic-provider
 * host loads: the host calls the module's `handler()` at a resource's first call, and `handler()` loads this
 * package's implementation of the resource by package name (`pulumi-tenant-admin/provider`, whose providers
 * load their code at their own first call). It captures nothing but `name`, so upgrading the package also
 * upgrades refresh and destroy of existing stacks. The package must be installed where the Pulumi program runs
 * (it is, as the program's dependency).
 *
 * One line, because every resource stores it twice (inputs and outputs), and the engine writes the whole
 * state after each step. Written out rather than produced by `pulumi.dynamic.Resource`'s closure
 * serialization, which costs the program about 0.4 s at its first resource (it loads and runs Pulumi's
 * function serializer).
 */
function providerSource(name: string): string {
  return `exports.handler = () => require("pulumi-tenant-admin/provider")[${JSON.stringify(name)}];\n`;
}

/**
 * A tenant object of this package (one per tenant, or one per type for phone notification templates): the
 * same type token and `__provider` input as a `pulumi.dynamic.Resource`
 * (`pulumi-nodejs:dynamic/tenant-admin:<type>`), so the engine runs it in its dynamic-provider host, with the
 * provider given as {@link providerSource}. Its identity (`object`: provider name and resource type) is the
 * object's own, from its `api.ts`.
 *
 * Besides the resource's own inputs it sends what every tenant object's provider reads: the `tenant` argument
 * as a secret, the tenant's URL (`domain`, see {@link declaredDomain}), the `import` option as the `importId`
 * input (see `adoption.ts`), its name and whether this is a preview. A replace deletes before it creates,
 * unless the program says otherwise: the object exists once on its tenant, so creating first and deleting
 * the old resource after would undo what was just written.
 */
export abstract class TenantAdminDynamicResource extends pulumi.CustomResource {
  constructor(
    object: ObjectIdentity & { readonly resource: ResourceIdentity },
    name: string,
    props: pulumi.Inputs & { tenant?: pulumi.Input<TenantSelector> | undefined },
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const adopted = withoutImportOption(opts);
    const { tenant: declaredTenant, ...objectProps } = props;
    const tenant = secretTenant(declaredTenant);
    const inputs = {
      ...objectProps,
      // Left out when not given, rather than undefined: the SDK makes each input an output of the resource
      // (four promises, see shapeTraces).
      ...(tenant === undefined ? {} : { tenant }),
      domain: declaredDomain(declaredTenant),
      ...(adopted.importId === undefined ? {} : { importId: adopted.importId }),
      [DRY_RUN_KEY]: pulumi.runtime.isDryRun(),
      [NAME_KEY]: name,
      __provider: providerSource(object.name),
    };
    const options = { deleteBeforeReplace: true, ...adopted.opts };
    const restoreFormatter = shapeTraces();
    try {
      super(typeToken(object.resource), name, inputs, options);
    } finally {
      restoreFormatter();
    }
  }
}

/**
 * The tenant's URL as the resource's check sets it in the inputs (check resolves it again, and its value is
 * the one kept), so that what the program declares is what the state holds: the engine compares the two when
 * it shows a resource refreshing under `--run-program`, and a difference there reads as drift. `undefined`
 * when the connection does not resolve (check then says why); never secret, though the tenant argument is.
 */
function declaredDomain(tenant: pulumi.Input<TenantSelector> | undefined): pulumi.Input<string | undefined> {
  const domainOf = (explicit: ResolvedTenant | undefined): string | undefined => {
    try {
      return bindProgramTenant(explicit).baseUrl;
    } catch {
      return undefined;
    }
  };
  if (tenant === undefined || typeof tenant === "string") return domainOf(tenant);
  return pulumi.unsecret(pulumi.output(tenant).apply((resolved) => domainOf(resolved)));
}

/**
 * A resource's inputs as its provider gets them, from its `Args`: every value resolved, the tenant argument
 * resolved, and the `import` option's id.
 */
export type ResolvedInputs<Args extends { tenant?: unknown }> = Omit<pulumi.Unwrap<Args>, "tenant"> & {
  tenant?: ResolvedTenant | undefined;
  importId?: string | undefined;
};
