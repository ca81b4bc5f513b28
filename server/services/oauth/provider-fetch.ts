/**
 * Every HTTP call to an OAuth provider (discovery, token exchange and refresh, profile reads) goes out
 * here, under the rule of every connection made on a project's behalf (../net/outbound.ts): a host that
 * resolves to a loopback, link-local, private or reserved address is refused unless the server allows
 * such targets, with the check inside the socket's own DNS lookup. Endpoints under a base URL the
 * operator configured (LATCHKEY_OAUTH_PROVIDER_BASE_URLS: local stand-ins, development) are the
 * operator's choice and allowed wherever they point. Answers are capped in size; calls time out.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import * as oauth from "oauth4webapi";
import type { OAuthServerConfig } from "../../config.js";
import { guardedLookup } from "../net/outbound-http.js";
import { approveOutboundHost } from "../net/outbound.js";

/** How long one provider call may take. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** The largest provider answer read (discovery documents and profiles are a few kilobytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface ProviderFetchPolicy {
  /** The server's LATCHKEY_ALLOW_PRIVATE_OUTBOUND. */
  allowPrivateOutbound: boolean;
  oauth: OAuthServerConfig;
}

/** The options oauth4webapi takes for one call to `url`: our fetch, a timeout, and plain HTTP where allowed. */
export interface ProviderRequestOptions {
  [oauth.allowInsecureRequests]?: boolean;
  [oauth.customFetch]: ReturnType<typeof providerFetchOf>;
  signal: AbortSignal;
}

/** Whether `url` lies under a provider base URL the operator configured. */
export function isOperatorEndpoint(url: string, config: OAuthServerConfig): boolean {
  return Object.values(config.providerBaseUrls).some((base) => {
    const prefix = base.replace(/\/+$/, "");
    return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
  });
}

export function providerRequestOptions(policy: ProviderFetchPolicy, url: string): ProviderRequestOptions {
  const { protocol, hostname } = new URL(url);
  const operator = isOperatorEndpoint(url, policy.oauth);
  const loopback = hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  return {
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    [oauth.customFetch]: providerFetchOf(policy.allowPrivateOutbound || operator),
    // Plain HTTP only for local stand-ins and development.
    ...(protocol === "http:" && (loopback || operator) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

type FetchInit = { body?: unknown; headers: Record<string, string>; method: string; signal?: AbortSignal };

/** A fetch for oauth4webapi that connects only to approved addresses. Redirects are not followed (oauth4webapi asks for `manual`). */
export function providerFetchOf(allowPrivate: boolean) {
  return async function providerFetch(url: string, init: FetchInit): Promise<Response> {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new TypeError(`${parsed.protocol} URLs are not fetched`);
    const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
    // Literal addresses skip the socket's DNS lookup: approve them here.
    if (isIP(host)) await approveOutboundHost(host, allowPrivate);
    const body = bodyText(init.body);
    const headers = { ...init.headers, ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) };
    const send = parsed.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const req = send(parsed, { method: init.method, headers, lookup: guardedLookup(allowPrivate) as never, timeout: PROVIDER_TIMEOUT_MS, signal: init.signal }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            res.destroy(new Error(`The provider's answer is larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("error", reject);
        res.on("end", () => {
          const status = res.statusCode ?? 502;
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) for (const item of value) answerHeaders.append(name, item);
            else if (value !== undefined) answerHeaders.set(name, value);
          }
          const empty = status === 204 || status === 205 || status === 304 || init.method === "HEAD";
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
        });
      });
      req.on("timeout", () => req.destroy(Object.assign(new Error(`no answer within ${PROVIDER_TIMEOUT_MS} ms`), { code: "ETIMEDOUT" })));
      req.on("error", reject);
      req.end(body);
    });
  };
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body).toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body).toString();
  throw new TypeError("Streamed request bodies are not sent to providers");
}
