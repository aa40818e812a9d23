/**
 * The one list of the tenant's API objects this package knows. The provider entry, the provider names, the
 * scopes, `tenant-admin export`, the emulator's routes and the docs index derive from it; nothing else lists
 * the objects. Each object is a folder beside this file (see docs/architecture.md): its `api.ts` (shapes and
 * endpoints, loaded here), and, loaded when first needed, its provider, export hook and emulation.
 */
import type * as pulumi from "@pulumi/pulumi";

import type { ObjectEmulation } from "../emulator/rules";
import type { Endpoint } from "../wire/endpoint";
import type { ProviderContext } from "../engine/providerContext";
import * as botDetection from "./botDetection/api";
import * as breachedPasswordDetection from "./breachedPasswordDetection/api";
import * as bruteForceProtection from "./bruteForceProtection/api";
import * as captchaConfig from "./captchaConfig/api";
import * as phoneNotificationTemplate from "./phoneNotificationTemplate/api";
import * as phoneTemplates from "./phoneTemplates/api";
import * as suspiciousIpThrottling from "./suspiciousIpThrottling/api";
import type { ObjectExport } from "./tenantObject/exporting";
import * as tenantSettings from "./tenantSettings/api";

/** A provider implementation, as the engine's dynamic-provider host calls it. */
export type ProviderImplementation = Required<pulumi.dynamic.ResourceProvider>;

/** The Pulumi resource that manages an object. */
export interface ObjectResource {
  /** The resource's type name: `pulumi-nodejs:dynamic/tenant-admin:<type>`. */
  readonly type: string;
  /** Its reference page, from the repository root. */
  readonly docs: string;
  /** Its provider, loaded on the provider's first call. */
  readonly provider: () => Promise<{ createProvider(context: ProviderContext): ProviderImplementation }>;
}

/** One API object of the tenant. */
export interface TenantObject {
  /** What messages call it: "CAPTCHA configuration". */
  readonly label: string;
  /** The endpoints the package sends for it; their scopes make {@link ALL_SCOPES}. */
  readonly endpoints: readonly Endpoint[];
  /** The resource that manages it, when the package manages it. */
  readonly resource?: ObjectResource;
  /** How `tenant-admin export` declares what the tenant holds. */
  readonly exporter?: () => Promise<{ objectExport: ObjectExport }>;
  /** How the emulator serves it. */
  readonly emulation: () => Promise<{ emulation: ObjectEmulation }>;
}

/** Every API object, by the name its resource's provider has in `pulumi-tenant-admin/provider` and in state. */
export const TENANT_OBJECTS = {
  captchaConfig: {
    label: "CAPTCHA configuration",
    endpoints: [captchaConfig.getCaptcha, captchaConfig.patchCaptcha],
    resource: {
      type: "CaptchaConfig",
      docs: "docs/captcha-config.md",
      provider: () => import("./captchaConfig/provider"),
    },
    exporter: () => import("./captchaConfig/export"),
    emulation: () => import("./captchaConfig/emulation"),
  },
  phoneTemplates: {
    label: "phone templates",
    endpoints: [phoneTemplates.getPhoneTemplates, phoneTemplates.putPhoneTemplates],
    resource: {
      type: "PhoneTemplates",
      docs: "docs/phone-templates.md",
      provider: () => import("./phoneTemplates/provider"),
    },
    exporter: () => import("./phoneTemplates/export"),
    emulation: () => import("./phoneTemplates/emulation"),
  },
  phoneNotificationTemplate: {
    label: "phone notification template",
    endpoints: phoneNotificationTemplate.PACKAGE_ENDPOINTS,
    resource: {
      type: "PhoneNotificationTemplate",
      docs: "docs/phone-notification-template.md",
      provider: () => import("./phoneNotificationTemplate/provider"),
    },
    exporter: () => import("./phoneNotificationTemplate/export"),
    emulation: () => import("./phoneNotificationTemplate/emulation"),
  },
  botDetection: {
    label: "bot detection",
    endpoints: [botDetection.getBotDetection, botDetection.patchBotDetection],
    emulation: () => import("./botDetection/emulation"),
  },
  bruteForceProtection: {
    label: "brute-force protection",
    endpoints: [bruteForceProtection.getBruteForceProtection, bruteForceProtection.patchBruteForceProtection],
    emulation: () => import("./bruteForceProtection/emulation"),
  },
  breachedPasswordDetection: {
    label: "breached password detection",
    endpoints: [
      breachedPasswordDetection.getBreachedPasswordDetection,
      breachedPasswordDetection.patchBreachedPasswordDetection,
    ],
    emulation: () => import("./breachedPasswordDetection/emulation"),
  },
  suspiciousIpThrottling: {
    label: "suspicious IP throttling",
    endpoints: [
      suspiciousIpThrottling.getSuspiciousIpThrottling,
      suspiciousIpThrottling.patchSuspiciousIpThrottling,
    ],
    emulation: () => import("./suspiciousIpThrottling/emulation"),
  },
  tenantSettings: {
    label: "tenant settings",
    endpoints: [tenantSettings.getTenantSettings],
    exporter: () => import("./tenantSettings/export"),
    emulation: () => import("./tenantSettings/emulation"),
  },
} as const satisfies Record<string, TenantObject>;

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
