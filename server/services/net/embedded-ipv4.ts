/**
 * The IPv4 addresses an IPv6 address carries. Several transition mechanisms put an IPv4 address inside
 * an IPv6 one, and a host (or a relay or translator on the way) may deliver packets for it to that IPv4
 * address: `[::127.0.0.1]` can reach loopback just as `127.0.0.1` does. The outbound filter judges
 * such an address by what it carries.
 *
 * - IPv4-mapped `::ffff:a.b.c.d` and IPv4-translated `::ffff:0:a.b.c.d` (RFC 4291 §2.5.5.2, RFC 2765):
 *   the last 32 bits;
 * - IPv4-compatible `::a.b.c.d` (RFC 4291 §2.5.5.1, deprecated): the last 32 bits;
 * - 6to4 `2002::/16` (RFC 3056): bits 16-47;
 * - Teredo `2001:0::/32` (RFC 4380): the server in bits 32-63, the client in the last 32 bits, inverted;
 * - NAT64 well-known prefix `64:ff9b::/96` (RFC 6052): the last 32 bits.
 *
 * NAT64's local-use prefix `64:ff9b:1::/48` (RFC 8215) may carry its IPv4 address at several offsets
 * (prefix lengths 48 to 96): it is not globally reachable at all and addresses.ts refuses it as private.
 */

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed), or null when it is none. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split("%")[0]!;
  const tail = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const octets = tail.slice(2, 6).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    text = `${tail[1]!}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...rest];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function dotted(high: number, low: number): string {
  return [high >>> 8, high & 255, low >>> 8, low & 255].join(".");
}

/** The IPv4 addresses `address` (an IPv6 address) carries; empty when it carries none. */
export function embeddedIpv4(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  // ::/96 without :: and ::1 (which are themselves, not IPv4 addresses); then ::ffff:0:0/96 and ::ffff:0:0:0/96.
  if (zeros(0, 6) && (g[6] !== 0 || g[7]! > 1)) return [dotted(g[6]!, g[7]!)];
  if (zeros(0, 5) && g[5] === 0xffff) return [dotted(g[6]!, g[7]!)];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [dotted(g[6]!, g[7]!)];
  if (g[0] === 0x2002) return [dotted(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [dotted(g[2]!, g[3]!), dotted(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [dotted(g[6]!, g[7]!)];
  return [];
}
