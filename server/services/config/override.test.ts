import { describe, expect, it } from "vitest";
import { expandOverride, mergeOverride, validateOverride } from "./override.js";

const google = { type: "google", isShared: true, allowSignIn: true, allowConnectedAccounts: false };
const github = { type: "github", isShared: false, allowSignIn: true, allowConnectedAccounts: true, clientId: "a", clientSecret: "b" };

describe("mergeOverride", () => {
  it("replaces one provider and keeps the others", () => {
    const stored = { "auth.oauth.providers.google": google, "auth.oauth.providers.github": github };
    const merged = mergeOverride(stored, { "auth.oauth.providers.google": { ...google, allowSignIn: false } });
    expect(merged).toEqual({
      "auth.oauth.providers.github": github,
      "auth.oauth.providers.google": { ...google, allowSignIn: false },
    });
  });

  it("replaces all providers when the patch names the whole map", () => {
    const stored = { "auth.oauth.providers.google": google, "auth.oauth.providers.github": github, "auth.allowSignUp": false };
    const merged = mergeOverride(stored, { "auth.oauth.providers": { x: { type: "x" } } });
    expect(merged).toEqual({ "auth.allowSignUp": false, "auth.oauth.providers": { x: { type: "x" } } });
  });

  it("removes nested keys below the patched key but not keys that only share a prefix", () => {
    const stored = { "auth.password.allowSignIn": true, "auth.passkey.allowSignIn": true, "authx": 1, "domains.allowLocalhost": true };
    expect(mergeOverride(stored, { auth: { allowSignUp: false } })).toEqual({
      authx: 1,
      "domains.allowLocalhost": true,
      auth: { allowSignUp: false },
    });
    expect(mergeOverride(stored, { "auth.pass": 1 })).toEqual({ ...stored, "auth.pass": 1 });
  });

  it("keeps a stored parent object when a deeper key is patched; the patch comes last", () => {
    const stored = { "auth.oauth.providers": { google } };
    const merged = mergeOverride(stored, { "auth.oauth.providers.github": github });
    expect(Object.keys(merged)).toEqual(["auth.oauth.providers", "auth.oauth.providers.github"]);
    expect(expandOverride(merged)).toEqual({ auth: { oauth: { providers: { google, github } } } });
  });

  it("does not modify its inputs or touch prototypes", () => {
    const stored = { a: 1 };
    const patch = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const merged = mergeOverride(stored, patch);
    expect(stored).toEqual({ a: 1 });
    expect(Object.keys(merged)).toEqual(["a", "__proto__"]);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("expandOverride", () => {
  it("turns dot-paths and nested objects into one nested object", () => {
    expect(expandOverride({
      "auth.password.allowSignIn": true,
      auth: { "otp.allowSignIn": true },
      "domains.trustedDomains.a": { baseUrl: "https://a.com" },
    })).toEqual({
      auth: { otp: { allowSignIn: true }, password: { allowSignIn: true } },
      domains: { trustedDomains: { a: { baseUrl: "https://a.com" } } },
    });
  });

  it("lets deeper keys refine shallower ones and writes deeper paths into objects on the way", () => {
    expect(expandOverride({
      "auth.oauth.providers": { google },
      "auth.oauth.providers.github": github,
      "auth.oauth.providers.google.allowSignIn": false,
    })).toEqual({ auth: { oauth: { providers: { google: { ...google, allowSignIn: false }, github } } } });
    expect(expandOverride({ "a.b": 1, "a.b.c": 2 })).toEqual({ a: { b: { c: 2 } } });
    expect(expandOverride({ "a.b.c": 2, "a.b": 1 })).toEqual({ a: { b: { c: 2 } } });

  });

  it("does not modify its input", () => {
    const input = { "a.b": { c: 1 }, "a.b.d": 2 };
    expandOverride(input);
    expect(input).toEqual({ "a.b": { c: 1 }, "a.b.d": 2 });
  });
});

describe("validateOverride", () => {
  it("accepts partial entries at every level", () => {
    expect(validateOverride({})).toEqual({ ok: true });
    expect(validateOverride({
      "auth.oauth.providers.google": { type: "google" },
      "domains.trustedDomains.abc": { baseUrl: "https://*.example.com" },
      "rbac.defaultPermissions.teamCreator": { $update_team: true, team_admin: true },
      "emails.templates.e7d009ce-8d47-4528-b245-5bf119f2ffa3": { themeId: false },
      payments: { autoPay: { interval: [1, "month"] }, offers: { pro: { displayName: "Pro" } } },
    })).toEqual({ ok: true });
  });

  it("names unknown keys by their full path", () => {
    expect(validateOverride({ nonExistentField: 1 })).toEqual({
      ok: false, message: '[ERROR] The key "nonExistentField" is not valid for the schema.',
    });
    expect(validateOverride({ "auth.oauth.providers.google.foo": 1 })).toEqual({
      ok: false, message: '[ERROR] The key "auth.oauth.providers.google.foo" is not valid for the schema.',
    });
  });

  it("rejects sourceOfTruth at environment level", () => {
    expect(validateOverride({ sourceOfTruth: { type: "hosted" } })).toEqual({
      ok: false, message: '[ERROR] The key "sourceOfTruth" is not valid for the schema.',
    });
  });

  it("reports bad enum values with the allowed values (Stack's list: our `oidc` type is left out of it)", () => {
    expect(validateOverride({ "auth.oauth.providers.invalid.type": "invalid" })).toEqual({
      ok: false,
      message: "[ERROR] auth.oauth.providers.invalid.type must be one of the following values: " +
        "google, github, microsoft, spotify, facebook, discord, gitlab, bitbucket, linkedin, apple, x, twitch",
    });
    expect(validateOverride({ "auth.oauth.providers.corp.type": "oidc" })).toEqual({ ok: true });
    expect(validateOverride({ "rbac.defaultPermissions.signUp": { admin: false } })).toEqual({
      ok: false, message: "[ERROR] rbac.defaultPermissions.signUp.admin must be one of the following values: true",
    });
  });

  it("accepts null anywhere (it removes) and checks what is left", () => {
    expect(validateOverride({ "auth.oauth.providers.github": null, "auth.allowSignUp": null, payments: { items: null } })).toEqual({ ok: true });
    expect(validateOverride({ auth: { allowSignUp: null, otp: { allowSignIn: "yes" } } })).toEqual({
      ok: false, message: "[ERROR] auth.otp.allowSignIn must be a boolean",
    });
  });

  it("reports wrong types, bad keys and field rules", () => {
    expect(validateOverride({ "auth.allowSignUp": "yes" })).toEqual({
      ok: false, message: "[ERROR] auth.allowSignUp must be a boolean",
    });
    expect(validateOverride({ "emails.server.port": 70000 })).toEqual({
      ok: false, message: "[ERROR] emails.server.port must be between 0 and 65535",
    });
    expect(validateOverride({ "domains.trustedDomains.a.handlerPath": "handler" })).toEqual({
      ok: false, message: "[ERROR] domains.trustedDomains.a.handlerPath Handler path must start with /",
    });
    expect(validateOverride({ "domains.trustedDomains.a.baseUrl": "https://a.com/*" })).toEqual({
      ok: false, message: "[ERROR] domains.trustedDomains.a.baseUrl is not a valid URL or wildcard URL pattern",
    });
    expect(validateOverride({ "rbac.permissions.Admin": {} })).toEqual({
      ok: false, message: '[ERROR] The key "rbac.permissions.Admin" is not valid for the schema.',
    });
    expect(validateOverride({ "dataVault.stores": { "1abc": {} } })).toEqual({
      ok: false, message: '[ERROR] The key "dataVault.stores.1abc" is not valid for the schema.',
    });
  });
});

describe("expandOverride key order (regression)", () => {
  it("applies shallower keys first, whatever their order in the text", () => {
    const deepFirst = expandOverride({ "auth.otp.allowSignIn": true, auth: { allowSignUp: false } });
    const parentFirst = expandOverride({ auth: { allowSignUp: false }, "auth.otp.allowSignIn": true });
    expect(deepFirst).toEqual({ auth: { allowSignUp: false, otp: { allowSignIn: true } } });
    expect(parentFirst).toEqual(deepFirst);
  });
});
