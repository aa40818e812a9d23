import {
  TENANT_SETTINGS_FIELDS,
  tenantSettingsResponseSchema,
} from "../../../src/resources/tenantSettings/api";
import type { TenantEmulator } from "../../../src/emulator";

import { SETTINGS_DOCUMENT, SETTINGS_PATH, call, startTestEmulator } from "./support";

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

  it("answers for a new tenant like a real minimal tenant: 7 to 12 keys, only what is set", () => {
    expect(tenantSettingsResponseSchema.safeParse(all).success).toBe(true);
    const keys = Object.keys(all);
    expect(keys.length).toBeGreaterThanOrEqual(7);
    expect(keys.length).toBeLessThanOrEqual(12);
    expect(all).toMatchObject({
      session_lifetime: 168,
      idle_session_lifetime: 72,
      sandbox_version: "22",
      enabled_locales: ["en"],
      change_password: {},
      error_page: {},
      universal_login: {},
      resource_parameter_profile: "audience",
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
    await emulator.tenant.write("PATCH", SETTINGS_DOCUMENT, {
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
      await emulator.tenant.reset(SETTINGS_DOCUMENT);
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
    await emulator.tenant.write("PATCH", SETTINGS_DOCUMENT, {
      friendly_name: "Renamed",
      session_lifetime: 12,
    });
    try {
      const response = await get("?fields=friendly_name,session_lifetime");

      expect(response.body).toEqual({ friendly_name: "Renamed", session_lifetime: 12 });
    } finally {
      await emulator.tenant.reset(SETTINGS_DOCUMENT);
    }
  });

  it("refuses an out-of-band change of the wrong type", async () => {
    await expect(emulator.tenant.write("PATCH", SETTINGS_DOCUMENT, { friendly_name: 5 })).rejects.toThrow(
      "PATCH /tenants/settings would be refused: 400 Payload validation error: 'Expected type string but found type number' on property friendly_name.",
    );
    expect(emulator.tenant.read(SETTINGS_DOCUMENT)).toEqual(all);
  });
});

describe("PATCH /tenants/settings, as recorded real tenants apply it", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    token = await emulator.issueToken({ scopes: ["read:tenant_settings", "update:tenant_settings"] });
  });
  afterAll(() => emulator.close());

  const patch = (json: unknown) => call(emulator, "PATCH", SETTINGS_PATH, { token, json });
  const read = async () =>
    (await call(emulator, "GET", SETTINGS_PATH, { token })).body as Record<string, unknown>;

  it("removes a key sent as null: neither the answer nor a later GET has it", async () => {
    const set = await patch({
      acr_values_supported: ["foo"],
      mtls: { enable_endpoint_aliases: true },
      error_page: { html: "<p/>", show_log_link: false, url: "" },
    });
    expect(set.status).toBe(200);

    const removed = await patch({ acr_values_supported: null, mtls: null, error_page: null });

    expect(removed.status).toBe(200);
    for (const body of [removed.body, await read()]) {
      expect(body).not.toHaveProperty("acr_values_supported");
      expect(body).not.toHaveProperty("mtls");
      expect(body).not.toHaveProperty("error_page");
    }
  });

  it("keeps an empty list sent, unlike null", async () => {
    const response = await patch({ acr_values_supported: [] });

    expect(response.body).toMatchObject({ acr_values_supported: [] });
    expect(await read()).toMatchObject({ acr_values_supported: [] });
    await patch({ acr_values_supported: null });
  });

  it("takes a flag the OpenAPI does not name and keeps the other flags", async () => {
    const response = await patch({ flags: { use_scope_descriptions_for_consent: true } });

    expect(response.status).toBe(200);
    expect((await read())["flags"]).toMatchObject({
      use_scope_descriptions_for_consent: true,
      enable_sso: true,
      disable_impersonation: true,
    });
  });

  it("refuses a flag that is not a boolean", async () => {
    const response = await patch({ flags: { use_scope_descriptions_for_consent: "yes" } });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: "invalid_body" });
  });

  it("takes universal_login, empty or with colors", async () => {
    expect((await patch({ universal_login: {} })).status).toBe(200);
    const colors = { primary: "#0059d6", page_background: "#000000" };
    const response = await patch({ universal_login: { colors } });

    expect(response.status).toBe(200);
    expect(await read()).toMatchObject({ universal_login: { colors } });
  });

  it("stores country codes with their mode in the order sent, keeps them through other changes, and removes them with null", async () => {
    const allow = { list: ["CA", "US"], mode: "allow" };
    const created = await patch({ friendly_name: "Country Codes Test", country_codes: allow });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ country_codes: allow });

    expect((await patch({ friendly_name: "Country Codes Test" })).body).toMatchObject({
      country_codes: allow,
    });

    const removed = await patch({ country_codes: null });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty("country_codes");
    expect(await read()).not.toHaveProperty("country_codes");
  });

  // Recorded: go-auth0 TestTenantManager_CountryCodes.yaml #3 and terraform-provider-auth0
  // TestAccTenant_CountryCodes.yaml #5 send mode "deny", answered 200 and echoed.
  it("replaces country codes whole, a deny list included", async () => {
    await patch({ country_codes: { list: ["US", "GB"], mode: "allow" } });
    const response = await patch({ country_codes: { list: ["DE", "FR", "GB"], mode: "deny" } });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ country_codes: { list: ["DE", "FR", "GB"], mode: "deny" } });
    expect((await read())["country_codes"]).toEqual({ list: ["DE", "FR", "GB"], mode: "deny" });
    await patch({ country_codes: null });
  });

  it.each([
    ["session_lifetime", 90, 1.5],
    ["idle_session_lifetime", 30, 0.5],
    ["ephemeral_session_lifetime", 120, 2],
    ["idle_ephemeral_session_lifetime", 15, 0.25],
  ])("stores %s given in minutes (%i) in hours (%d), under its own name", async (name, minutes, hours) => {
    const response = await patch({ [`${name}_in_minutes`]: minutes });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ [name]: hours });
    const settings = await read();
    expect(settings[name]).toBe(hours);
    expect(settings).not.toHaveProperty(`${name}_in_minutes`);
  });

  // Recorded: terraform-provider-auth0 TestAccTenant_DefaultRedirectionURI.yaml #6 sends
  // `"default_redirection_uri":""` and the answer no longer has the key; other empty strings are stored.
  it("removes default_redirection_uri sent empty", async () => {
    await patch({ default_redirection_uri: "https://example.com/login" });
    const response = await patch({ default_redirection_uri: "" });

    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty("default_redirection_uri");
    expect(await read()).not.toHaveProperty("default_redirection_uri");
  });

  it("applies nothing of a PATCH it refuses", async () => {
    const before = await read();
    const response = await patch({ friendly_name: "Half applied?", no_such_setting: true });

    expect(response.status).toBe(400);
    expect(await read()).toEqual(before);
  });
});
