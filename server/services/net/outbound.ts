/**
 * Where the server may connect on a project's behalf (its SMTP server; later, webhook targets). A host
 * that resolves to a loopback, link-local, private or reserved address is refused unless the operator
 * allows such targets (LATCHKEY_ALLOW_PRIVATE_OUTBOUND): a project owner must not make the server probe
 * its own network. The check resolves the name and the caller connects to the address it approved, so a
 * second lookup (DNS rebinding) cannot swap in another one.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { addressKind, canonicalAddress } from "./addresses.js";

export class OutboundTargetRefused extends Error {
  override readonly name = "OutboundTargetRefused";
}

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The address to connect to for `host`: the host itself when it is an IP address, else the first address
 * it resolves to. Throws OutboundTargetRefused when any address it resolves to is not public (unless
 * `allowPrivate`), or when it resolves to nothing.
 */
export async function approveOutboundHost(host: string, allowPrivate: boolean, lookup: Lookup = systemLookup): Promise<string> {
  const literal = canonicalAddress(host);
  const addresses = literal ? [literal] : await lookup(host).catch(() => [] as string[]);
  if (addresses.length === 0) throw new OutboundTargetRefused(`${host} does not resolve`);
  if (!allowPrivate) {
    for (const address of addresses) {
      const kind = addressKind(address);
      if (kind !== "public") throw new OutboundTargetRefused(`${host} resolves to a ${kind ?? "invalid"} address, which this server does not connect to for projects`);
    }
  }
  return addresses[0]!;
}
