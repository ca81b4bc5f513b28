import { createECDH, createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { p256KeyPairOf } from "./signing-keys.js";

/** An ECDH holding the scalar `hex` (64 hex digits). */
function ecdhWith(hex: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(hex, "hex"));
  return ecdh;
}

describe("P-256 signing key pairs", () => {
  it.each([
    ["an ordinary scalar", "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"],
    // ECDH hands such a scalar back without its leading zero bytes; the JWK's `d` must still be 32 bytes.
    ["a scalar with leading zero bytes", "0000f9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"],
  ])("keeps the public JWK and the private PEM one key pair, for %s", (_name, scalar) => {
    const ecdh = ecdhWith(scalar);
    expect(ecdh.getPrivateKey().length).toBe(scalar.startsWith("0000") ? 30 : 32);
    const { publicJwk, privatePem } = p256KeyPairOf(ecdh);
    const privateKey = createPrivateKey(privatePem);
    const { d, ...derivedPublic } = privateKey.export({ format: "jwk" });
    expect(Buffer.from(d!, "base64url").toString("hex")).toBe(scalar);
    expect(derivedPublic).toEqual(publicJwk);
    const data = Buffer.from("header.payload");
    const signature = sign("sha256", data, { key: privateKey, dsaEncoding: "ieee-p1363" });
    expect(verify("sha256", data, { key: createPublicKey({ key: publicJwk, format: "jwk" }), dsaEncoding: "ieee-p1363" }, signature)).toBe(true);
  });
});
