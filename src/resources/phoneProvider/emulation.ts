import type { ObjectEmulation, RouteContext } from "../../wire/emulation";
import { EMULATED_TENANT_NAME, disabledFilter, emulatedCollection } from "../../wire/collectionRoutes";
import { RefusalError, customRoute } from "../../wire/emulation";
import type { PhoneProviderConfiguration, PhoneProviderCredentials, PhoneProviderResponse } from "./api";
import { phoneProviderEndpoints, phoneProviderResponseSchema } from "./api";

/** A provider as the emulator keeps it: as answered, and its credentials (never answered). */
type Stored = PhoneProviderResponse & { credentials?: PhoneProviderCredentials | undefined };

/**
 * The providers, with the recorded 404 of an id the tenant does not have (go-auth0 v1
 * `TestBrandingManager_DeletePhoneProvider.yaml` #2).
 */
const PROVIDERS = emulatedCollection({
  idPrefix: "pro_",
  path: phoneProviderEndpoints.list.path,
  notFound: "Notification Resource not found",
});

/**
 * The recorded 400 of a Twilio provider with neither sender, `default_from` nor `mssid`: no `errorCode`
 * (terraform-provider-auth0 `TestAccCheckPhoneProvider.yaml` #1).
 */
function checkSender(name: string, configuration: Stored["configuration"]): void {
  if (name === "twilio" && configuration?.default_from === undefined && configuration?.mssid === undefined) {
    throw new RefusalError(400, "Bad Operation on Notification Resource");
  }
}

/** A configuration with its members in the recorded order: `sid`, `default_from`, `mssid`, `delivery_methods`. */
function ordered(configuration: PhoneProviderConfiguration): PhoneProviderConfiguration {
  const { sid, default_from, mssid, delivery_methods } = configuration;
  return {
    ...(sid === undefined ? {} : { sid }),
    ...(default_from === undefined ? {} : { default_from }),
    ...(mssid === undefined ? {} : { mssid }),
    delivery_methods,
  };
}

/**
 * What a GET, POST or PATCH answers: the provider without its credentials, its members in the recorded order
 * (go-auth0 v1 `TestBrandingManager_CreatePhoneProvider.yaml` #0, #1).
 */
function view(stored: Stored): PhoneProviderResponse {
  const { id, tenant, name, channel, disabled, configuration, created_at, updated_at } = stored;
  return {
    id,
    tenant,
    name,
    channel,
    disabled,
    ...(configuration === undefined ? {} : { configuration }),
    created_at,
    updated_at,
  };
}

/** What the list shows of a provider: `credentials: null` after `configuration`, in the recorded order. */
function listed(stored: Stored): Record<string, unknown> {
  const { created_at, updated_at, ...rest } = view(stored);
  return { ...rest, credentials: null, created_at, updated_at };
}

async function save(context: RouteContext<unknown>, provider: Stored): Promise<PhoneProviderResponse> {
  await context.tenant.setItem(PROVIDERS.path, provider.id, provider);
  return view(provider);
}

/**
 * The tenant's branding phone provider: one at most (a second POST is the documented 409; not recorded);
 * credentials stored and never answered; a PATCH replaces the members it sends (`configuration` whole); a
 * DELETE leaves the tenant without one (then 404); `/try` sends nothing and logs one line.
 */
export const emulation: ObjectEmulation = {
  collections: [{ path: PROVIDERS.path, stored: phoneProviderResponseSchema }],
  routes: [
    customRoute(phoneProviderEndpoints.list, async ({ tenant, query }) => {
      const disabled = disabledFilter(query);
      const providers = tenant
        .items<Stored>(PROVIDERS.path)
        .filter((provider) => disabled === undefined || provider.disabled === disabled);
      return { providers: providers.map(listed) as PhoneProviderResponse[] };
    }),

    customRoute(phoneProviderEndpoints.create, async (context) => {
      const { name, disabled, configuration, credentials } = context.body;
      if (context.tenant.items<Stored>(PROVIDERS.path).length > 0) {
        throw new RefusalError(409, "A phone provider is already configured for this tenant");
      }
      checkSender(name, configuration);
      const now = new Date().toISOString();
      return save(context, {
        id: PROVIDERS.newId(),
        tenant: EMULATED_TENANT_NAME,
        name,
        channel: "phone",
        disabled: disabled ?? false,
        ...(configuration === undefined ? {} : { configuration: ordered(configuration) }),
        created_at: now,
        updated_at: now,
        credentials,
      });
    }),

    customRoute(phoneProviderEndpoints.get, async (context) => view(PROVIDERS.item<Stored>(context))),

    customRoute(phoneProviderEndpoints.update, async (context) => {
      const current = PROVIDERS.item<Stored>(context);
      const { name, disabled, configuration, credentials } = context.body;
      const next: Stored = {
        ...current,
        name: name ?? current.name,
        disabled: disabled ?? current.disabled,
        ...(configuration === undefined ? {} : { configuration: ordered(configuration) }),
        updated_at: new Date().toISOString(),
        credentials: credentials ?? current.credentials,
      };
      checkSender(next.name, next.configuration);
      return save(context, next);
    }),

    PROVIDERS.deleteRoute(phoneProviderEndpoints.remove),

    customRoute(phoneProviderEndpoints.try, async (context) => {
      const current = PROVIDERS.item<Stored>(context);
      context.log(
        `try: a ${context.body.delivery_method ?? "text"} message through the ${current.name} phone provider ${current.id} would be sent (nothing sent)`,
      );
      return { code: 202, message: "Test notification successfully sent for processing" };
    }),
  ],
};
