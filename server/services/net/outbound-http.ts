/**
 * POSTs to addresses users chose (webhook URLs) without letting them reach the server's own networks:
 * every address a host name resolves to is classified (addresses.ts) and the connection goes to the
 * address that was checked (the check runs inside the socket's own DNS lookup, so a name that
 * resolves differently a second time cannot slip past it). Redirects are not followed.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { outboundRefusal, type NonPublicKind } from "./addresses.js";

/** The target may not be connected to (its address is in a network the configuration does not allow). */
export class OutboundRefusedError extends Error {
  override readonly name = "OutboundRefusedError";
}

export interface OutboundPostOptions {
  allowedNetworks: ReadonlySet<NonPublicKind>;
  timeoutMs: number;
}

export interface OutboundAnswer {
  status: number;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for sockets that fails with OutboundRefusedError when any address of the name is refused. */
export function guardedLookup(allowed: ReadonlySet<NonPublicKind>) {
  return function lookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refusal = outboundRefusal(address, allowed);
        if (refusal) return callback(new OutboundRefusedError(`${hostname} resolves to ${address}: ${refusal}`) as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks a URL the way a delivery would (scheme, then every address its host resolves to), without
 * connecting. Returns why it is refused, or null. A name that does not resolve (yet) is not refused:
 * deliveries check again.
 */
export async function outboundUrlRefusal(url: string, allowed: ReadonlySet<NonPublicKind>): Promise<string | null> {
  if (!URL.canParse(url)) return "not a valid URL";
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "only http and https URLs are allowed";
  if (parsed.username || parsed.password) return "URLs may not carry credentials";
  const host = hostOf(parsed);
  if (isIP(host)) return refusalText(host, allowed);
  const lookup = guardedLookup(allowed);
  return new Promise((resolve) => {
    lookup(host, { all: true }, (error) => {
      if (error instanceof OutboundRefusedError) resolve(error.message);
      else resolve(null);
    });
  });
}

function refusalText(address: string, allowed: ReadonlySet<NonPublicKind>): string | null {
  const refusal = outboundRefusal(address, allowed);
  return refusal ? `${address}: ${refusal}` : null;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** POSTs `body`; resolves with the answer's status (the body is read and dropped), rejects on network errors and refusals. */
export function postOutbound(url: string, headers: Record<string, string>, body: string, options: OutboundPostOptions): Promise<OutboundAnswer> {
  const parsed = new URL(url);
  const host = hostOf(parsed);
  // Literal addresses skip the socket's DNS lookup: check them here.
  if (isIP(host)) {
    const refusal = refusalText(host, options.allowedNetworks);
    if (refusal) return Promise.reject(new OutboundRefusedError(refusal));
  }
  const request = parsed.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      parsed,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowedNetworks) as never,
        timeout: options.timeoutMs,
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Receivers answer with a few bytes; nobody needs more than this of them.
          if (read > 64 * 1024) res.destroy();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.on("close", () => resolve({ status: res.statusCode ?? 0 }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end(body);
  });
}
