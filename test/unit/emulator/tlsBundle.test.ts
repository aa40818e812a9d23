/**
 * Several TLS emulators trusted from one bundle file. `NODE_EXTRA_CA_CERTS` is read when a node process starts,
 * so the trusting client is a child process; the bundle is the CA files concatenated byte for byte, as
 * `cat a.pem b.pem > bundle.pem` makes it.
 */
import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

import type { TenantEmulator } from "../../../src/emulator";

import { JWKS_PATH, startTestEmulator } from "./support";

const run = promisify(execFile);

/** Fetches each URL given as an argument and prints `<status>` or `<error code>` per line. */
const FETCH_EACH = `
(async () => {
  for (const url of process.argv.slice(1)) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      console.log(String(response.status));
    } catch (error) {
      console.log(String(error?.cause?.code ?? error?.code ?? error));
    }
  }
})();
`;

describe("several TLS emulators at once", () => {
  const emulators: TenantEmulator[] = [];
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "tenant-emulator-bundle-"));
    emulators.push(await startTestEmulator({ tls: true }), await startTestEmulator({ tls: true }));
  });
  afterAll(async () => {
    await Promise.all(emulators.map((emulator) => emulator.close()));
    await rm(work, { recursive: true, force: true });
  });

  const caFiles = (): string[] =>
    emulators.map((emulator) => {
      if (emulator.caFile === undefined) throw new Error("no CA file");
      return emulator.caFile;
    });

  it("gives each generated certificate a subject of its own", async () => {
    const subjects = await Promise.all(
      caFiles().map(async (file) => new X509Certificate(await readFile(file)).subject),
    );

    expect(new Set(subjects).size).toBe(subjects.length);
    for (const subject of subjects) {
      expect(subject).toMatch(/^CN=tenant-emulator [0-9a-f]{16}\nO=pulumi-tenant-admin\nOU=/);
    }
  });

  it("writes CA files that end with a line break", async () => {
    for (const file of caFiles())
      expect(await readFile(file, "utf8")).toMatch(/-----END CERTIFICATE-----\n$/);
  });

  it("lets a node process trust both from one NODE_EXTRA_CA_CERTS bundle", async () => {
    const bundle = join(work, "bundle.pem");
    await writeFile(bundle, Buffer.concat(await Promise.all(caFiles().map((file) => readFile(file)))));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: bundle };
    delete env.NODE_OPTIONS;

    const { stdout } = await run(
      process.execPath,
      ["-e", FETCH_EACH, ...emulators.map((emulator) => `${emulator.url}${JWKS_PATH}`)],
      { env },
    );

    expect(stdout.trim().split("\n")).toEqual(["200", "200"]);
  });
});
