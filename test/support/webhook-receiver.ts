/** A webhook receiver on loopback for tests: records every request; can answer an error status or go away. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver extends AsyncDisposable {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** The status answered from now on (default 204). */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 204;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  let closed = false;
  const close = () => {
    if (closed) return Promise.resolve();
    closed = true;
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/hooks/latchkey`,
    received,
    answer(next) {
      status = next;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
