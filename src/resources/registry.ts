/**
 * The one list of the tenant's API objects this package knows. The provider entry, the provider names, the
 * scopes, `tenant-admin export`, the emulator's routes and the docs index derive from it; nothing else lists
 * the objects. Each object is a folder beside this file (see docs/architecture.md): its `api.ts` (shapes and
 * endpoints, loaded here), and, loaded when first needed, its provider, export hook and emulation. Each
 * object's identity (name, label, resource type, docs page) is its `api.ts`'s; no object imports this list.
 */

import type { ProviderContext } from "../engine/providerContext";
import type { DocumentDescription, ObjectIdentity, ResourceIdentity } from "../wire/document";
import type { ObjectEmulation } from "../wire/emulation";
import type { Endpoint } from "../wire/endpoint";
import type { PutDocumentDescription } from "../wire/putDocument";
import type { CollectionDescription } from "../wire/collection";
import * as botDetection from "./botDetection/api";
import * as breachedPasswordDetection from "./breachedPasswordDetection/api";
import * as bruteForceProtection from "./bruteForceProtection/api";
import * as captchaConfig from "./captchaConfig/api";
import * as legacyPhoneProvider from "./legacyPhoneProvider/api";
import * as phoneMfa from "./phoneMfa/api";
import * as phoneNotificationTemplate from "./phoneNotificationTemplate/api";
import * as phoneProvider from "./phoneProvider/api";
import * as phoneTemplates from "./phoneTemplates/api";
import * as suspiciousIpThrottling from "./suspiciousIpThrottling/api";
import type { ObjectExport } from "./tenantObject/cli/exporting";
import type { ProviderImplementation } from "./tenantObject/provider/hooks";
import { tenantSettingsDocument } from "./tenantSettings/document";

/** The Pulumi resource that manages an object: its identity, and its provider. */
interface ObjectResource extends ResourceIdentity {
  /** Its provider, loaded on the provider's first call. */
  readonly provider: () => Promise<{ createProvider(context: ProviderContext): ProviderImplementation }>;
}

/**
 * Something of an object the tenant already has, which a program adopts with the `import` resource option
 * rather than creating it: what `tenant-admin doctor` lists.
 */
export interface Adoptable {
  /** What it is: `PhoneTemplates`, `PhoneNotificationTemplate otp_verify`. */
  readonly label: string;
  /** What differs from a new tenant's (wire member names), or what was customized. */
  readonly differs: readonly string[];
  /** The `import` value that adopts it: `<host><api path>`. */
  readonly importId: string;
}

/** Finds, in the answer of an object's read (its first GET without path parameters), what a program must adopt. */
type AdoptableFinder = (answer: unknown, host: string) => Adoptable[];

/** The tenant generation whose phone messages an object holds: the Unified Phone Experience, or the legacy set-up. */
export type PhoneGeneration = "unified" | "legacy";

/** One API object of the tenant. */
export interface TenantObject extends ObjectIdentity {
  /** The endpoints the package sends for it; their scopes make {@link ALL_SCOPES}. */
  readonly endpoints: readonly Endpoint[];
  /** The resource that manages it, when the package manages it. */
  readonly resource?: ObjectResource;
  /** How `tenant-admin export` declares what the tenant holds. */
  readonly exporter?: () => Promise<{ objectExport: ObjectExport }>;
  /** For a document object: its description, from which its provider, export and emulation derive. */
  readonly document?: DocumentDescription;
  /**
   * How the emulator serves it: an object's own rules, or what a document object's rules do differently
   * from its description.
   */
  readonly emulation?: () => Promise<{ emulation: ObjectEmulation }>;
  /** The phone generation the object applies to; absent for an object every tenant has. */
  readonly phoneGeneration?: PhoneGeneration;
  /**
   * For an object that is no document (a document's own is what differs from its description's `newTenant`):
   * what of it the tenant already has that a program must adopt.
   */
  readonly adoptable?: () => Promise<{ adoptable: AdoptableFinder }>;
}

