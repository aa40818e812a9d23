import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the listener received it: everything a leak could hide in. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: string;
  body: string;
}

/** A loopback listener that records every request it receives and forwards it to a tenant. */
export interface RecordingProxy {
  /** `http://127.0.0.1:<port>`: the address the stack uses for the tenant. */
  url: string;
  received: RecordedRequest[];
  /** Every recorded byte, for leak checks. */
  text(): string;
  close(): Promise<void>;
}

/** Starts a recording listener on a free loopback port in front of `target` (an emulator's URL). */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const received: RecordedRequest[] = [];
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      received.push({
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: JSON.stringify(incoming.headers),
        body: body.toString("utf8"),
      });
      const proxied = forward(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      proxied.on("error", () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      proxied.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    text: () => received.map((entry) => JSON.stringify(entry)).join("\n"),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
