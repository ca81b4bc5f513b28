/** Facts about network addresses that services decide on. */

/** Loopback peers (a local proxy, benchmarks, the machine itself) are not limited per address. */
export function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}
