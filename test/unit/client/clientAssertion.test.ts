import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import type { KeyLike } from "jose";

import { resolveTenantConnection } from "../../../src/client/connection";
import { TenantConfigError } from "../../../src/client/errors";
import { ManagementClient } from "../../../src/client/managementClient";
import { TokenCache } from "../../../src/client/tokens";
import type { ClientAssertionSigningAlg } from "../../../src/client/credentials";
import { CLIENT_ASSERTION_TYPE } from "../../../src/wire";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";

/** A loopback token endpoint that records what it receives and answers with a token. */
interface RecordingTokenEndpoint {
  url: string;
  bodies: Record<string, unknown>[];
  raw: string[];
  close(): Promise<void>;
}

async function startTokenEndpoint(status = 200): Promise<RecordingTokenEndpoint> {
  const bodies: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const server: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      raw.push(`${request.method} ${request.url} ${JSON.stringify(request.headers)} ${text}`);
      if (request.url === "/oauth/token") bodies.push(JSON.parse(text) as Record<string, unknown>);
      response.setHeader("content-type", "application/json");
      if (status !== 200) {
        response.statusCode = status;
        response.end(JSON.stringify({ error: "invalid_client", error_description: "Invalid assertion" }));
        return;
      }
      if (request.url === "/oauth/token") {
        response.end(
          JSON.stringify({ access_token: "issued-token", token_type: "Bearer", expires_in: 86400 }),
        );
      } else {
        response.end(JSON.stringify({ enrollment_message: "{{code}}", verification_message: "{{code}}" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    raw,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const CLIENT_ID = "assertion-client-id";

describe("private_key_jwt client authentication", () => {
  let endpoint: RecordingTokenEndpoint;
  const keys = new Map<ClientAssertionSigningAlg, { pem: string; publicKey: KeyLike }>();

  beforeAll(async () => {
    endpoint = await startTokenEndpoint();
    for (const alg of ["RS256", "RS384", "PS256"] as const) {
      const pair = await generateKeyPair(alg, { extractable: true });
      keys.set(alg, { pem: await exportPKCS8(pair.privateKey), publicKey: pair.publicKey });
    }
  });

  afterAll(async () => {
    await endpoint.close();
  });

  beforeEach(() => {
    endpoint.bodies.length = 0;
    endpoint.raw.length = 0;
  });

  function clientWith(alg: ClientAssertionSigningAlg | undefined, url = endpoint.url): ManagementClient {
    const key = keys.get(alg ?? "RS256");
    if (key === undefined) throw new Error("no key");
    const connection = resolveTenantConnection({
      env: {
        AUTH0_DOMAIN: url,
        AUTH0_CLIENT_ID: CLIENT_ID,
        AUTH0_CLIENT_ASSERTION_PRIVATE_KEY: key.pem,
        ...(alg === undefined ? {} : { AUTH0_CLIENT_ASSERTION_SIGNING_ALG: alg }),
      },
    });
    return new ManagementClient(connection, { tokenCache: new TokenCache() });
  }

  it.each<[string, ClientAssertionSigningAlg | undefined]>([
    ["RS256 by default", undefined],
    ["RS384", "RS384"],
    ["PS256", "PS256"],
  ])("sends a client assertion the tenant can verify (%s)", async (_label, alg) => {
    await clientWith(alg).send(getPhoneTemplates);

    expect(endpoint.bodies).toHaveLength(1);
    const body = endpoint.bodies[0] ?? {};
    expect(body).toMatchObject({
      grant_type: "client_credentials",
      client_id: CLIENT_ID,
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      audience: `${endpoint.url}/api/v2/`,
    });
    expect(body).not.toHaveProperty("client_secret");
    const publicKey = keys.get(alg ?? "RS256")?.publicKey;
    if (publicKey === undefined) throw new Error("no key");
    const { payload, protectedHeader } = await jwtVerify(String(body.client_assertion), publicKey, {
      issuer: CLIENT_ID,
      subject: CLIENT_ID,
      audience: `${endpoint.url}/`,
      algorithms: [alg ?? "RS256"],
    });
    expect(protectedHeader.alg).toBe(alg ?? "RS256");
    expect(typeof payload.jti).toBe("string");
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
  });

  it("signs a fresh assertion, with a new jti, for every token request", async () => {
    const key = keys.get("RS256");
    if (key === undefined) throw new Error("no key");
    await clientWith("RS256").send(getPhoneTemplates);
    await clientWith("RS256").send(getPhoneTemplates);
    const ids = await Promise.all(
      endpoint.bodies.map(async (body) => {
        const { payload } = await jwtVerify(String(body.client_assertion), key.publicKey);
        return payload.jti;
      }),
    );
    expect(new Set(ids).size).toBe(2);
  });

  it("keeps the assertion and the key out of a refused token request's error", async () => {
    const refusing = await startTokenEndpoint(401);
    try {
      const error = await clientWith("RS256", refusing.url)
        .send(getPhoneTemplates)
        .then(
          () => undefined,
          (caught: unknown) => caught as Error,
        );
      expect(error?.message).toMatch(/^POST \/oauth\/token failed: 401 invalid_client: Invalid assertion/);
      const assertion = String(refusing.bodies[0]?.client_assertion);
      expect(assertion.length).toBeGreaterThan(100);
      expect(error?.message).not.toContain(assertion);
      expect(error?.message).not.toContain("PRIVATE KEY");
      expect(JSON.stringify(error)).not.toContain(assertion);
    } finally {
      await refusing.close();
    }
  });

  it("sends the key to no one: only the signed assertion leaves the process", async () => {
    await clientWith("RS256").send(getPhoneTemplates);
    const pem = keys.get("RS256")?.pem ?? "";
    const keyBody = pem.split("\n")[1] ?? "";
    expect(keyBody.length).toBeGreaterThan(20);
    expect(endpoint.raw.join("\n")).not.toContain(keyBody);
  });

  it("refuses a key that does not fit the algorithm, without quoting it", async () => {
    const rsaPem = keys.get("RS256")?.pem ?? "";
    const ecKey = await generateKeyPair("ES256", { extractable: true });
    const ecPem = await exportPKCS8(ecKey.privateKey);
    const connection = resolveTenantConnection({
      config: { domain: endpoint.url, clientId: CLIENT_ID, clientAssertionPrivateKey: ecPem },
      env: {},
    });
    const error = await new ManagementClient(connection, { tokenCache: new TokenCache() })
      .send(getPhoneTemplates)
      .then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
    expect(error).toBeInstanceOf(TenantConfigError);
    expect(error?.message).toMatch(/is not a PKCS#8 PEM key usable with RS256/);
    expect(error?.message).not.toContain(ecPem.split("\n")[1]);
    expect(error?.message).not.toContain(rsaPem.split("\n")[1]);
    expect(endpoint.bodies).toEqual([]);
  });
});
