/**
 * The current project (projects-and-config.md §1–3) and the configuration tree (§5): the client and
 * admin views, legacy updates, config overrides, deletion, and that projects never see each other.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";

const clientConfigKeys = [
  "allow_team_api_keys", "allow_user_api_keys", "client_team_creation_enabled", "client_user_deletion_enabled",
  "credential_enabled", "enabled_oauth_providers", "magic_link_enabled", "passkey_enabled", "sign_up_enabled",
];
const adminProjectKeys = [
  "config", "created_at_millis", "description", "display_name", "full_logo_url", "id", "is_production_mode", "logo_url", "owner_team_id",
];
const adminConfigKeys = [
  ...clientConfigKeys, "allow_localhost", "branding", "create_team_on_sign_up", "domains", "email_config", "email_theme", "oauth_account_merge_strategy",
  "oauth_providers", "team_creator_default_permissions", "team_member_default_permissions", "user_default_permissions",
].sort();

const standardEmail = {
  type: "standard", host: "smtp.example.com", port: 587, username: "mailer", password: "hunter2", sender_name: "Example", sender_email: "noreply@example.com",
};

const clientGet = (lk: TestInstance, project?: ProjectCredentials) => lk.call("GET", "/projects/current", { access: "client", project });
const adminGet = (lk: TestInstance, project?: ProjectCredentials) => lk.call("GET", "/internal/projects/current", { access: "admin", project });
const adminPatch = (lk: TestInstance, body: unknown, project?: ProjectCredentials) =>
  lk.call("PATCH", "/internal/projects/current", { access: "admin", project, body });
const overrideConfig = (lk: TestInstance, override: string, project?: ProjectCredentials) =>
  lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: override } });
const renderedConfig = async (lk: TestInstance, project?: ProjectCredentials) =>
  JSON.parse((await lk.call("GET", "/internal/config", { access: "admin", project })).body.config_string);

/** Asserts a SCHEMA_ERROR and returns its message. */
function schemaErrorMessage(res: ApiResponse): string {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe("SCHEMA_ERROR");
  return res.body.details.message;
}

/** Asserts Stack's plain-text answer to an override the config schema refuses (backend-fidelity P8) and returns it. */
function overrideProblem(res: ApiResponse): string {
  expect([res.status, res.headers.get("x-stack-known-error")]).toEqual([400, null]);
  expect(res.text).toMatch(/^\[ERROR\] /);
  return res.text;
}

/** Runs `change` (expected to be refused) and checks that neither view of the project moved. */
async function expectUnchanged(lk: TestInstance, project: ProjectCredentials, change: () => Promise<void>) {
  const admin = (await adminGet(lk, project)).body;
  const config = await renderedConfig(lk, project);
  await change();
  expect((await adminGet(lk, project)).body).toEqual(admin);
  expect(await renderedConfig(lk, project)).toEqual(config);
}

