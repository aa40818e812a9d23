/**
 * The provider implementations, loaded by package name (`pulumi-tenant-admin/provider`) inside the
 * engine's dynamic-provider process each time it calls a resource's provider. One context per process:
 * the stack config the engine configured the provider with.
 *
 * Each resource's module is loaded on its provider's first call, and the HTTP client only when a method
 * talks to the tenant: a preview's `check` and `diff` load one resource's schema, zod and (for phone
 * templates) liquidjs.
 */
import type * as pulumi from "@pulumi/pulumi";

import { ProviderContext } from "../engine/tenantArgs";
import type * as CaptchaConfigProviderModule from "../resources/captchaConfigProvider";
import type * as PhoneTemplatesProviderModule from "../resources/phoneTemplatesProvider";

type Implementation = Required<pulumi.dynamic.ResourceProvider>;

const context = new ProviderContext();

/** A provider whose implementation is created by `load` when the engine first calls one of its methods. */
function loadedOnFirstCall(load: () => Implementation): Implementation {
  let loaded: Implementation | undefined;
  const implementation = (): Implementation => (loaded ??= load());
  return {
    configure: (request) => implementation().configure(request),
    check: (olds, news) => implementation().check(olds, news),
    diff: (id, olds, news) => implementation().diff(id, olds, news),
    create: (inputs) => implementation().create(inputs),
    read: (id, props) => implementation().read(id, props),
    update: (id, olds, news) => implementation().update(id, olds, news),
    delete: (id, props) => implementation().delete(id, props),
  };
}

/** The CaptchaConfig provider implementation. */
export const captchaConfig: Implementation = loadedOnFirstCall(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const resource = require("../resources/captchaConfigProvider") as typeof CaptchaConfigProviderModule;
  return resource.createCaptchaConfigProvider(context);
});

/** The PhoneTemplates provider implementation. */
export const phoneTemplates: Implementation = loadedOnFirstCall(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const resource = require("../resources/phoneTemplatesProvider") as typeof PhoneTemplatesProviderModule;
  return resource.createPhoneTemplatesProvider(context);
});
