import { describe, expect, it } from "vitest";
import { newPrefixedSecret } from "../services/recognisable-secrets.js";
import { hashSecret } from "../services/secrets.js";
import { presentedKeyHash } from "./presented-key-hashes.js";

describe("presentedKeyHash", () => {
  it("gives a key's stored form, the same on every call", () => {
    const key = newPrefixedSecret("pck_");
    expect(presentedKeyHash(key)).toBe(hashSecret(key));
    expect(presentedKeyHash(key)).toBe(hashSecret(key));
    // Keys without the checksummed shape (seeded or older ones) are looked up as they are.
    expect(presentedKeyHash("pck_wrong")).toBe(hashSecret("pck_wrong"));
  });

  it("refuses a checksummed key whose checksum is wrong, remembered or not", () => {
    const key = newPrefixedSecret("ssk_");
    const last = key.at(-1) === "0" ? "1" : "0";
    const mistyped = key.slice(0, -1) + last;
    expect(presentedKeyHash(mistyped)).toBeNull();
    expect(presentedKeyHash(mistyped)).toBeNull();
  });

  it("stays right after more distinct keys than it remembers", () => {
    const keys = Array.from({ length: 2500 }, () => newPrefixedSecret("sak_"));
    for (const key of keys) presentedKeyHash(key);
    for (const key of [keys[0]!, keys[1024]!, keys[2499]!]) expect(presentedKeyHash(key)).toBe(hashSecret(key));
  });
});
