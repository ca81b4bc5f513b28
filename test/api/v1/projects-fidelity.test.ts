/**
 * Stack's backend answers on the project endpoints (reference/wire/backend-fidelity.md §7): rows P1, P2,
 * P6 (admin project config), P7-P10 (configuration override) and P11, P12 (the JWKS).
 */
import { decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

describe.each(testDialects)("project endpoints as Stack's backend answers them on %s", (dialect) => {
  it("P1: answers the admin config's enabled_oauth_providers as ids only, beside the full oauth_providers", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("PATCH", "/internal/projects/current", {
      access: "admin", project,
      body: { config: { oauth_providers: [{ id: "google", type: "shared" }] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.config.enabled_oauth_providers).toEqual([{ id: "google" }]);
    expect(res.body.config.oauth_providers).toEqual([{ id: "google", provider_config_id: "google", type: "shared" }]);
    expect((await lk.call("GET", "/internal/projects/current", { access: "admin", project })).body.config.enabled_oauth_providers).toEqual([{ id: "google" }]);
  });

  it("P7: answers an override with repeated keys or unparsable JSON with the text `Invalid config JSON`", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const override = (text: string) => lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: text } });
    for (const text of ['{"auth.allowSignUp": false, "auth.allowSignUp": true}', '{"a": {"b": 1, "b": 2}}', "{not json"]) {
      const res = await override(text);
      expectStatusError(res, 400, "invalidConfigJson");
      expect(res.text).toBe("Invalid config JSON");
    }
    // The same key in different objects, and key-like strings as values, are fine.
    const fine = await override('{"teams.allowClientTeamCreation": true, "auth.allowSignUp": false, "users.allowClientUserDeletion": true}');
    expect(fine.status).toBe(200);
    const other = await override('{"a\\"b": {"c": "a\\"b"}, "d": {"c": 1}}');
    expect([other.status, other.text]).not.toEqual([400, "Invalid config JSON"]);
  });

  it("P2: accepts a sender_email such as test@email.com2 (Stack's e-mail rule, not the strict one)", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const emailConfig = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Acme" };
    const patch = (senderEmail: string) => lk.call("PATCH", "/internal/projects/current", {
      access: "admin", project, body: { config: { email_config: { ...emailConfig, sender_email: senderEmail } } },
    });
    const res = await patch("test@email.com2");
    expect(res.status, res.text).toBe(200);
    expect(res.body.config.email_config).toEqual({ ...emailConfig, sender_email: "test@email.com2" });
    // Not an address at all is still refused.
    const bad = await patch("not an address");
    expect([bad.status, bad.body.code, bad.body.error]).toEqual([400, "SCHEMA_ERROR", expect.stringContaining("body.config.email_config.sender_email must be a valid email")]);
  });

  it("P6: answers an unknown email_theme, UUID or not, with the text `Invalid email theme`", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const setTheme = (id: string) => lk.call("PATCH", "/internal/projects/current", { access: "admin", project, body: { config: { email_theme: id } } });
    for (const id of ["some-invalid-theme", "0b6f5c3e-1d2a-4c8e-9f00-123456789abc"]) {
      const res = await setTheme(id);
      expectStatusError(res, 400, "invalidEmailTheme");
      expect(res.text).toBe("Invalid email theme");
    }
    const current = await lk.call("GET", "/internal/projects/current", { access: "admin", project });
    const fine = await setTheme(current.body.config.email_theme as string);
    expect(fine.status).toBe(200);
  });

  it("P8: answers an override the config schema refuses with its [ERROR] text as plain text", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const override = (value: unknown) => lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify(value) } });
    const badType = await override({ "auth.oauth.providers.invalid": { type: "invalid", isShared: true, allowSignIn: true, allowConnectedAccounts: true } });
    const typeText = "[ERROR] auth.oauth.providers.invalid.type must be one of the following values: google, github, microsoft, spotify, facebook, discord, gitlab, bitbucket, linkedin, apple, x, twitch";
    expectStatusError(badType, 400, "invalidConfigOverride", { message: typeText });
    expect(badType.text).toBe(typeText);
    const unknownKey = await override({ nonExistentField: "value" });
    expectStatusError(unknownKey, 400, "invalidConfigOverride", { message: '[ERROR] The key "nonExistentField" is not valid for the schema.' });
    expect(unknownKey.text).toBe('[ERROR] The key "nonExistentField" is not valid for the schema.');
    // Nothing was stored.
    const config = JSON.parse((await lk.call("GET", "/internal/config", { access: "admin", project })).body.config_string as string);
    expect([config.auth.oauth.providers, Object.hasOwn(config, "nonExistentField")]).toEqual([{}, false]);
  });

  it("P9: replaces a provider entry by its key and removes one set to null", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const override = (value: unknown) => lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify(value) } });
    const flags = { allowSignIn: true, allowConnectedAccounts: true };
    const steps = [
      { "auth.oauth.providers.google": { type: "google", isShared: false, clientId: "google-client", clientSecret: "google-secret", ...flags } },
      { "auth.oauth.providers.github": { type: "github", isShared: true, ...flags } },
      { "auth.oauth.providers.google": { type: "google", isShared: true, ...flags } },
      { "auth.oauth.providers.github": null },
    ];
    for (const step of steps) {
      const res = await override(step);
      expect([res.status, res.text]).toEqual([200, "{}"]);
    }
    const config = JSON.parse((await lk.call("GET", "/internal/config", { access: "admin", project })).body.config_string as string);
    expect(config.auth.oauth.providers).toStrictEqual({ google: { type: "google", isShared: true, ...flags } });
    const admin = await lk.call("GET", "/internal/projects/current", { access: "admin", project });
    expect(admin.body.config.oauth_providers).toEqual([{ id: "google", provider_config_id: "google", type: "shared" }]);
  });

  it("P10: accepts a trusted domain http://*:8103 (host wildcard, explicit port) that trusts http://localhost:8103", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const override = (value: unknown) => lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify(value) } });
    const res = await override({ "domains.allowLocalhost": false, "domains.trustedDomains.local-dev": { baseUrl: "http://*:8103", handlerPath: "/handler" } });
    expect([res.status, res.text]).toEqual([200, "{}"]);
    const reset = (callbackUrl: string) => lk.call("POST", "/auth/password/send-reset-code", { access: "client", project, body: { email: "nobody@example.com", callback_url: callbackUrl } });
    expect((await reset("http://localhost:8103/handler/password-reset")).status).toBe(200);
    for (const untrusted of ["http://localhost:8104/handler/password-reset", "https://localhost:8103/handler/password-reset"]) {
      expect((await reset(untrusted)).body.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    }
  });

  it("P11: publishes two ES256 keys, each exactly {alg, crv, kid, kty, x, y}, cached for an hour", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json`);
    expect([res.status, res.headers.get("cache-control"), res.headers.get("content-type")?.startsWith("application/json")]).toEqual([200, "public, max-age=3600", true]);
    const keys = res.body.keys as Record<string, string>[];
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(["alg", "crv", "kid", "kty", "x", "y"]);
      expect(key).toMatchObject({ alg: "ES256", crv: "P-256", kty: "EC" });
    }
    expect(new Set(keys.map((k) => k.kid)).size).toBe(2);
    // Asked again, the same keys.
    expect((await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json`)).body).toEqual(res.body);
  });

  it("P12: with include_anonymous=true adds the anonymous set; anonymous users' tokens are signed with a key of their own", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const regular = (await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json`)).body.keys as { kid: string }[];
    const all = (await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json?include_anonymous=true`)).body.keys as { kid: string }[];
    expect(all).toHaveLength(4);
    expect(new Set(all.map((k) => k.kid)).size).toBe(4);
    expect(all.slice(0, 2)).toEqual(regular);

    const anonymous = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", project });
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "p12@example.com" } });
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
    const anonymousKid = decodeProtectedHeader(anonymous.body.access_token as string).kid;
    const regularKid = decodeProtectedHeader(session.body.access_token as string).kid;
    expect(anonymousKid).not.toBe(regularKid);
    expect(regular.map((k) => k.kid)).toContain(regularKid);
    expect(regular.map((k) => k.kid)).not.toContain(anonymousKid);
    expect(all.slice(2).map((k) => k.kid)).toContain(anonymousKid);
    // The anonymous issuer's path publishes both sets.
    const atIssuer = await lk.call("GET", `/projects-anonymous-users/${project.id}/.well-known/jwks.json`);
    expect(atIssuer.body.keys).toEqual(all);
  });
});
