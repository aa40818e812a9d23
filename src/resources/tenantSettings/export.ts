import type { ObjectExport } from "../tenantObject/cli/exporting";

/** `tenant-admin export` of the settings: a read of them as a stack output (the package does not manage them). */
export const objectExport: ObjectExport<string[]> = {
  async read({ settings }) {
    return { snapshot: Object.keys(settings).sort(), skipped: [] };
  },

  declare(fields) {
    const lines = [
      "// Tenant settings are read-only in pulumi-tenant-admin: the program reads them (a stack output), it",
      `// does not manage them (${fields.length} top-level fields at export).`,
      "export const tenantSettings = getTenantSettingsOutput();",
    ];
    return { declarations: [{ imports: ["getTenantSettingsOutput"], lines, secrets: [] }], skipped: [] };
  },
};
