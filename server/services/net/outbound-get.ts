/**
 * GETs a small document from a URL someone else chose (an OAuth client ID metadata document), under the
 * same rule as every connection made on a project's behalf (outbound.ts): hosts resolving to loopback,
 * private or reserved addresses are refused unless the server allows them, checked inside the socket's
 * own DNS lookup (no DNS rebinding). Redirects are not followed; bodies over `maxBytes` are refused.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { approveOutboundHost } from "./outbound.js";
import { guardedLookup } from "./outbound-http.js";

export interface OutboundGetOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  accept: string;
}

export interface OutboundDocument {
  status: number;
  contentType: string;
  body: string;
}

export class OutboundDocumentTooLarge extends Error {}

export async function getOutbound(url: string, options: OutboundGetOptions): Promise<OutboundDocument> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) await approveOutboundHost(host, options.allowPrivate);
  const request = parsed.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      parsed,
      { method: "GET", headers: { accept: options.accept }, lookup: guardedLookup(options.allowPrivate) as never, timeout: options.timeoutMs },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > options.maxBytes) {
            res.destroy();
            reject(new OutboundDocumentTooLarge(`the document is larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end();
  });
}
