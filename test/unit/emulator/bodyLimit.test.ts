/**
 * The body limit agrees with the template limits: every body whose texts a preview accepts is taken, in each
 * encoding the endpoint takes, and a body far over the limit gets the platform's 413, which a real HTTP client
 * reads, whether it reads while sending or only after it has sent everything.
 */
import { readFileSync } from "node:fs";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

import type { TenantEmulator } from "../../../src/emulator";
import { DEFAULT_BODY_LIMIT_BYTES } from "../../../src/emulator";
import { BODY_MAX_LENGTH } from "../../../src/resources/phoneNotificationTemplate/api";

import {
  BRANDING_TEMPLATES_COLLECTION,
  BRANDING_TEMPLATES_PATH,
  CAPTCHA_PATH,
  call,
  startTestEmulator,
} from "./support";

jest.setTimeout(120_000);

/** The 413 the platform answers a body over its limit. */
const TOO_LARGE = {
  statusCode: 413,
  error: "Request Entity Too Large",
  message: `Payload content length greater than maximum allowed: ${DEFAULT_BODY_LIMIT_BYTES}`,
};

/** A text of exactly the longest length the schema (so the preview) takes, of characters given. */
function longest(character: string): string {
  const code = "{{ code }}";
  return `${code}${character.repeat((BODY_MAX_LENGTH - code.length) / character.length)}`;
}

/** JSON with every character of every string as a `\uXXXX` escape: the longest JSON of those strings. */
function escapedJson(value: unknown): string {
  if (typeof value === "string") {
    const units = Array.from({ length: value.length }, (_, index) => value.charCodeAt(index));
    return `"${units.map((unit) => `\\u${unit.toString(16).padStart(4, "0")}`).join("")}"`;
  }
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(
      ([key, member]) => `${JSON.stringify(key)}:${escapedJson(member)}`,
    );
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * A request as a client that sends all of its body before it reads the answer (curl, most HTTP libraries) sees
 * it: a failure to send the whole body (the server closed the connection early) fails the request, whatever
 * came back meanwhile. With node's own HTTP(S) client, on `agent`'s connections.
 */
function sendWholeBody(
  emulator: TenantEmulator,
  agent: HttpAgent,
  method: string,
  token: string,
  body = Buffer.alloc(0),
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const options = {
      method,
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": String(body.length),
      },
    };
    const url = `${emulator.url}${CAPTCHA_PATH}`;
    const request =
      emulator.caFile === undefined
        ? httpRequest(url, options)
        : httpsRequest(url, { ...options, ca: readFileSync(emulator.caFile) });
    let sent = false;
    let answer: { status: number; body: unknown } | undefined;
    const settle = () => {
      if (sent && answer !== undefined) resolve(answer);
    };
    request.once("error", reject);
    request.end(body, () => {
      sent = true;
      settle();
    });
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("error", reject);
      response.once("end", () => {
        answer = {
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
        };
        settle();
      });
    });
  });
}

describe("the body limit", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());
  afterEach(async () => {
    for (const item of emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION) as { id: string }[]) {
      await call(emulator, "DELETE", `${BRANDING_TEMPLATES_PATH}/${item.id}`, { token });
    }
  });

  const texts = { text: longest("界"), voice: longest("音") };
  const template = { type: "otp_enroll", content: { body: texts } };
  const storedTexts = () =>
    (emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION) as { content: { body: unknown } }[]).map(
      (item) => item.content.body,
    );

  it.each([
    ["JSON in UTF-8", () => JSON.stringify(template), "application/json"],
    ["JSON with every character escaped", () => escapedJson(template), "application/json"],
    [
      "form fields, every byte percent-encoded",
      () =>
        [
          "type=otp_enroll",
          `content[body][text]=${encodeURIComponent(texts.text)}`,
          `content[body][voice]=${encodeURIComponent(texts.voice)}`,
        ].join("&"),
      "application/x-www-form-urlencoded",
    ],
  ])(
    "creates a template whose text and voice are each of the longest length preview accepts, sent as %s",
    async (_encoding, body, contentType) => {
      const raw = body();
      const response = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, { token, raw, contentType });

      expect(Buffer.byteLength(raw)).toBeGreaterThan(100 * 1024);
      expect(Buffer.byteLength(raw)).toBeLessThan(360_000);
      expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT_BYTES);
      expect(response.status).toBe(201);
      expect(storedTexts()).toEqual([texts]);
    },
  );

  it("takes a PATCH of both texts at the longest length", async () => {
    const created = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
      token,
      json: { type: "otp_enroll", content: { body: { text: "{{ code }}" } } },
    });
    const id = (created.body as { id: string }).id;

    const response = await call(emulator, "PATCH", `${BRANDING_TEMPLATES_PATH}/${id}`, {
      token,
      raw: escapedJson({ content: { body: texts } }),
      contentType: "application/json",
    });

    expect(response.status).toBe(200);
    expect(storedTexts()).toEqual([texts]);
  });

  const twentyMegabytes = () => Array.from({ length: 20 }, () => new Uint8Array(1024 * 1024).fill(0x78));

  it.each([
    [
      "with its Content-Length",
      (): Uint8Array | ReadableStream<Uint8Array> => Buffer.concat(twentyMegabytes()),
    ],
    [
      "streamed (chunked)",
      (): Uint8Array | ReadableStream<Uint8Array> =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of twentyMegabytes()) controller.enqueue(chunk);
            controller.close();
          },
        }),
    ],
  ])(
    "answers a 20 MB body sent by fetch %s with the platform's 413, and keeps serving",
    async (_how, body) => {
      const response = await fetch(`${emulator.url}${CAPTCHA_PATH}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body(),
        duplex: "half",
      });

      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(TOO_LARGE);
      expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(200);
    },
  );

  it.each([false, true])(
    "answers 20 MB bodies that a client sends whole before reading (TLS: %s) with the platform's 413, and serves the next request on the same connection",
    async (tls) => {
      const server = tls ? await startTestEmulator({ tls: true }) : emulator;
      const agent = tls
        ? new HttpsAgent({ keepAlive: true, maxSockets: 1 })
        : new HttpAgent({ keepAlive: true, maxSockets: 1 });
      try {
        const serverToken = await server.issueToken();
        server.clearRequestLog();
        for (let round = 0; round < 3; round += 1) {
          const tooLarge = await sendWholeBody(
            server,
            agent,
            "PATCH",
            serverToken,
            Buffer.alloc(20 * 1024 * 1024, 0x78),
          );
          const next = await sendWholeBody(server, agent, "GET", serverToken);

          expect(tooLarge).toEqual({ status: 413, body: TOO_LARGE });
          expect(next.status).toBe(200);
        }
        expect(server.requestLog.map(({ status, connection }) => [status, connection])).toEqual(
          [413, 200, 413, 200, 413, 200].map((status) => [status, server.requestLog[0]?.connection]),
        );
      } finally {
        agent.destroy();
        if (tls) await server.close();
      }
    },
  );
});
