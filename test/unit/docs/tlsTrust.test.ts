/**
 * docs/emulator.md's TLS commands, run as written against two TLS emulators whose data directories are the
 * page's `.tenant-a` and `.tenant-b`. The page's port 8443 becomes each emulator's own port. Where the machine
 * has no curl, the curl line is checked with node's https and the same CA file instead.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { TenantEmulator } from "../../../src/emulator";
import { startEmulator } from "../../../src/emulator";
import { runScript, shellBlock } from "./support";

const JWKS_URL = "https://localhost:8443/.well-known/jwks.json";

/** Stands in for `curl --cacert <file> <url>` where there is no curl: the same file, node's https. */
const NODE_CACERT_GET = `node -e '
const [file, url] = process.argv.slice(1);
require("node:https").get(url, { ca: require("node:fs").readFileSync(file) }, (response) => {
  response.pipe(process.stdout);
}).on("error", (error) => { console.error(error.code ?? error); process.exit(60); });
'`;

describe("docs/emulator.md, TLS", () => {
  let work: string;
  const emulators: TenantEmulator[] = [];
  let lines: string[];
  let hasCurl: boolean;

  beforeAll(async () => {
    lines = (await shellBlock("emulator.md", "## TLS")).filter((line) => !line.startsWith("#"));
    hasCurl = (await runScript("command -v curl", "/")).code === 0;
    work = await mkdtemp(join(tmpdir(), "tls-trust-"));
    for (const name of [".tenant-a", ".tenant-b"]) {
      emulators.push(await startEmulator({ tls: true, port: 0, dataDir: join(work, name) }));
    }
  });

  afterAll(async () => {
    await Promise.all(emulators.map((emulator) => emulator.close()));
    await rm(work, { recursive: true, force: true });
  });

  /** The page's line that starts with `prefix`, with its port 8443 replaced by `port`. */
  function line(prefix: string, port?: number): string {
    const found = lines.find((candidate) => candidate.startsWith(prefix));
    if (found === undefined) throw new Error(`no line starting with ${prefix} in the TLS block`);
    return port === undefined ? found : found.replace(":8443", `:${port}`);
  }

  const portOf = (emulator: TenantEmulator): number => Number(new URL(emulator.url).port);

  it("makes one bundle that node trusts for both emulators (NODE_EXTRA_CA_CERTS)", async () => {
    expect((await runScript(line("cat "), work)).code).toBe(0);
    const nodeLine = line("NODE_EXTRA_CA_CERTS=tenant-ca.pem ");
    const urls = emulators.map((emulator) => JWKS_URL.replace(":8443", `:${portOf(emulator)}`));
    const fetchEach = `node -e 'Promise.all(process.argv.slice(1).map((u) => fetch(u).then((r) => r.status))).then((s) => console.log(s.join(" ")), (e) => { console.error(e.cause?.code ?? e); process.exit(1); })' ${urls.join(" ")}`;
    const result = await runScript(nodeLine.replace(/ pulumi up.*$/, ` ${fetchEach}`), work);
    expect(result).toMatchObject({ code: 0, stdout: "200 200\n" });
  });

  it("reaches each emulator with the page's curl command and the bundle", async () => {
    const curlLine = line("curl ");
    expect(curlLine).toBe(`curl --cacert tenant-ca.pem ${JWKS_URL}`);
    for (const emulator of emulators) {
      const command = line("curl ", portOf(emulator));
      const script = hasCurl
        ? command
        : `${NODE_CACERT_GET} ${command.replace(/^curl --cacert (\S+) (\S+)$/, "$1 $2")}`;
      const result = await runScript(script, work);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toHaveProperty("keys");
    }
  });

  it("is right that Debian's curl 7.88 ignores SSL_CERT_FILE", async () => {
    const version = hasCurl ? (await runScript("curl --version", "/")).stdout : "";
    if (!version.startsWith("curl 7.88.")) {
      console.warn("skipped: the page's remark is about curl 7.88, and this machine's curl is another");
      return;
    }
    const url = JWKS_URL.replace(":8443", `:${portOf(emulators[0]!)}`);
    const result = await runScript(`SSL_CERT_FILE=tenant-ca.pem curl -sS ${url}`, work);
    expect(result.code).toBe(60);
  });
});
