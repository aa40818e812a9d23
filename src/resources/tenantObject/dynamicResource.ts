import * as pulumi from "@pulumi/pulumi";

import { bindProgramTenant } from "../../engine/providerContext";
import type { TenantArgs, TenantInputs } from "../../engine/tenantArgs";
import { secretTenant } from "../../engine/tenantArgs";
import type { ObjectIdentity, ResourceIdentity } from "../../wire/document";
import { typeToken } from "../../wire/document";
import { withoutImportOption } from "./adoption";
import { DRY_RUN_KEY, NAME_KEY } from "./inputs";

const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"] as const;

/**
 * The provider module Pulumi stores in state as a resource's `__provider` and the engine's dynamic-provider
 * host loads (it calls the module's `handler()` for the provider object). It captures nothing but `name`:
 * every method loads this package's implementation by package name when the engine calls it, so state stays
 * tiny and upgrading the package also upgrades refresh and destroy of existing stacks. The package must be
 * installed where the Pulumi program runs (it is, as the program's dependency).
 *
 * Written out here rather than produced by `pulumi.dynamic.Resource`'s closure serialization, which costs
 * the program about 0.4 s at its first resource (it loads and runs Pulumi's function serializer) for the
 * same few lines.
 */
export function providerSource(name: string): string {
  return [
    "exports.handler = function () {",
    `  const implementation = () => require("pulumi-tenant-admin/provider")[${JSON.stringify(name)}];`,
    "  return {",
    ...METHODS.map((method) => `    ${method}: (...args) => implementation().${method}(...args),`),
    "  };",
    "};",
    "",
  ].join("\n");
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
    props: pulumi.Inputs & { tenant?: pulumi.Input<TenantArgs> | undefined },
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const adopted = withoutImportOption(opts);
    const { tenant: declaredTenant, ...objectProps } = props;
    const tenant = secretTenant(declaredTenant);
    const inputs = {
      ...objectProps,
      // Left out when not given, rather than undefined: the SDK makes each input an output of the resource
      // (four promises, see leavePromiseTracesUnformatted).
      ...(tenant === undefined ? {} : { tenant }),
      domain: declaredDomain(declaredTenant),
      ...(adopted.importId === undefined ? {} : { importId: adopted.importId }),
      [DRY_RUN_KEY]: pulumi.runtime.isDryRun(),
      [NAME_KEY]: name,
      __provider: providerSource(object.name),
    };
    const options = { deleteBeforeReplace: true, ...adopted.opts };
    const restoreFormatter = leavePromiseTracesUnformatted();
    try {
      super(typeToken(object.resource), name, inputs, options);
    } finally {
      restoreFormatter();
    }
  }
}

type StackTraceFormatter = (error: Error, callSites: NodeJS.CallSite[]) => unknown;

/**
 * Until the returned function is called, the stack traces the SDK takes for its promises (in its
 * `debuggablePromise`) are left unformatted: each is its error's first line. Every other trace goes to the
 * program's formatter as before. Returns at once when the program has no formatter, or when
 * `PULUMI_DEBUG_PROMISE_LEAKS` is set.
 *
 * Why: the SDK makes four promises for each input of a resource and reads a stack trace for each at once, for
 * its report of promises still pending at exit, which prints them only under `PULUMI_DEBUG_PROMISE_LEAKS`.
 * Under ts-node, whose formatter maps every frame through source maps, formatting them was most of what
 * constructing a resource of this package cost, and a program's constructors all run before the engine hears
 * of its first resource. Should the SDK rename the function, the traces are formatted as before.
 */
function leavePromiseTracesUnformatted(): () => void {
  const programs = Reflect.get(Error, "prepareStackTrace") as StackTraceFormatter | undefined;
  if (programs === undefined || process.env.PULUMI_DEBUG_PROMISE_LEAKS) return () => undefined;
  const formatter: StackTraceFormatter = (error, callSites) =>
    callSites[0]?.getFunctionName() === "debuggablePromise"
      ? String(error)
      : programs.call(Error, error, callSites);
  Reflect.set(Error, "prepareStackTrace", formatter);
  return () => {
    Reflect.set(Error, "prepareStackTrace", programs);
  };
}

/**
 * The tenant's URL as the resource's check sets it in the inputs (check resolves it again, and its value is
 * the one kept), so that what the program declares is what the state holds: the engine compares the two when
 * it shows a resource refreshing under `--run-program`, and a difference there reads as drift. `undefined`
 * when the connection does not resolve (check then says why); never secret, though the tenant argument is.
 */
function declaredDomain(tenant: pulumi.Input<TenantArgs> | undefined): pulumi.Input<string | undefined> {
  const domainOf = (explicit: TenantInputs | undefined): string | undefined => {
    try {
      return bindProgramTenant(explicit).baseUrl;
    } catch {
      return undefined;
    }
  };
  if (tenant === undefined) return domainOf(undefined);
  return pulumi.unsecret(pulumi.output(tenant).apply((resolved) => domainOf(resolved as TenantInputs)));
}

/**
 * A resource's inputs as its provider gets them, from its `Args`: every value resolved, the tenant argument
 * resolved, and the `import` option's id.
 */
export type ResolvedInputs<Args extends { tenant?: unknown }> = Omit<pulumi.Unwrap<Args>, "tenant"> & {
  tenant?: TenantInputs | undefined;
  importId?: string | undefined;
};
