import { Agent, request } from "node:http";
import { connect } from "node:net";

import fc from "fast-check";

import type { TenantEmulator } from "../../../src/emulator";

import { SETTINGS_PATH, call, startTestEmulator } from "./support";

// What robustness.test.ts leaves out: bodies on the GET routes (fetch cannot send them), arbitrary
// Authorization headers on every route, and bytes that are not HTTP at all on a raw connection.

const RUNS = { numRuns: 150 };
const agent = new Agent({ keepAlive: false });

/** Sends one request with node:http, which (unlike fetch) sends a body with any method. */
function send(
  emulator: TenantEmulator,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<{ status: number; text: string }> {
  const url = new URL(emulator.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, "content-length": String(body.length) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body === undefined ? undefined : Buffer.from(body));
  });
}

/** Writes raw bytes on a new connection, half-closes it and returns whatever came back before it closed. */
function sendRaw(emulator: TenantEmulator, bytes: Uint8Array): Promise<string> {
  const port = Number(new URL(emulator.url).port);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.end(Buffer.from(bytes)));
    // A limit on a server that never closes, not on speed: a busy machine may answer late.
    const timer = setTimeout(() => socket.destroy(), 60_000);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("latin1"));
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may reset a connection that sent garbage; that is an answer too, not a crash.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
  });
}

/** Every route the emulator serves, as `[method, path]`, a template's `{id}` filled in with a template id. */
let routes: fc.Arbitrary<[string, string]>;
/** The routes that need a token: everything under /api/v2. */
const isApiRoute = (path: string) => path.startsWith("/api/v2/");
/** Characters Node accepts in a header value: tab, printable ASCII and bytes 0x80–0xff. */
const headerText = (maxLength: number) =>
  fc
    .array(
      fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(9)),
      {
        maxLength,
      },
    )
    .map((codes) => String.fromCharCode(...codes));

describe("the emulator under hostile input", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ bodyLimitBytes: 4096 });
    token = await emulator.issueToken();
    const created = await call(emulator, "POST", "/api/v2/branding/phone/templates", {
      token,
      json: { type: "otp_verify" },
    });
    const id = (created.body as { id: string }).id;
    routes = fc.constantFrom(
      ...emulator.routes.map((route) => route.replace("{id}", id).split(" ") as [string, string]),
    );
  });
  afterAll(async () => {
    agent.destroy();
    await emulator.close();
  });

  afterEach(async () => {
    // Still up and still right after every property.
    expect((await call(emulator, "GET", SETTINGS_PATH, { token })).status).toBe(200);
  });

  it("answers random bytes as the body of every route, the GETs included, without a 5xx", async () => {
    const contentType = fc.constantFrom(
      "application/json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "",
    );
    await fc.assert(
      fc.asyncProperty(
        routes,
        fc.uint8Array({ maxLength: 600 }),
        contentType,
        fc.boolean(),
        async ([method, path], body, type, authorized) => {
          const headers: Record<string, string> = type === "" ? {} : { "content-type": type };
          if (authorized) headers.authorization = `Bearer ${token}`;
          const response = await send(emulator, method, path, headers, body);
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThan(500);
          // Every answer is JSON, but a 204's (a template's DELETE), which has no body.
          if (response.status === 204) expect(response.text).toBe("");
          else expect(() => JSON.parse(response.text) as unknown).not.toThrow();
        },
      ),
      RUNS,
    );
  });

  it("answers any Authorization header on every route without a 5xx, and a 401 on the API without the real token", async () => {
    const mutated = fc
      .tuple(fc.nat(), fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))
      .map(([at, replacement]) => {
        // A character inside the payload (never its last one, whose low bits may be padding).
        const [header = "", payload = "", signature = ""] = token.split(".");
        const index = at % (payload.length - 1);
        const changed = payload[index] === replacement ? (replacement === "A" ? "B" : "A") : replacement;
        return `Bearer ${header}.${payload.slice(0, index)}${changed}${payload.slice(index + 1)}.${signature}`;
      });
    const authorization = fc.oneof(
      headerText(200),
      headerText(120).map((text) => `Bearer ${text}`),
      fc.constantFrom(
        "Bearer",
        "Bearer ",
        "bearer  ",
        "Basic dXNlcjpwYXNz",
        `Token ${token}`,
        `Bearer ${token}x`,
      ),
      mutated,
    );
    await fc.assert(
      fc.asyncProperty(routes, authorization, async ([method, path], value) => {
        const body = method === "GET" ? undefined : new TextEncoder().encode("{}");
        const headers = { authorization: value, "content-type": "application/json" };
        const response = await send(emulator, method, path, headers, body);
        expect(response.status).toBeLessThan(500);
        if (isApiRoute(path)) expect(response.status).toBe(401);
      }),
      RUNS,
    );
  });

  it("answers bytes that are not HTTP, or HTTP with garbage in it, without a 5xx and without going down", async () => {
    const garbage = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 400 }),
      fc
        .tuple(routes, fc.uint8Array({ maxLength: 80 }), fc.uint8Array({ maxLength: 200 }))
        .map(([[method, path], inLine, inHeaders]) =>
          Buffer.concat([
            Buffer.from(`${method} ${path}`),
            Buffer.from(inLine),
            Buffer.from(" HTTP/1.1\r\nHost: x\r\nAuthorization: "),
            Buffer.from(inHeaders),
            Buffer.from("\r\ncontent-length: 2\r\n\r\n{}"),
          ]),
        ),
    );
    await fc.assert(
      fc.asyncProperty(garbage, async (bytes) => {
        const reply = await sendRaw(emulator, bytes);
        if (reply === "") return; // the connection was closed without an answer
        expect(reply).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
      }),
      RUNS,
    );
  });
});
