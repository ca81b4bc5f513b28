import { describe, expect, it } from "vitest";
import { adminProjectConfigUpdate } from "./project-config.js";

function issues(body: unknown) {
  const parsed = adminProjectConfigUpdate.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("adminProjectConfigUpdate", () => {
  it("accepts an empty update and a full standard e-mail server", () => {
    expect(issues({})).toEqual([]);
    expect(issues({
      email_config: {
        type: "standard", host: "smtp.a.com", port: 0, username: "u", password: "p", sender_name: "A", sender_email: "a@a.com",
      },
    })).toEqual([]);
    expect(issues({ email_config: { type: "shared" } })).toEqual([]);
  });

  it("names each missing or empty field of a standard e-mail server", () => {
    expect(issues({ email_config: { type: "standard" } })).toEqual([
      { path: "email_config.host", message: "Email host is missing" },
      { path: "email_config.port", message: "Email port is missing" },
      { path: "email_config.username", message: "Email username is missing" },
      { path: "email_config.password", message: "Email password is missing" },
      { path: "email_config.sender_name", message: "Email sender name is missing" },
      { path: "email_config.sender_email", message: "Email sender email is missing" },
    ]);
    expect(issues({
      email_config: { type: "standard", host: "", port: 25, username: "u", password: "p", sender_name: "", sender_email: "a@a.com" },
    })).toEqual([
      { path: "email_config.host", message: "Email host is missing" },
      { path: "email_config.sender_name", message: "Email sender name is missing" },
    ]);
  });

  it("reports missing fields even when another field is invalid", () => {
    expect(issues({ email_config: { type: "standard", port: 70000, password: "x".repeat(71) } })).toEqual([
      { path: "email_config.port", message: "must be between 0 and 65535" },
      { path: "email_config.password", message: "must be at most 70 characters" },
      { path: "email_config.host", message: "Email host is missing" },
      { path: "email_config.username", message: "Email username is missing" },
      { path: "email_config.sender_name", message: "Email sender name is missing" },
      { path: "email_config.sender_email", message: "Email sender email is missing" },
    ]);
  });

  it("requires client id and secret for standard OAuth providers", () => {
    expect(issues({ oauth_providers: [{ id: "google", type: "standard" }, { id: "github", type: "shared" }] })).toEqual([
      { path: "oauth_providers.0.client_id", message: "Client ID is missing" },
      { path: "oauth_providers.0.client_secret", message: "Client secret is missing" },
    ]);
    expect(issues({ oauth_providers: [{ id: "google", type: "standard", client_id: "i", client_secret: "" }] })).toEqual([
      { path: "oauth_providers.0.client_secret", message: "Client secret is missing" },
    ]);
    expect(issues({ oauth_providers: [{ id: "google", type: "shared" }, { id: "google", type: "shared" }] })).toEqual([
      { path: "oauth_providers", message: "must not list the same provider twice" },
    ]);
  });

  it("checks domains and handler paths", () => {
    expect(issues({ domains: [{ domain: "https://*.example.com:8443", handler_path: "/handler" }] })).toEqual([]);
    expect(issues({ domains: [{ domain: "https://**.example.com", handler_path: "/h" }] })).toEqual([]);
    const invalid = "is not a valid URL or wildcard URL pattern";
    for (const domain of ["ftp://a.com", "https://a.com/*", "https://a.com:*", "https://*@a.com", "a.com", "https://a b.com"]) {
      expect(issues({ domains: [{ domain, handler_path: "/" }] })).toEqual([{ path: "domains.0.domain", message: invalid }]);
    }
    expect(issues({ domains: [{ domain: "https://a.com", handler_path: "handler" }] })).toEqual([
      { path: "domains.0.handler_path", message: "Handler path must start with /" },
    ]);
  });

  it("checks permission ids, enums and unknown keys", () => {
    expect(issues({ team_creator_default_permissions: [{ id: "$update_team" }, { id: "team_admin" }] })).toEqual([]);
    expect(issues({ team_member_default_permissions: [{ id: "Admin" }, { id: "$nope" }] })).toEqual([
      { path: "team_member_default_permissions.0.id", message: 'Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed' },
      { path: "team_member_default_permissions.1.id", message: "Invalid system permission" },
    ]);
    expect(issues({ oauth_account_merge_strategy: "merge" }).map((i) => i.path)).toEqual(["oauth_account_merge_strategy"]);
    // Any string passes; the service answers one that names no theme with `Invalid email theme` (backend-fidelity P6).
    expect(issues({ email_theme: "not-a-uuid" })).toEqual([]);
    expect(issues({ email_theme: 7 }).map((i) => i.path)).toEqual(["email_theme"]);
    expect(issues({ unknown_flag: true }).map((i) => i.message)).toEqual(['Unrecognized key: "unknown_flag"']);
  });
});
