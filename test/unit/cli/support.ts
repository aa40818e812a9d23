import type { CaptchaResponse } from "../../../src/resources/captchaConfig/api";
import { objectExport as captchaExport } from "../../../src/resources/captchaConfig/export";
import type { PhoneTemplatesResponse } from "../../../src/resources/phoneTemplates/api";
import { objectExport as phoneTemplatesExport } from "../../../src/resources/phoneTemplates/export";
import type { ExportedObject } from "../../../src/resources/tenantObject/cli/exporting";
import { objectExport as settingsExport } from "../../../src/resources/tenantSettings/export";

/** What `tenant-admin export` read from a tenant, by object; `undefined` for an object it did not declare. */
export interface TenantSnapshot {
  captcha: CaptchaResponse | undefined;
  phoneTemplates: PhoneTemplatesResponse | undefined;
  /** The settings' top-level fields. */
  settingsFields: string[] | undefined;
}

/** The tenant host the snapshots are read from. */
export const HOST = "my-tenant.eu.example.com";

/** What each object's export hook declares for the snapshot, in registry order, as `generateProgram` takes it. */
export function exportedObjects(snapshot: TenantSnapshot): ExportedObject[] {
  return [
    ...(snapshot.captcha === undefined ? [] : [captchaExport.declare(snapshot.captcha, HOST)]),
    ...(snapshot.phoneTemplates === undefined
      ? []
      : [phoneTemplatesExport.declare(snapshot.phoneTemplates, HOST)]),
    ...(snapshot.settingsFields === undefined ? [] : [settingsExport.declare(snapshot.settingsFields, HOST)]),
  ];
}
