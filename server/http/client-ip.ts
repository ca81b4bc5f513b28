import type { Context } from "hono";
import { clientAddress, type TrustedProxies } from "../services/net/addresses.js";

/**
 * The client's address: the socket peer, or, behind trusted reverse proxies, the X-Forwarded-For entry
 * they vouch for, read from the right (see `clientAddress`).
 */
export function clientIpOf(c: Context, header: (name: string) => string | undefined, trustProxy: TrustedProxies): string | null {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  return clientAddress(socket?.remoteAddress, trustProxy.kind === "none" ? undefined : header("x-forwarded-for"), trustProxy);
}
