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

  it("returns a new tenant's documented defaults and the platform's extra fields", () => {
    expect(tenantSettingsResponseSchema.safeParse(all).success).toBe(true);
    expect(all).toMatchObject({
      friendly_name: "My Company",
      picture_url: "https://mycompany.org/logo.png",
      support_email: "support@mycompany.org",
      support_url: "https://mycompany.org/support",
      session_lifetime: 168,
      idle_session_lifetime: 72,
      ephemeral_session_lifetime: 72,
      idle_ephemeral_session_lifetime: 24,
      sandbox_version: "22",
      sandbox_versions_available: expect.arrayContaining(["22"]),
      default_audience: "",
      default_directory: "",
      resource_parameter_profile: "audience",
      enabled_locales: ["en"],
      change_password: {},
      guardian_mfa_page: {},
      error_page: {},
      universal_login: {},
      flags: expect.objectContaining({
        universal_login: true,
        enable_sso: true,
        disable_impersonation: true,
      }),
    });
  });

  it("only returns top-level names that fields may list", () => {
    const known = new Set<string>(TENANT_SETTINGS_FIELDS);
    expect(Object.keys(all).filter((name) => !known.has(name))).toEqual([]);
  });

  it.each<[string, string, string[]]>([
    ["listed fields", "?fields=friendly_name,session_lifetime", ["friendly_name", "session_lifetime"]],
    ["listed fields with include_fields=true", "?fields=flags&include_fields=true", ["flags"]],
    [
      "names with whitespace around them",
      "?fields=%20friendly_name%20,%09support_url",
      ["friendly_name", "support_url"],
    ],
    ["names separated by empty entries", "?fields=,friendly_name,,", ["friendly_name"]],
    ["a platform extra", "?fields=universal_login", ["universal_login"]],
    ["a known field that is not set", "?fields=device_flow", []],
  ])("includes only %s", async (_name, query, expected) => {
    const response = await get(query);

    expect(response.status).toBe(200);
    expect(Object.keys(response.body as object).sort()).toEqual([...expected].sort());
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

  it.each<[string, string, string]>([
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
