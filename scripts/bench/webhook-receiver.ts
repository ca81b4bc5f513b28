/**
 * The receiving end of the webhook-deliveries scenario: an HTTP server on loopback that answers every
 * POST with 200 at once and counts deliveries by their `webhook-id` (a retried or repeated message
 * counts once, and is reported as a duplicate). The first deliveries are kept whole, so that the
 * scenario can verify their signatures with the endpoint's secret; the rest are only counted, so that
 * the receiver is never what limits the rate.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  readonly url: string;
  /** Distinct messages received so far. */
  received(): number;
  /** Deliveries of a message already received. */
  duplicates(): number;
  /** The first deliveries, whole. */
  readonly sample: ReceivedDelivery[];
  /** Resolves with the time (performance.now()) the `count`th distinct message arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));
}

export async function startWebhookReceiver(sampleSize = 20): Promise<WebhookReceiver> {
  const seen = new Set<string>();
  let duplicates = 0;
  let lastArrival = 0;
  const sample: ReceivedDelivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = req.headers["webhook-id"];
      if (typeof id === "string" && !seen.has(id)) {
        seen.add(id);
        lastArrival = performance.now();
        if (sample.length < sampleSize) sample.push({ headers: headersOf(req), body: Buffer.concat(chunks).toString("utf8") });
      } else {
        duplicates++;
      }
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received: () => seen.size,
    duplicates: () => duplicates,
    sample,
    async waitFor(count, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (seen.size < count) {
        if (performance.now() > deadline) throw new Error(`only ${seen.size} of ${count} webhook deliveries arrived within ${Math.round(timeoutMs / 1000)} s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return lastArrival;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
