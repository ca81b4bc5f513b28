/**
 * POSTs to URLs users chose (webhook endpoints) under the same rule as every connection made on a
 * project's behalf (outbound.ts): a host that resolves to a loopback, link-local, private or reserved
 * address is refused unless the server allows such targets. The check runs inside the socket's own DNS
 * lookup and the socket connects to the address that was approved, so a name that resolves differently
 * a second time (DNS rebinding) cannot slip past it. Redirects are not followed.
 */
import type { LookupAddress, LookupOptions } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { approveOutboundHost, OutboundTargetRefused } from "./outbound.js";

export { OutboundTargetRefused };

export interface OutboundPostOptions {
  /** The server's LATCHKEY_ALLOW_PRIVATE_OUTBOUND. */
  allowPrivate: boolean;
  timeoutMs: number;
}

export interface OutboundAnswer {
  status: number;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for sockets that answers only with an approved address (approveOutboundHost). */
export function guardedLookup(allowPrivate: boolean) {
  return function lookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    approveOutboundHost(hostname, allowPrivate).then(
      (address) => {
        const family = isIP(address);
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, []),
    );
  };
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Why a URL may not be used as a target (scheme, credentials in it, its host's addresses), or null. */
export async function outboundUrlRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
  if (!URL.canParse(url)) return "not a valid URL";
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "only http and https URLs are allowed";
  if (parsed.username || parsed.password) return "URLs may not carry credentials";
  try {
    await approveOutboundHost(hostOf(parsed), allowPrivate);
    return null;
  } catch (error) {
    if (error instanceof OutboundTargetRefused) return error.message;
    throw error;
  }
}

/** POSTs `body`; resolves with the answer's status (the body is read and dropped), rejects on network errors and refusals. */
export async function postOutbound(url: string, headers: Record<string, string>, body: string, options: OutboundPostOptions): Promise<OutboundAnswer> {
  const parsed = new URL(url);
  // Literal addresses skip the socket's DNS lookup: approve them here.
  if (isIP(hostOf(parsed))) await approveOutboundHost(hostOf(parsed), options.allowPrivate);
  const request = parsed.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      parsed,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
      },
      (res: IncomingMessage) => {
        let read = 0;
        const done = () => resolve({ status: res.statusCode ?? 0 });
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Receivers answer with a few bytes; nobody needs more than this of them.
          if (read > 64 * 1024) res.destroy();
        });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end(body);
  });
}
