import { describe, expect, it } from "vitest";
import { addressKind } from "./addresses.js";
import { embeddedIpv4, ipv6Groups } from "./embedded-ipv4.js";

describe("IPv4 addresses inside IPv6 ones", () => {
  it("reads the eight groups, with or without a dotted tail", () => {
    expect(ipv6Groups("::127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0, 0x7f00, 1]);
    expect(ipv6Groups("2002:7f00:1::")).toEqual([0x2002, 0x7f00, 1, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ["1:2:3", "1::2::3", "::1.2.3.256", "12345::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::8"]) expect(ipv6Groups(bad), bad).toBeNull();
  });

  it("finds the IPv4 address of each transition form", () => {
    expect(embeddedIpv4("::127.0.0.1")).toEqual(["127.0.0.1"]); // compatible
    expect(embeddedIpv4("::a00:1")).toEqual(["10.0.0.1"]);
    expect(embeddedIpv4("::ffff:7f00:1")).toEqual(["127.0.0.1"]); // mapped
    expect(embeddedIpv4("::ffff:0:a9fe:a9fe")).toEqual(["169.254.169.254"]); // translated
    expect(embeddedIpv4("2002:7f00:1::")).toEqual(["127.0.0.1"]); // 6to4
    expect(embeddedIpv4("2002:c0a8:101:1::5")).toEqual(["192.168.1.1"]);
    // Teredo: server 65.54.227.120, client 192.0.2.45 inverted (RFC 4380's example).
    expect(embeddedIpv4("2001:0:4136:e378:8000:63bf:3fff:fdd2")).toEqual(["65.54.227.120", "192.0.2.45"]);
    expect(embeddedIpv4("64:ff9b::a9fe:a9fe")).toEqual(["169.254.169.254"]); // NAT64
    expect(embeddedIpv4("::1")).toEqual([]);
    expect(embeddedIpv4("::")).toEqual([]);
    expect(embeddedIpv4("2606:4700::1111")).toEqual([]);
    expect(embeddedIpv4("64:ff9b:0:1::7f00:1")).toEqual([]); // not the /96 well-known prefix
  });

  it("judges each form by the address it carries", () => {
    const refused: Array<[string, string]> = [
      ["::127.0.0.1", "loopback"],
      ["::7f00:1", "loopback"],
      ["::ffff:0:127.0.0.1", "loopback"],
      ["2002:7f00:1::", "loopback"],
      ["2002:a9fe:a9fe::1", "link-local"],
      ["2002:a00:1::", "private"],
      ["2001:0:7f00:1::", "loopback"], // Teredo server on loopback
      ["2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback"], // Teredo client 127.0.0.1 (inverted)
      ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "private"], // Teredo client 10.0.0.1
      ["64:ff9b::127.0.0.1", "loopback"],
      ["64:ff9b::c0a8:101", "private"],
      ["64:ff9b:1::7f00:1", "private"], // NAT64 local use: refused whatever it carries
      ["64:ff9b:1:a00:1::", "private"],
    ];
    expect(refused.map(([address]) => [address, addressKind(address)])).toEqual(refused);
    // Public IPv4 inside stays public; the IPv6 address's own kind still counts first.
    for (const address of ["2002:5db8:d822::1", "64:ff9b::5db8:d822", "::ffff:93.184.216.34", "2001:0:4136:e378:8000:63bf:a247:27dd"]) expect(addressKind(address), address).toBe("public");
    expect(addressKind("::1")).toBe("loopback");
    expect(addressKind("::")).toBe("reserved");
  });
});