/** The parts of an object besides its identity. */
interface ObjectParts {
  readonly endpoints: readonly Endpoint[];
  readonly phoneGeneration?: PhoneGeneration;
  readonly adoptable?: NonNullable<TenantObject["adoptable"]>;
  readonly provider?: ObjectResource["provider"];
  readonly exporter?: NonNullable<TenantObject["exporter"]>;
  readonly emulation?: NonNullable<TenantObject["emulation"]>;
  readonly document?: DocumentDescription;
}

/** An object as the registry lists it: its name as written, and its resource when it has one. */
type ListedObject<Identity extends ObjectIdentity> = TenantObject & {
  readonly name: Identity["name"];
} & (Identity extends { resource: ResourceIdentity } ? { readonly resource: ObjectResource } : unknown);

/** An object of the registry, from its identity (its `api.ts`'s) and its parts. */
function tenantObject<Identity extends ObjectIdentity>(
  identity: Identity,
  { provider, ...parts }: ObjectParts,
): ListedObject<Identity> {
  const { name, label, resource } = identity;
  if (resource !== undefined && provider === undefined) throw new TypeError(`${name} has no provider`);
  const listed: TenantObject = {
    name,
    label,
    ...parts,
    ...(resource === undefined || provider === undefined ? {} : { resource: { ...resource, provider } }),
  };
  return listed as ListedObject<Identity>;
}

/**
 * A document object of the registry: its description gives its endpoints (the GET, and the PATCH when a
 * resource manages it), its provider, its export and its emulation; `parts` replace what is truly its own.
 */
function documentObject<Document extends DocumentDescription>(
  document: Document,
  parts: Partial<ObjectParts> = {},
): ListedObject<Document> {
  const managed = document.resource === undefined ? undefined : { ...document, resource: document.resource };
  return tenantObject(document, {
    endpoints: managed === undefined ? [document.get] : [document.get, document.patch],
    ...(managed === undefined
      ? {}
      : {
          provider: async () => {
            const { documentProvider } = await import("./tenantObject/provider/document");
            return { createProvider: (context: ProviderContext) => documentProvider(context, managed) };
          },
          exporter: async () => ({
            objectExport: (await import("./tenantObject/cli/documentExport")).documentExport(managed),
          }),
        }),
    ...parts,
    document,
  });
}

/**
 * A PUT-replace document of the registry: its description gives its endpoints (each part's GET and PUT) and
 * its provider; `parts` add what is its own (its emulation, its export).
 */
function putDocumentObject<Document extends PutDocumentDescription>(
  document: Document,
  parts: Partial<ObjectParts> = {},
): ListedObject<Document> {
  return tenantObject(document, {
    endpoints: document.parts.flatMap((part) => [part.get, part.put]),
    provider: async () => {
      const { putDocumentProvider } = await import("./tenantObject/provider/putDocument");
      return { createProvider: (context: ProviderContext) => putDocumentProvider(context, document) };
    },
    exporter: async () => ({
      objectExport: (await import("./tenantObject/cli/putDocumentExport")).putDocumentExport(document),
    }),
    adoptable: async () => ({
      adoptable: (await import("./tenantObject/cli/putDocumentExport")).putDocumentAdoptable(document),
    }),
    ...parts,
  });
}

/**
 * A one-per-tenant collection of the registry: its description gives its endpoints and its provider; `parts`
 * add what is its own.
 */
function collectionObject<Collection extends CollectionDescription>(
  collection: Collection,
  parts: Partial<ObjectParts> = {},
): ListedObject<Collection> {
  const { list, create, get, update, remove } = collection;
  return tenantObject(collection, {
    endpoints: [list, create, get, update, remove],
    provider: async () => {
      const { collectionProvider } = await import("./tenantObject/provider/collection");
      return { createProvider: (context: ProviderContext) => collectionProvider(context, collection) };
    },
    exporter: async () => ({
      objectExport: (await import("./tenantObject/cli/collectionExport")).collectionExport(collection),
    }),
    adoptable: async () => ({
      adoptable: (await import("./tenantObject/cli/collectionExport")).collectionAdoptable(collection),
    }),
    ...parts,
  });
}

