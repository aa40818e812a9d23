/**
 * The provider implementations, loaded by package name (`pulumi-tenant-admin/provider`) inside the engine's
 * dynamic-provider process each time it calls a resource's provider: one per resource of the registry, under
 * its name. One context per process: the stack config the engine configured the provider with.
 *
 * Each resource's provider module is loaded on its first call, and the HTTP client only when a method talks
 * to the tenant: a preview's `check` and `diff` load one resource's module (and zod, or liquidjs, at their
 * first schema or template).
 */
import { useProgramSdk } from "../engine/programSdk";
// Before the provider context loads @pulumi/pulumi.
useProgramSdk();
import { ProviderContext } from "../engine/providerContext";
import type { ResourceName } from "../resources/registry";
import type { ProviderImplementation } from "../resources/tenantObject/provider/hooks";
import { RESOURCE_NAMES, TENANT_OBJECTS } from "../resources/registry";

const context = new ProviderContext();

/** A provider whose implementation is created by `load` when the engine first calls one of its methods. */
function loadedOnFirstCall(load: () => Promise<ProviderImplementation>): ProviderImplementation {
  let loaded: Promise<ProviderImplementation> | undefined;
  const implementation = (): Promise<ProviderImplementation> => (loaded ??= load());
  return {
    configure: async (request) => (await implementation()).configure(request),
    check: async (olds, news) => (await implementation()).check(olds, news),
    diff: async (id, olds, news) => (await implementation()).diff(id, olds, news),
    create: async (inputs) => (await implementation()).create(inputs),
    read: async (id, props) => (await implementation()).read(id, props),
    update: async (id, olds, news) => (await implementation()).update(id, olds, news),
    delete: async (id, props) => (await implementation()).delete(id, props),
  };
}

const providers = Object.fromEntries(
  RESOURCE_NAMES.map((name) => [
    name,
    loadedOnFirstCall(async () => (await TENANT_OBJECTS[name].resource.provider()).createProvider(context)),
  ]),
) as Readonly<Record<ResourceName, ProviderImplementation>>;

export = providers;
