/**
 * An allowlist over its 100 entries is refused by its count, before the emulator reads any entry: a 1 MiB
 * list costs no more than its length, and the 400 names the count whatever the entries hold.
 */
import type { TenantEmulator } from "../../../src/emulator";
import { bruteForceProtectionDocument } from "../../../src/resources/bruteForceProtection/api";
import { ALLOWLIST_MAX_ENTRIES } from "../../../src/wire/ipAllowlist";

import { call, startTestEmulator } from "./support";

const PATH = `/api/v2${bruteForceProtectionDocument.get.path}`;
const OVER_COUNT = {
  statusCode: 400,
  error: "Bad Request",
  message: `Payload validation error: 'Value is greater than maximum ${ALLOWLIST_MAX_ENTRIES}' on property allowlist.`,
  errorCode: "invalid_body",
};

describe("an allowlist over its count", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    token = await emulator.issueToken({ scopes: ["update:attack_protection"] });
  });
  afterAll(() => emulator.close());

  it("is refused by its count before an entry holding a lone surrogate is read", async () => {
    const entries = Array.from({ length: ALLOWLIST_MAX_ENTRIES + 1 }, (_, index) => `"10.0.0.${index}"`);
    entries[5] = '"10.0.0.5\\ud800"';
    const raw = `{"allowlist":[${entries.join(",")}]}`;

    const response = await call(emulator, "PATCH", PATH, { token, raw, contentType: "application/json" });

    expect(response.status).toBe(400);
    expect(response.body).toEqual(OVER_COUNT);
  });

  it("refuses a 1 MiB allowlist of entries that each hold a lone surrogate by its count", async () => {
    const entries = Array.from(
      { length: 60_000 },
      (_, index) => `"${String(index).padStart(8, "0")}\\ud800"`,
    );
    const raw = `{"allowlist":[${entries.join(",")}]}`;

    const response = await call(emulator, "PATCH", PATH, { token, raw, contentType: "application/json" });

    expect(raw.length).toBeGreaterThan(1_000_000);
    expect(raw.length).toBeLessThanOrEqual(1024 * 1024);
    expect(response.body).toEqual(OVER_COUNT);
  });

  it("still reads the entries of a list within its count", async () => {
    const raw = '{"allowlist":["10.0.0.1","10.0.0.2\\ud800"]}';

    const response = await call(emulator, "PATCH", PATH, { token, raw, contentType: "application/json" });

    expect(response.body).toMatchObject({ message: expect.stringContaining("unpaired surrogate") });
  });
});