/** The objects, each listed under its own name (a compile error otherwise). */
function listedByName<Objects extends { [K in keyof Objects]: TenantObject & { readonly name: K } }>(
  objects: Objects,
): Objects {
  return objects;
}

/**
 * Every API object, by the name its resource's provider has in `pulumi-tenant-admin/provider` and in state
 * (its identity's `name`).
 */
export const TENANT_OBJECTS = listedByName({
  captchaConfig: documentObject(captchaConfig.captchaDocument, {
    exporter: () => import("./captchaConfig/export"),
    emulation: () => import("./captchaConfig/emulation"),
  }),
  phoneTemplates: tenantObject(phoneTemplates.phoneTemplatesIdentity, {
    endpoints: [phoneTemplates.getPhoneTemplates, phoneTemplates.putPhoneTemplates],
    provider: () => import("./phoneTemplates/provider"),
    exporter: () => import("./phoneTemplates/export"),
    emulation: () => import("./phoneTemplates/emulation"),
    phoneGeneration: "legacy",
    adoptable: () => import("./phoneTemplates/export"),
  }),
  phoneNotificationTemplate: tenantObject(phoneNotificationTemplate.phoneNotificationTemplateIdentity, {
    endpoints: phoneNotificationTemplate.PACKAGE_ENDPOINTS,
    provider: () => import("./phoneNotificationTemplate/provider"),
    exporter: () => import("./phoneNotificationTemplate/export"),
    emulation: () => import("./phoneNotificationTemplate/emulation"),
    phoneGeneration: "unified",
    adoptable: () => import("./phoneNotificationTemplate/export"),
  }),
  phoneMfa: putDocumentObject(phoneMfa.phoneMfaDocument, {
    emulation: () => import("./phoneMfa/emulation"),
  }),
  legacyPhoneProvider: putDocumentObject(legacyPhoneProvider.legacyPhoneProviderDocument, {
    emulation: () => import("./legacyPhoneProvider/emulation"),
    phoneGeneration: "legacy",
  }),
  phoneProvider: collectionObject(phoneProvider.phoneProviderCollection, {
    emulation: () => import("./phoneProvider/emulation"),
    phoneGeneration: "unified",
  }),
  botDetection: documentObject(botDetection.botDetectionDocument),
  bruteForceProtection: documentObject(bruteForceProtection.bruteForceProtectionDocument),
  breachedPasswordDetection: documentObject(breachedPasswordDetection.breachedPasswordDetectionDocument, {
    emulation: () => import("./breachedPasswordDetection/emulation"),
  }),
  suspiciousIpThrottling: documentObject(suspiciousIpThrottling.suspiciousIpThrottlingDocument),
  tenantSettings: documentObject(tenantSettingsDocument, {
    exporter: () => import("./tenantSettings/export"),
    emulation: () => import("./tenantSettings/emulation"),
  }),
});

type Objects = typeof TENANT_OBJECTS;

/** The name of an object the package manages as a resource: its provider's name. */
export type ResourceName = {
  [K in keyof Objects]: Objects[K] extends { resource: object } ? K : never;
}[keyof Objects];

/** Every object, as a list. */
export const OBJECTS: readonly TenantObject[] = Object.values(TENANT_OBJECTS);

/** The names of the objects managed as resources, in registry order. */
export const RESOURCE_NAMES = (Object.keys(TENANT_OBJECTS) as (keyof Objects)[]).filter(
  (name): name is ResourceName => "resource" in TENANT_OBJECTS[name],
);

/**
 * Every scope the package's own requests need, for a machine-to-machine client grant. The package never
 * changes tenant settings, so `update:tenant_settings` is not among them.
 */
export const ALL_SCOPES: readonly string[] = [
  ...new Set(OBJECTS.flatMap((object) => object.endpoints.map((endpoint) => endpoint.scope))),
];
