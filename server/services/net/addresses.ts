/**
 * Facts about network addresses that services decide on: the canonical form of an address, what kind
 * of network it belongs to (for refusing connections to private hosts), and which reverse proxies are
 * trusted to say who the client is.
 */
import { BlockList, SocketAddress, isIP } from "node:net";
import { embeddedIpv4, ipv6Groups } from "./embedded-ipv4.js";

/**
 * The canonical text of an IP address, or null when `text` is none. Accepts what proxies write into
 * X-Forwarded-For: `[v6]`, `[v6]:port`, `v4:port`; IPv4-mapped IPv6 becomes plain IPv4, IPv6 is lower
 * case and compressed, so one client has one spelling.
 */
export function canonicalAddress(text: string | null | undefined): string | null {
  if (!text) return null;
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return null;
  const canonical = new SocketAddress({ address: value.split("%")[0]!, family: "ipv6" }).address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical);
  return mapped ? mapped[1]! : canonical;
}

/**
 * The key per-address limits count under: the address itself for IPv4, the /64 prefix for IPv6 (one
 * subscriber usually holds a whole /64 and could otherwise pick a fresh address per request).
 */
export function limitKeyOf(address: string): string {
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64` : address;
}

/** A set of addresses and CIDR ranges, IPv4 and IPv6 (`10.0.0.0/8`, `fd00::/8`, `192.0.2.7`). */
export class AddressRanges {
  private readonly list = new BlockList();
  readonly entries: readonly string[];

  /** Throws on an entry that is neither an address nor a CIDR range. */
  constructor(entries: readonly string[]) {
    this.entries = entries;
    for (const entry of entries) {
      const [address, prefixText, extra] = entry.split("/");
      const canonical = canonicalAddress(address);
      const family = canonical?.includes(":") ? "ipv6" : "ipv4";
      const prefix = prefixText === undefined ? undefined : Number(prefixText);
      const maxPrefix = family === "ipv6" ? 128 : 32;
      if (!canonical || extra !== undefined || (prefix !== undefined && (!/^\d+$/.test(prefixText!) || prefix > maxPrefix))) {
        throw new Error(`not an IP address or CIDR range: ${JSON.stringify(entry)}`);
      }
      if (prefix === undefined) this.list.addAddress(canonical, family);
      else this.list.addSubnet(canonical, prefix, family);
    }
  }

  has(address: string): boolean {
    const canonical = canonicalAddress(address);
    if (!canonical) return false;
    return this.list.check(canonical, canonical.includes(":") ? "ipv6" : "ipv4");
  }
}

/**
 * Which reverse proxies may tell the client's address in X-Forwarded-For: none (the socket peer is the
 * client), a fixed number of proxies in front of the server, or proxies known by address.
 */
export type TrustedProxies = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; ranges: AddressRanges };

/**
 * Reads LATCHKEY_TRUST_PROXY: unset, empty, `0` or `false`: none; a positive integer: that many proxies;
 * otherwise a comma-separated list of proxy addresses and CIDR ranges. `true` is refused: it does not say
 * which proxies to trust.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return { kind: "none" };
  if (/^\d+$/.test(text)) return { kind: "hops", hops: Number(text) };
  if (text === "true") throw new Error("LATCHKEY_TRUST_PROXY=true is ambiguous: give the number of proxies in front of the server (e.g. 1) or their addresses / CIDR ranges");
  try {
    return { kind: "addresses", ranges: new AddressRanges(text.split(",").map((entry) => entry.trim()).filter(Boolean)) };
  } catch (error) {
    throw new Error(`LATCHKEY_TRUST_PROXY: ${(error as Error).message}`);
  }
}

/**
 * The client's address. The chain is the socket peer followed by X-Forwarded-For read from the right
 * (each proxy appends the address it received the request from, so entries further left are only as
 * trustworthy as the proxies right of them). With a hop count n, the address n steps from the peer; with
 * trusted addresses, the first address from the right that is not a trusted proxy. An entry that is not an
 * address yields the trusted hop that forwarded it. Nothing here exempts any address from limits.
 */
export function clientAddress(peer: string | null | undefined, forwardedFor: string | null | undefined, trust: TrustedProxies): string | null {
  const peerAddress = canonicalAddress(peer) ?? peer ?? null;
  if (trust.kind === "none" || !forwardedFor) return peerAddress;
  const forwarded = forwardedFor.split(",").map((entry) => entry.trim()).filter(Boolean).reverse();
  if (trust.kind === "hops") {
    // Fewer entries than proxies: the request skipped a proxy; take the furthest address given.
    const steps = Math.min(trust.hops, forwarded.length);
    let fallback = peerAddress;
    for (let i = 0; i < steps; i++) {
      const address = canonicalAddress(forwarded[i]);
      if (!address) return fallback;
      fallback = address;
    }
    return fallback;
  }
  if (!peerAddress || !trust.ranges.has(peerAddress)) return peerAddress;
  let last = peerAddress;
  for (const entry of forwarded) {
    const address = canonicalAddress(entry);
    if (!address) return last;
    if (!trust.ranges.has(address)) return address;
    last = address;
  }
  return last;
}

/** What kind of network an address belongs to. Anything but `public` is refused as an outbound target by default. */
export type AddressKind = "public" | "loopback" | "private" | "link-local" | "reserved";

const special: Array<[AddressKind, string, number, "ipv4" | "ipv6"]> = [
  ["loopback", "127.0.0.0", 8, "ipv4"],
  ["loopback", "::1", 128, "ipv6"],
  ["reserved", "0.0.0.0", 8, "ipv4"],
  ["reserved", "::", 128, "ipv6"],
  ["private", "10.0.0.0", 8, "ipv4"],
  ["private", "172.16.0.0", 12, "ipv4"],
  ["private", "192.168.0.0", 16, "ipv4"],
  ["private", "100.64.0.0", 10, "ipv4"], // carrier-grade NAT
  ["private", "fc00::", 7, "ipv6"], // unique local
  ["private", "fec0::", 10, "ipv6"], // deprecated site-local
  ["link-local", "169.254.0.0", 16, "ipv4"], // includes cloud metadata services (169.254.169.254)
  ["link-local", "fe80::", 10, "ipv6"],
  ["reserved", "192.0.0.0", 24, "ipv4"],
  ["reserved", "192.0.2.0", 24, "ipv4"],
  ["reserved", "198.18.0.0", 15, "ipv4"],
  ["reserved", "198.51.100.0", 24, "ipv4"],
  ["reserved", "203.0.113.0", 24, "ipv4"],
  ["reserved", "224.0.0.0", 4, "ipv4"], // multicast
  ["reserved", "240.0.0.0", 4, "ipv4"], // future use and broadcast
  ["reserved", "ff00::", 8, "ipv6"], // multicast
  ["reserved", "2001:db8::", 32, "ipv6"],
  ["reserved", "100::", 64, "ipv6"], // discard
  ["private", "64:ff9b:1::", 48, "ipv6"], // NAT64 local use (RFC 8215): not globally reachable
];
const kindLists = new Map<AddressKind, BlockList>();
for (const [kind, network, prefix, family] of special) {
  if (!kindLists.has(kind)) kindLists.set(kind, new BlockList());
  kindLists.get(kind)!.addSubnet(network, prefix, family);
}

/** The kind of network an address of one family is in, by the table above. */
function kindIn(address: string): AddressKind {
  const family = address.includes(":") ? "ipv6" : "ipv4";
  for (const [kind, list] of kindLists) if (list.check(address, family)) return kind;
  return "public";
}

/**
 * The kind of network `address` is in; null when it is not an IP address. An IPv6 address that carries
 * an IPv4 address (mapped, compatible, 6to4, Teredo, NAT64: embedded-ipv4.ts) is judged by what it
 * carries as well: the first kind that is not public wins.
 */
export function addressKind(address: string): AddressKind | null {
  const canonical = canonicalAddress(address);
  if (!canonical) return null;
  const own = kindIn(canonical);
  if (own !== "public") return own;
  for (const carried of embeddedIpv4(canonical)) {
    const kind = kindIn(carried);
    if (kind !== "public") return kind;
  }
  return "public";
}
