import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { TokenRequestError } from "../../../src/client/errors";
import { exportTenant } from "../../../src/cli/export";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";

let emulator: TenantEmulator;
let root: string;

beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
  root = mkdtempSync(join(tmpdir(), "export-advice-"));
});

afterAll(async () => {
  await emulator.close();
  rmSync(root, { recursive: true, force: true });
});

describe("tenant-admin export's advice", () => {
  it("names the environment variables it reads when the tenant refuses the client secret", async () => {
    const env = {
      AUTH0_DOMAIN: emulator.domain,
      AUTH0_CLIENT_ID: emulator.clientId,
      AUTH0_CLIENT_SECRET: "not-the-client-secret",
    };
    const failure = exportTenant({ out: join(root, "refused"), env });
    await expect(failure).rejects.toBeInstanceOf(TokenRequestError);
    await expect(failure).rejects.toThrow(
      "POST /oauth/token failed: 401 access_denied: Unauthorized. Check the client id and client secret " +
        "(AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET).",
    );
    await expect(failure).rejects.not.toThrow(/tenant-admin:|not-the-client-secret/);
  });
});