describe.each(testDialects)("projects and config on %s", (dialect) => {
  it("shows clients exactly the id, the display name and the nine config keys", async () => {
    await using lk = await createTestInstance(dialect);
    const internal = await clientGet(lk);
    expect(internal.status).toBe(200);
    expect(Object.keys(internal.body).sort()).toEqual(["config", "display_name", "id"]);
    expect(Object.keys(internal.body.config).sort()).toEqual(clientConfigKeys);
    expect(internal.body).toMatchObject({ id: "internal", display_name: "Latchkey", config: { client_team_creation_enabled: true } });

    const other = await lk.createProject({ displayName: "Shop" });
    expect((await clientGet(lk, other)).body).toEqual({
      id: other.id,
      display_name: "Shop",
      config: {
        sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false, client_team_creation_enabled: false,
        client_user_deletion_enabled: false, allow_user_api_keys: false, allow_team_api_keys: false, enabled_oauth_providers: [],
      },
    });
  });

  it("shows admins the §2 fields with the creation defaults", async () => {
    await using lk = await createTestInstance(dialect);
    const createdAt = lk.clock.now().getTime();
    const other = await lk.createProject({ displayName: "Shop" });
    const res = await adminGet(lk, other);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(adminProjectKeys);
    expect(Object.keys(res.body.config).sort()).toEqual(adminConfigKeys);
    expect(res.body).toMatchObject({
      id: other.id, display_name: "Shop", description: "", logo_url: null, full_logo_url: null,
      created_at_millis: createdAt, is_production_mode: false, owner_team_id: null,
    });
    expect(res.body.config).toMatchObject({
      allow_localhost: true, sign_up_enabled: true, credential_enabled: true, oauth_providers: [], enabled_oauth_providers: [], domains: [],
      email_config: { type: "shared" }, email_theme: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac", create_team_on_sign_up: false,
      team_creator_default_permissions: [{ id: "team_admin" }], team_member_default_permissions: [{ id: "team_member" }],
      user_default_permissions: [], oauth_account_merge_strategy: "link_method",
    });
    expect((await adminGet(lk)).body.config.create_team_on_sign_up).toBe(true);
  });

  it("applies a legacy update and shows it in the answer, a fresh read and the client view", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await adminPatch(lk, {
      display_name: "Renamed",
      description: "A shop",
      config: {
        domains: [{ domain: "https://b.example.com", handler_path: "/auth" }, { domain: "https://*.a.example.com", handler_path: "/handler" }],
        email_config: standardEmail,
        oauth_providers: [{ id: "google", type: "standard", client_id: "gid", client_secret: "gsecret" }, { id: "github", type: "shared" }],
        sign_up_enabled: false,
        team_creator_default_permissions: [{ id: "team_member" }, { id: "$delete_team" }],
      },
    }, project);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: project.id, display_name: "Renamed", description: "A shop" });
    expect(res.body.config).toMatchObject({
      domains: [{ domain: "https://*.a.example.com", handler_path: "/handler" }, { domain: "https://b.example.com", handler_path: "/auth" }],
      email_config: standardEmail,
      oauth_providers: [
        { provider_config_id: "github", id: "github", type: "shared" },
        { provider_config_id: "google", id: "google", type: "standard", client_id: "gid", client_secret: "gsecret" },
      ],
      sign_up_enabled: false,
      credential_enabled: true,
      team_creator_default_permissions: [{ id: "$delete_team" }, { id: "team_member" }],
      team_member_default_permissions: [{ id: "team_member" }],
    });
    // Ids only, as Stack's backend answers (backend-fidelity.md P1).
    expect(res.body.config.enabled_oauth_providers).toEqual([{ id: "github" }, { id: "google" }]);
    expect((await adminGet(lk, project)).body).toEqual(res.body);
    const client = await clientGet(lk, project);
    expect(client.body.display_name).toBe("Renamed");
    expect(client.body.config).toMatchObject({ sign_up_enabled: false, enabled_oauth_providers: [{ id: "github" }, { id: "google" }] });
    expect(JSON.stringify(client.body)).not.toContain("gsecret");
  });

  it("refuses a standard e-mail server without a host and changes nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await expectUnchanged(lk, project, async () => {
      for (const host of [undefined, ""]) {
        const res = await adminPatch(lk, { display_name: "Nope", config: { email_config: { ...standardEmail, host } } }, project);
        expect(schemaErrorMessage(res)).toContain("body.config.email_config.host Email host is missing");
      }
    });
  });

  it("refuses bad trusted domains: a handler path without a slash, a domain with a space or that is no URL", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const patchDomain = (domain: string, handler_path: string) => adminPatch(lk, { config: { domains: [{ domain, handler_path }] } }, project);
    await expectUnchanged(lk, project, async () => {
      expect(schemaErrorMessage(await patchDomain("https://a.example.com", "handler"))).toContain("Handler path must start with /");
      for (const domain of ["https://exa mple.com", "not a url", "example.com"]) {
        expect(schemaErrorMessage(await patchDomain(domain, "/handler"))).toContain("body.config.domains[0].domain is not a valid URL or wildcard URL pattern");
      }
    });
  });

  it("stores a null description as the empty string", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    expect((await adminPatch(lk, { description: "temporary" }, project)).body.description).toBe("temporary");
    const cleared = await adminPatch(lk, { description: null }, project);
    expect(cleared.status).toBe(200);
    expect(cleared.body.description).toBe("");
    expect((await adminGet(lk, project)).body.description).toBe("");
  });

  it("renders the configuration tree as JSON text", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("GET", "/internal/config", { access: "admin" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["config_string"]);
    const config = JSON.parse(res.body.config_string);
    expect(config.auth).toMatchObject({ allowSignUp: true, password: { allowSignIn: true }, otp: { allowSignIn: false } });
    expect(config.domains.allowLocalhost).toBe(true);
    expect(config.teams).toEqual({ allowClientTeamCreation: true, createPersonalTeamOnSignUp: true });
    expect(config.emails.selectedThemeId).toBe("1df07ae6-abf3-4a40-83a5-a1a2cbe336ac");
  });

  it("applies a config override and answers {}", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await overrideConfig(lk, JSON.stringify({ "auth.allowSignUp": false }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await adminGet(lk)).body.config.sign_up_enabled).toBe(false);
    expect((await clientGet(lk)).body.config.sign_up_enabled).toBe(false);
    const config = await renderedConfig(lk);
    expect(config.auth.allowSignUp).toBe(false);
    expect(config.auth.password.allowSignIn).toBe(true);
    const empty = await lk.call("PATCH", "/internal/config/override", { access: "admin", body: {} });
    expect([empty.status, empty.body]).toEqual([200, {}]);
  });

  it("refuses an override with an unknown key, invalid JSON or a non-object, and changes nothing", async () => {
    await using lk = await createTestInstance(dialect);
    await expectUnchanged(lk, lk.internal, async () => {
      const unknownKey = await overrideConfig(lk, JSON.stringify({ "auth.allowSignUp": false, "auth.nonExistentField": true }));
      expect(overrideProblem(unknownKey)).toContain('"auth.nonExistentField"');
      // Unparsable JSON answers Stack's plain text (backend-fidelity P7).
      expectStatusError(await overrideConfig(lk, '{"auth.allowSignUp": fals'), 400, "invalidConfigJson");
      expect(schemaErrorMessage(await overrideConfig(lk, "[1, 2]"))).toContain("must be a JSON object");
      expect(overrideProblem(await overrideConfig(lk, JSON.stringify({ "auth.allowSignUp": "no" })))).toContain("auth.allowSignUp");
    });
  });

  // Regression: keys used to be expanded in JSON order, so a parent written after a deeper key hid it
  // from validation (and jsonb's key order made the two databases render differently).
  it("validates an override the way it is rendered: a deeper key written before its parent still counts", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await expectUnchanged(lk, project, async () => {
      const res = await overrideConfig(lk, '{"auth.otp.allowSignIn": "yes", "auth": {"allowSignUp": false}}', project);
      expect(overrideProblem(res)).toContain("auth.otp.allowSignIn");
    });
    expect((await clientGet(lk, project)).status).toBe(200);
  });

  it("deletes a created project with everything in it; its keys then find no project", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("DELETE", "/internal/projects/current", { access: "admin", project });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    for (const access of ["client", "admin"] as const) {
      const after = await lk.call("GET", access === "client" ? "/projects/current" : "/internal/projects/current", { access, project });
      expect(after.status).toBe(400);
      expect(after.body).toMatchObject({ code: "CURRENT_PROJECT_NOT_FOUND", details: { project_id: project.id } });
    }
    expect(await lk.deps.queries.apiKeySets.list(project.id)).toEqual([]);
    expect((await adminGet(lk)).status).toBe(200);
  });

  it("refuses to delete the internal project, which keeps working", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("DELETE", "/internal/projects/current", { access: "admin" });
    expectStatusError(res, 400, "internalProjectUndeletable");
    expect((await adminGet(lk)).body.id).toBe("internal");
    expect((await clientGet(lk)).status).toBe(200);
  });

  it("never lets one project's changes show in another", async () => {
    await using lk = await createTestInstance(dialect);
    const a = await lk.createProject({ displayName: "A" });
    const b = await lk.createProject({ displayName: "B" });
    const before = { internal: (await adminGet(lk)).body, b: (await adminGet(lk, b)).body, bConfig: await renderedConfig(lk, b) };
    await adminPatch(lk, { display_name: "A2", description: "changed", config: { sign_up_enabled: false, domains: [{ domain: "https://a.example.com", handler_path: "/h" }] } }, a);
    await overrideConfig(lk, JSON.stringify({ "auth.otp.allowSignIn": true }), a);
    const changed = (await adminGet(lk, a)).body;
    expect(changed).toMatchObject({ display_name: "A2", config: { sign_up_enabled: false, magic_link_enabled: true } });
    expect((await adminGet(lk)).body).toEqual(before.internal);
    expect((await adminGet(lk, b)).body).toEqual(before.b);
    expect(await renderedConfig(lk, b)).toEqual(before.bConfig);
  });
});
