import { TENANT_SETTINGS_FIELDS, tenantSettingsResponseSchema } from "../../../src/wire";
import type { TenantEmulator } from "../../../src/emulator";

import { SETTINGS_PATH, call, startTestEmulator } from "./support";

describe("GET /tenants/settings", () => {
  let emulator: TenantEmulator;
  let token: string;
  let all: Record<string, unknown>;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    token = await emulator.issueToken();
    all = (await call(emulator, "GET", SETTINGS_PATH, { token })).body as Record<string, unknown>;
  });
  afterAll(() => emulator.close());

  const get = (query: string) => call(emulator, "GET", `${SETTINGS_PATH}${query}`, { token });

  it("answers for a new tenant like a real minimal tenant: 7 to 11 keys, only what is set", () => {
    expect(tenantSettingsResponseSchema.safeParse(all).success).toBe(true);
    const keys = Object.keys(all);
    expect(keys.length).toBeGreaterThanOrEqual(7);
    expect(keys.length).toBeLessThanOrEqual(11);
    expect(all).toMatchObject({
      session_lifetime: 168,
      idle_session_lifetime: 72,
      sandbox_version: "22",
      enabled_locales: ["en"],
      change_password: {},
      error_page: {},
      universal_login: {},
      client_id_metadata_document_supported: false,
      phone_consolidated_experience: true,
      flags: expect.objectContaining({
        universal_login: true,
        enable_sso: true,
        disable_impersonation: true,
      }),
    });
    for (const unset of ["friendly_name", "support_url", "session_cookie", "oidc_logout"]) {
      expect(all).not.toHaveProperty(unset);
    }
  });

  it.each<[string, string, string[]]>([
    ["listed fields", "?fields=enabled_locales,session_lifetime", ["enabled_locales", "session_lifetime"]],
    ["listed fields with include_fields=true", "?fields=flags&include_fields=true", ["flags"]],
    ["a platform extra", "?fields=universal_login", ["universal_login"]],
    ["a known field that is not set", "?fields=device_flow", []],
  ])("includes only %s", async (_name, query, expected) => {
    const response = await get(query);

    expect(response.status).toBe(200);
    expect(Object.keys(response.body as object).sort()).toEqual([...expected].sort());
  });

  it("accepts every name of the published OpenAPI pattern, and all of them at once", async () => {
    const response = await get(`?fields=${TENANT_SETTINGS_FIELDS.join(",")}`);

    expect(response.status).toBe(200);
  });

  it("selects a nested name's member, or excludes just that member", async () => {
    await emulator.tenant.updateSettings({
      universal_login: { colors: { primary: "#000000" }, passwordless: {} },
    });
    try {
      expect((await get("?fields=universal_login.colors")).body).toEqual({
        universal_login: { colors: { primary: "#000000" } },
      });
      const excluded = (await get("?fields=universal_login.colors&include_fields=false")).body;
      expect(excluded).toMatchObject({ universal_login: { passwordless: {} } });
      expect((excluded as { universal_login: object }).universal_login).not.toHaveProperty("colors");
    } finally {
      await emulator.tenant.updateSettings({ universal_login: {} });
    }
  });

  it.each<[string, string, string[]]>([
    [
      "listed fields with include_fields=false",
      "?fields=flags,friendly_name&include_fields=false",
      ["flags", "friendly_name"],
    ],
    ["nothing when fields is empty", "?fields=&include_fields=false", []],
    ["nothing when fields is absent", "?include_fields=false", []],
    ["nothing with include_fields=true alone", "?include_fields=true", []],
    ["nothing for an unrelated parameter", "?page=2", []],
  ])("excludes %s", async (_name, query, excluded) => {
    const response = await get(query);

    expect(response.status).toBe(200);
    expect(Object.keys(response.body as object).sort()).toEqual(
      Object.keys(all)
        .filter((name) => !excluded.includes(name))
        .sort(),
    );
  });

  it("returns the same values for selected fields as for all fields", async () => {
    const response = await get("?fields=flags,enabled_locales");

    expect(response.body).toEqual({ flags: all.flags, enabled_locales: all.enabled_locales });
  });

  const PATTERN_MISMATCH =
    "Query validation error: 'String does not match pattern: known field names joined by commas, without spaces or empty names' on property fields.";

  it.each<[string, string, string]>([
    ["names with spaces around them", "?fields=%20flags%20,support_url", PATTERN_MISMATCH],
    ["empty entries between names", "?fields=,flags,,", PATTERN_MISMATCH],
    [
      "a response property the pattern does not list",
      "?fields=sandbox_version",
      `Query validation error: 'No enum match for: "sandbox_version"' on property fields.`,
    ],
    [
      "guardian_mfa_page, which the pattern does not list",
      "?fields=flags,guardian_mfa_page",
      `Query validation error: 'No enum match for: "guardian_mfa_page"' on property fields.`,
    ],
    [
      "an unknown field name",
      "?fields=friendly_name,nope",
      `Query validation error: 'No enum match for: "nope"' on property fields.`,
    ],
    [
      "a nested name",
      "?fields=flags.enable_sso",
      `Query validation error: 'No enum match for: "flags.enable_sso"' on property fields.`,
    ],
    [
      "include_fields that is not a boolean",
      "?fields=flags&include_fields=yes",
      "Query validation error: 'Expected type boolean but found type string' on property include_fields.",
    ],
    [
      "an empty include_fields",
      "?include_fields=",
      "Query validation error: 'Expected type boolean but found type string' on property include_fields.",
    ],
    [
      "include_fields in another case",
      "?include_fields=TRUE",
      "Query validation error: 'Expected type boolean but found type string' on property include_fields.",
    ],
    [
      "fields given twice",
      "?fields=flags&fields=friendly_name",
      "Query validation error: 'Expected type string but found type array' on property fields.",
    ],
  ])("answers %s with 400 invalid_query_string", async (_name, query, message) => {
    const response = await get(query);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message,
      errorCode: "invalid_query_string",
    });
  });

  it("returns settings changed out of band", async () => {
    await emulator.tenant.updateSettings({ friendly_name: "Renamed", session_lifetime: 12 });
    try {
      const response = await get("?fields=friendly_name,session_lifetime");

      expect(response.body).toEqual({ friendly_name: "Renamed", session_lifetime: 12 });
    } finally {
      await emulator.tenant.updateSettings({ friendly_name: "My Company", session_lifetime: 168 });
    }
  });

  it("refuses an out-of-band change of the wrong type", async () => {
    await expect(
      emulator.tenant.updateSettings({ friendly_name: 5 } as unknown as { friendly_name: string }),
    ).rejects.toThrow();
  });
});
