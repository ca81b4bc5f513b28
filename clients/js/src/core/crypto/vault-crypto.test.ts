import { describe, expect, it } from "vitest";
// Stack's own helpers, as a reference the bytes must agree with (dev dependency of the compat suite).
import * as stackVault from "@stackframe/stack-shared/dist/helpers/vault/client-side";
import { fromBase64 } from "./base64.js";
import { decryptVaultValue, encryptVaultValue, hashVaultKey } from "./vault-crypto.js";

describe("data vault client-side encryption", () => {
  it("hashes keys exactly as Stack's SDK does (the server finds values either SDK stored)", async () => {
    const [ours, theirs] = await Promise.all([hashVaultKey("app secret", "ada's key"), stackVault.hashKey("app secret", "ada's key")]);
    expect(ours).toBe(theirs);
    expect(fromBase64(ours)).toHaveLength(32);
    expect(await hashVaultKey("other secret", "ada's key")).not.toBe(ours);
  });

  it("reads what Stack's SDK encrypted, and Stack's SDK reads what we encrypted", async () => {
    const fromStack = await stackVault.encryptValue("s3cret", "diary", "Dear diary, ünïcödé ✓");
    expect(await decryptVaultValue("s3cret", "diary", fromStack)).toBe("Dear diary, ünïcödé ✓");
    const fromUs = await encryptVaultValue("s3cret", "diary", "The Engine works.");
    expect(await stackVault.decryptValue("s3cret", "diary", fromUs)).toBe("The Engine works.");
  });

  it("frames the ciphertext as version 1.0, 16-byte salt, 12-byte IV, then AES-GCM output, fresh each time", async () => {
    const a = fromBase64(await encryptVaultValue("s", "k", "abc"));
    const b = fromBase64(await encryptVaultValue("s", "k", "abc"));
    expect([...a.slice(0, 2)]).toEqual([1, 0]);
    expect(a).toHaveLength(2 + 16 + 12 + 3 + 16);
    expect(a.slice(2, 30)).not.toEqual(b.slice(2, 30));
  });

  it("refuses a wrong secret or a tampered ciphertext", async () => {
    const value = await encryptVaultValue("right", "k", "v");
    await expect(decryptVaultValue("wrong", "k", value)).rejects.toThrow(/correct secret/);
    const bytes = fromBase64(value);
    bytes[bytes.length - 1]! ^= 1;
    await expect(decryptVaultValue("right", "k", btoa(String.fromCharCode(...bytes)))).rejects.toThrow(/decryption failed/);
  });
});
