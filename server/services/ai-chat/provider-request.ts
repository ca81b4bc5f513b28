/**
 * One POST of JSON to the AI provider, under the rule of every connection the server makes for projects
 * (../net/outbound.ts): a host that resolves to a loopback, link-local, private or reserved address is
 * refused unless the server allows such targets (LATCHKEY_ALLOW_PRIVATE_OUTBOUND), checked inside the
 * socket's own DNS lookup (global fetch offers no such hook). The whole exchange has a deadline and the
 * answer is capped in size. Redirects are not followed.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { guardedLookup } from "../net/outbound-http.js";
import { approveOutboundHost, OutboundTargetRefused } from "../net/outbound.js";

/** The largest answer read (a chat completion with a whole e-mail source is tens of kilobytes). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Why the provider gave no usable answer, in words safe to show an admin (no key, no answer body). */
export class ProviderFailure extends Error {
  override readonly name = "ProviderFailure";
}

export interface ProviderAnswer {
  status: number;
  text: string;
}

export interface ProviderRequestOptions {
  allowPrivate: boolean;
  timeoutMs: number;
}

/** POSTs `body` as JSON; resolves with any HTTP answer, rejects with a ProviderFailure otherwise. */
export async function postJson(url: string, headers: Record<string, string>, body: string, options: ProviderRequestOptions): Promise<ProviderAnswer> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  try {
    // Literal addresses skip the socket's DNS lookup: approve them here.
    if (isIP(host)) await approveOutboundHost(host, options.allowPrivate);
    return await exchange(parsed, headers, body, options);
  } catch (error) {
    if (error instanceof ProviderFailure) throw error;
    if (error instanceof OutboundTargetRefused) throw new ProviderFailure(`the server does not connect to it: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new ProviderFailure(`the connection failed${code ? ` (${code})` : ""}`);
  }
}

function exchange(url: URL, headers: Record<string, string>, body: string, options: ProviderRequestOptions): Promise<ProviderAnswer> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let idle = false;
  return new Promise((resolve, reject) => {
    // Whatever breaks the exchange after the deadline (or a silent socket) is the deadline's doing.
    const fail = (error: unknown) => reject(deadline.aborted || idle ? new ProviderFailure(`no answer within ${options.timeoutMs} ms`) : error);
    const req = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
        signal: deadline,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            res.destroy(new ProviderFailure(`its answer is larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("error", fail);
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        // Closed before its end without an error (aborted): settles the promise all the same.
        res.on("close", () => fail(new ProviderFailure("its answer was cut off")));
      },
    );
    req.on("timeout", () => {
      idle = true;
      req.destroy(new Error("idle socket"));
    });
    req.on("error", fail);
    req.end(body);
  });
}
