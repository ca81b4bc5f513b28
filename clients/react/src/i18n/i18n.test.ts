import { createElement } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { accountMessages } from "../components/account/messages.js";
import { authMessages } from "../components/messages.js";
import { mfaMessages } from "../components/mfa-messages.js";
import { passkeyMessages } from "../components/passkey-messages.js";
import { passwordMessages } from "../components/password-messages.js";
import { resendMessages } from "../components/resend-messages.js";
import { translationProblems } from "../test-support/translations.js";
import { describeError, knownErrorTexts } from "./known-errors.js";
import { format, loadLocale, locales, LocaleProvider, matchLocale, resolveLocale, useMessages, type Catalogue } from "./locale.js";

const catalogues: Record<string, Catalogue<string>> = {
  auth: authMessages,
  knownErrors: knownErrorTexts,
  mfa: mfaMessages,
  passkey: passkeyMessages,
  password: passwordMessages,
  resend: resendMessages,
  account: accountMessages,
};

describe("languages", () => {
  it("ships eight languages", () => {
    expect([...locales]).toEqual(["en", "de", "fr", "es", "pt-BR", "it", "ja", "zh-CN"]);
  });

  it.each(Object.keys(catalogues))("has every text of %s in every language: no key missing or extra, none empty, the same {placeholders}", async (name) => {
    expect(await translationProblems(name, catalogues[name]!)).toEqual([]);
  });

  it("keeps the OAuth callback's alert texts exactly as the specification words them", () => {
    expect(authMessages.en.oauthInvalidTotp).toBe("Invalid TOTP code. Please try signing in again.");
    expect(authMessages.en.oauthError).toBe("Error signing in during OAuth callback. Please try again.");
  });

  it("maps browser tags to the shipped locales", () => {
    expect(matchLocale(["fr-FR", "de-AT", "en"])).toBe("fr");
    expect(matchLocale(["fr-CA"])).toBe("fr");
    expect(matchLocale(["es-MX"])).toBe("es");
    expect(matchLocale(["it-CH"])).toBe("it");
    expect(matchLocale(["ja-JP"])).toBe("ja");
    expect(matchLocale(["de_CH"])).toBe("de");
    for (const tag of ["pt", "pt-PT", "pt-BR", "PT-br"]) expect(matchLocale([tag]), tag).toBe("pt-BR");
    for (const tag of ["zh", "zh-CN", "zh-Hans", "zh-Hans-CN", "zh-Hans-HK", "zh-SG"]) expect(matchLocale([tag]), tag).toBe("zh-CN");
    // Traditional Chinese is not shipped: the next preference wins.
    for (const tag of ["zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-Hant-TW"]) expect(matchLocale([tag, "ja"]), tag).toBe("ja");
    expect(matchLocale(["zh-TW"])).toBeUndefined();
    expect(matchLocale(["nl-NL", "ko"])).toBeUndefined();
  });

  it("chooses the locale from the prop, the project, then the browser's languages", () => {
    expect(resolveLocale("de", "en")).toBe("de");
    expect(resolveLocale("ja-JP", "fr")).toBe("ja");
    expect(resolveLocale(undefined, "pt")).toBe("pt-BR");
    expect(resolveLocale("xx", "zh-Hans")).toBe("zh-CN");
    expect(resolveLocale("xx", null)).toBe(matchLocale([globalThis.navigator?.language]) ?? "en");
  });

  it("loads a language's texts on demand; until then a catalogue reads English", async () => {
    // Nothing else in this file loads Italian before this test.
    expect(resendMessages.isLoaded("it")).toBe(false);
    expect(resendMessages.it.resend).toBe("Send it again");
    await loadLocale("it");
    expect(resendMessages.isLoaded("it")).toBe(true);
    expect(resendMessages.it.resend).toBe("Invia di nuovo");
    expect(accountMessages.it.title).toBe("Impostazioni dell’account");
  });

  it("renders the components below a LocaleProvider once the language is there", async () => {
    function Title() {
      return createElement("h1", null, format(useMessages(authMessages).signInTitle, { project: "Acme" }));
    }
    const html = async (locale: string) => {
      const { prelude } = await prerender(createElement(LocaleProvider, { locale }, createElement(Title)));
      return new Response(prelude).text();
    };
    expect(await html("ja")).toContain("Acme にログイン");
    expect(await html("zh-Hans")).toContain("登录 Acme");
    expect(await html("fr-CA")).toContain("Se connecter à Acme");
    expect(await html("en")).toContain("Sign in to Acme");
  });

  it("describes known errors in the chosen language, and others generally", async () => {
    await loadLocale("de");
    expect(describeError({ errorCode: "EMAIL_PASSWORD_MISMATCH" }, "de")).toBe("E-Mail-Adresse oder Passwort ist falsch.");
    expect(describeError({ code: "VERIFICATION_CODE_EXPIRED" }, "en")).toBe("This code has expired. Ask for a new one.");
    expect(describeError(new Error("boom"), "en")).toBe(knownErrorTexts.en.UNKNOWN);
    expect(describeError({ statusCode: 429 }, "de")).toBe(knownErrorTexts.de.RATE_LIMITED);
    expect(knownErrorTexts.de.RATE_LIMITED).not.toBe(knownErrorTexts.en.RATE_LIMITED);
    expect(format("Hi {name}, {name}!", { name: "Ada" })).toBe("Hi Ada, Ada!");
  });
});
