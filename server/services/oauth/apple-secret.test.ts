// Apple's client secret: a configured signing key makes a fresh ES256 JWT per call; a ready-made JWT is used as given.
import { exportPKCS8, generateKeyPair, jwtVerify, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { appleClientSecret, appleKeyOf } from "./apple-secret.js";

describe("Apple client secret", () => {
  it("signs a five-minute ES256 JWT for the client from the team id, key id and private key", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const configured = JSON.stringify({ teamId: "TEAM123456", keyId: "KEY1234567", privateKey: await exportPKCS8(privateKey) });
    const now = new Date();
    const secret = await appleClientSecret(configured, "com.example.app", now);
    expect(decodeProtectedHeader(secret)).toEqual({ alg: "ES256", kid: "KEY1234567" });
    const { payload } = await jwtVerify(secret, publicKey, { issuer: "TEAM123456", subject: "com.example.app", audience: "https://appleid.apple.com", currentDate: now });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.iat).toBe(Math.floor(now.getTime() / 1000));
  });

  it("uses a ready-made secret as given and refuses a broken key", async () => {
    expect(await appleClientSecret("eyJhbGciOiJFUzI1NiJ9.e30.sig", "c", new Date())).toBe("eyJhbGciOiJFUzI1NiJ9.e30.sig");
    expect(appleKeyOf('{"teamId":"T"}')).toBeNull();
    await expect(appleClientSecret(JSON.stringify({ teamId: "T", keyId: "K", privateKey: "not a key" }), "c", new Date())).rejects.toThrow();
  });
});
