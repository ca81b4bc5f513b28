import type { Context } from "hono";

/**
 * The client's address: the socket peer, or, behind a trusted reverse proxy, the address that proxy
 * appended last to X-Forwarded-For (earlier entries are whatever the client claimed).
 */
export function clientIpOf(c: Context, header: (name: string) => string | undefined, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = header("x-forwarded-for")?.split(",").map((part) => part.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  return socket?.remoteAddress ?? null;
}
