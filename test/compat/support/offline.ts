/**
 * Keeps the Stack SDK offline: after failed requests it runs network diagnostics against public hosts.
 * This replaces fetch with one that only reaches loopback addresses and records everything else.
 */
const loopback = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const blockedRequests: string[] = [];

export function allowOnlyLoopback(): void {
  const realFetch = globalThis.fetch;
  if ((realFetch as { loopbackOnly?: boolean }).loopbackOnly) return;
  const guarded = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (!loopback.has(url.hostname)) {
      blockedRequests.push(url.href);
      throw new TypeError(`Blocked a request to ${url.host}: tests stay on loopback`);
    }
    return realFetch(input, init);
  };
  globalThis.fetch = Object.assign(guarded, { loopbackOnly: true }) as typeof fetch;
}
