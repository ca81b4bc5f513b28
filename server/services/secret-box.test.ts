import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.js";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("round-trips and never shows the plaintext", () => {
    const sealed = box.encrypt("JBSWY3DPEHPK3PXP", "totp");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(box.decrypt(sealed, "totp")).toBe("JBSWY3DPEHPK3PXP");
    expect(box.encrypt("same", "totp")).not.toBe(box.encrypt("same", "totp"));
  });

  it("refuses a value sealed for another purpose, with another secret, or tampered with", () => {
    const sealed = box.encrypt("secret", "totp");
    expect(() => box.decrypt(sealed, "outbox")).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed, "totp")).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => box.decrypt(tampered, "totp")).toThrow();
  });

  it("during a rotation opens with the previous secret too, and seals with the current one only", () => {
    const [oldSecret, newSecret] = [randomBytes(32), randomBytes(32)];
    const sealedBefore = createSecretBox(oldSecret).encrypt("before", "totp");
    const rolling = createSecretBox(newSecret, oldSecret);
    expect(rolling.decrypt(sealedBefore, "totp")).toBe("before");
    const sealedNow = rolling.encrypt("now", "totp");
    expect(createSecretBox(newSecret).decrypt(sealedNow, "totp")).toBe("now");
    expect(() => createSecretBox(oldSecret).decrypt(sealedNow, "totp")).toThrow();
    expect(() => rolling.decrypt(createSecretBox(randomBytes(32)).encrypt("other", "totp"), "totp")).toThrow();
  });
});
