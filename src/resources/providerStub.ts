import type * as pulumi from "@pulumi/pulumi";

/** The implementations exported by `pulumi-tenant-admin/provider`, by name. */
export type ProviderName = "captchaConfig" | "phoneTemplates";

/**
 * The provider object Pulumi serializes into state for each resource. It captures nothing but its
 * `name`: every method loads this package's implementation by package name when the engine calls it.
 * So state stays tiny, and upgrading the package also upgrades refresh and destroy of existing stacks.
 * The package must be installed where the Pulumi program runs (it is, as the program's dependency).
 */
export function providerStub(name: ProviderName): pulumi.dynamic.ResourceProvider {
  const implementation = (): Required<pulumi.dynamic.ResourceProvider> => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require("pulumi-tenant-admin/provider") as Record<
      ProviderName,
      Required<pulumi.dynamic.ResourceProvider>
    >;
    return loaded[name];
  };
  return {
    configure: (req) => implementation().configure(req),
    check: (olds, news) => implementation().check(olds, news),
    diff: (id, olds, news) => implementation().diff(id, olds, news),
    create: (inputs) => implementation().create(inputs),
    read: (id, props) => implementation().read(id, props),
    update: (id, olds, news) => implementation().update(id, olds, news),
    delete: (id, props) => implementation().delete(id, props),
  };
}
