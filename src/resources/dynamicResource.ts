import * as pulumi from "@pulumi/pulumi";

/** The implementations exported by `pulumi-tenant-admin/provider`, by name. */
export type ProviderName = "captchaConfig" | "phoneTemplates";

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
export function providerSource(name: ProviderName): string {
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
 * A dynamic resource of this package: the same type token and `__provider` input as a
 * `pulumi.dynamic.Resource` (`pulumi-nodejs:dynamic/tenant-admin:<type>`), so the engine runs it in its
 * dynamic-provider host, with the provider given as {@link providerSource}.
 */
export abstract class TenantAdminDynamicResource extends pulumi.CustomResource {
  constructor(
    provider: ProviderName,
    type: string,
    name: string,
    props: pulumi.Inputs,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    super(
      `pulumi-nodejs:dynamic/tenant-admin:${type}`,
      name,
      { ...props, __provider: providerSource(provider) },
      opts,
    );
  }
}
