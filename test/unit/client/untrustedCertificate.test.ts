/**
 * A server whose TLS certificate this process does not trust: the client's error says so in one line, with the
 * fix, for each way verification fails. The servers are real https servers with certificates made for each
 * case; where a case needs a trusted CA, it is added to the process's default CAs for that case only.
 */
import { createServer } from "node:https";
import type { Server } from "node:https";
import type { AddressInfo } from "node:net";
import { getCACertificates, setDefaultCACertificates } from "node:tls";

import { generate } from "selfsigned";

import { resolveTenantConnection } from "../../../src/client/connection";
import { TenantConnectionError } from "../../../src/client/errors";
import { ManagementClient } from "../../../src/client/managementClient";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";

interface Pem {
  cert: string;
  key: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function certificate(
  commonName: string,
  options: { ca?: Pem; isCa?: boolean; names?: readonly string[]; notAfter?: Date; notBefore?: Date } = {},
): Promise<Pem> {
  const pems = await generate([{ name: "commonName", value: commonName }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    ...(options.ca === undefined ? {} : { ca: options.ca }),
    ...(options.notBefore === undefined ? {} : { notBeforeDate: options.notBefore }),
    ...(options.notAfter === undefined ? {} : { notAfterDate: options.notAfter }),
    extensions: [
      { name: "basicConstraints", cA: options.isCa === true, critical: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: options.isCa === true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: (options.names ?? ["localhost"]).map((name) =>
          /^[\d.]+$/.test(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
        ),
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

async function serve(cert: string, key: string): Promise<{ server: Server; url: string }> {
  const server = createServer({ cert, key }, (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function failureOf(url: string): Promise<TenantConnectionError> {
  const client = new ManagementClient(
    resolveTenantConnection({ config: { domain: url, apiToken: "t" }, env: {} }),
    { sleep: () => Promise.resolve() },
  );
  const error: unknown = await client.send(getTenantSettings).catch((e: unknown) => e);
  if (!(error instanceof TenantConnectionError))
    throw new Error(`expected a TenantConnectionError: ${String(error)}`);
  return error;
}

const FIX =
  "for a tenant-emulator, append its caFile to a CA bundle that also holds the system CAs " +
  "(cat <system CA file> <caFile> > tenant-ca.pem) and start node with NODE_EXTRA_CA_CERTS=tenant-ca.pem";

describe("a server whose TLS certificate is not trusted", () => {
  let emulator: TenantEmulator;
  const defaultCas = getCACertificates("default");

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false, tls: true });
  });
  afterAll(async () => {
    setDefaultCACertificates(defaultCas);
    await emulator.close();
  });

  it("says a tenant-emulator's certificate is not trusted and how to trust it, in one line", async () => {
    const error = await failureOf(emulator.url);

    expect(error.message).toBe(
      `GET /tenants/settings failed: the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT); ${FIX} ` +
        `(host ${new URL(emulator.url).host}, 1 attempt).`,
    );
    expect(error.message).not.toContain("\n");
    expect(error).toMatchObject({ code: "DEPTH_ZERO_SELF_SIGNED_CERT", attempts: 1 });
  });

  it.each<[string, () => Promise<{ chain: string; key: string; trust?: string }>]>([
    [
      "SELF_SIGNED_CERT_IN_CHAIN",
      async () => {
        const ca = await certificate("test root", { isCa: true });
        const leaf = await certificate("leaf", { ca, names: ["127.0.0.1"] });
        return { chain: `${leaf.cert}\n${ca.cert}\n`, key: leaf.key };
      },
    ],
    [
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      async () => {
        const ca = await certificate("test root", { isCa: true });
        const leaf = await certificate("leaf", { ca, names: ["127.0.0.1"] });
        return { chain: leaf.cert, key: leaf.key };
      },
    ],
    [
      "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
      async () => {
        const root = await certificate("test root", { isCa: true });
        const intermediate = await certificate("test intermediate", { ca: root, isCa: true });
        const leaf = await certificate("leaf", { ca: intermediate, names: ["127.0.0.1"] });
        return { chain: `${leaf.cert}\n${intermediate.cert}\n`, key: leaf.key };
      },
    ],
  ])("says the certificate is not trusted on %s, with the fix", async (code, make) => {
    const { chain, key } = await make();
    const { server, url } = await serve(chain, key);
    try {
      const error = await failureOf(url);

      expect(error.code).toBe(code);
      expect(error.message).toBe(
        `GET /tenants/settings failed: the server's TLS certificate is not trusted (${code}); ${FIX} ` +
          `(host ${new URL(url).host}, 1 attempt).`,
      );
    } finally {
      server.close();
    }
  });

  it("says an expired certificate is not trusted, and that an emulator makes a new one when it starts", async () => {
    const now = Date.now();
    const expired = await certificate("expired", {
      isCa: true,
      names: ["127.0.0.1"],
      notBefore: new Date(now - 10 * DAY_MS),
      notAfter: new Date(now - DAY_MS),
    });
    setDefaultCACertificates([...defaultCas, expired.cert]);
    const { server, url } = await serve(expired.cert, expired.key);
    try {
      const error = await failureOf(url);

      expect(error.code).toBe("CERT_HAS_EXPIRED");
      expect(error.message).toBe(
        "GET /tenants/settings failed: the server's TLS certificate is not trusted: it is outside its validity " +
          "period (CERT_HAS_EXPIRED); a tenant-emulator makes a new certificate each time it starts: restart it, " +
          "then append its caFile to a CA bundle that also holds the system CAs (cat <system CA file> <caFile> > " +
          `tenant-ca.pem) and start node with NODE_EXTRA_CA_CERTS=tenant-ca.pem (host ${new URL(url).host}, 1 attempt).`,
      );
    } finally {
      server.close();
      setDefaultCACertificates(defaultCas);
    }
  });

  it("says a certificate for other names is not trusted, and which names an emulator's covers", async () => {
    const other = await certificate("elsewhere", { isCa: true, names: ["tenant.example.test"] });
    setDefaultCACertificates([...defaultCas, other.cert]);
    const { server, url } = await serve(other.cert, other.key);
    try {
      const error = await failureOf(url);

      expect(error.code).toBe("ERR_TLS_CERT_ALTNAME_INVALID");
      expect(error.message).toBe(
        "GET /tenants/settings failed: the server's TLS certificate is not trusted: it does not cover this host " +
          "name (ERR_TLS_CERT_ALTNAME_INVALID); connect by a name it covers (a tenant-emulator's: localhost, " +
          `127.0.0.1, ::1, its host and each --tls-san name) (host ${new URL(url).host}, 1 attempt).`,
      );
    } finally {
      server.close();
      setDefaultCACertificates(defaultCas);
    }
  });
});
