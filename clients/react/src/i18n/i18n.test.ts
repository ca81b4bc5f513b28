import { describe, expect, it } from "vitest";
import { authMessages } from "../components/messages.js";
import { describeError, knownErrorTexts } from "./known-errors.js";
import { format, matchLocale, resolveLocale } from "./locale.js";

describe("languages", () => {
  it("ships English and German complete, with the same placeholders", () => {
    for (const catalogue of [authMessages, knownErrorTexts]) {
      expect(Object.keys(catalogue.de).sort()).toEqual(Object.keys(catalogue.en).sort());
      for (const [key, text] of Object.entries(catalogue.en)) {
        const german = (catalogue.de as Record<string, string>)[key]!;
        expect(german.trim(), key).not.toBe("");
        expect([...german.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort(), key).toEqual([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      }
    }
  });

  it("keeps the OAuth callback's alert texts exactly as the specification words them", () => {
    expect(authMessages.en.oauthInvalidTotp).toBe("Invalid TOTP code. Please try signing in again.");
    expect(authMessages.en.oauthError).toBe("Error signing in during OAuth callback. Please try again.");
  });

  it("chooses the locale from the prop, the project, then the browser's languages", () => {
    expect(matchLocale(["fr-FR", "de-AT", "en"])).toBe("de");
    expect(matchLocale(["fr"])).toBeUndefined();
    expect(resolveLocale("de", "en")).toBe("de");
    expect(resolveLocale(undefined, "de")).toBe("de");
    expect(resolveLocale("xx", null)).toBe(matchLocale([globalThis.navigator?.language]) ?? "en");
  });

  it("describes known errors in the chosen language, and others generally", () => {
    expect(describeError({ errorCode: "EMAIL_PASSWORD_MISMATCH" }, "de")).toBe("E-Mail-Adresse oder Passwort ist falsch.");
    expect(describeError({ code: "VERIFICATION_CODE_EXPIRED" }, "en")).toBe("This code has expired. Ask for a new one.");
    expect(describeError(new Error("boom"), "en")).toBe(knownErrorTexts.en.UNKNOWN);
    expect(describeError({ statusCode: 429 }, "de")).toBe(knownErrorTexts.de.RATE_LIMITED);
    expect(format("Hi {name}, {name}!", { name: "Ada" })).toBe("Hi Ada, Ada!");
  });
});
