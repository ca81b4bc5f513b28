/**
 * Issue 18, finding 10: a project's SMTP password (and OAuth client secrets) were stored in the clear in
 * its configuration. They are now sealed with the server secret at rest; admins still read them back as
 * the wire protocol requires, and mail still goes out with the right password.
 */
import { describe, expect, it } from "vitest";
import { projectQueries } from "../../../server/db/queries/projects.js";
import { TtlCache } from "../../../server/db/ttl-cache.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { startSmtpSink } from "../../support/smtp-sink.js";

const smtpPassword = "smtp-password-5f1c9e";
const clientSecret = "oauth-client-secret-7d2a4b";

describe.each(testDialects)("secrets in project configuration on %s", (dialect) => {
  it("stores the SMTP password and OAuth client secrets sealed, and gives them back to admins", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject();
    const admin = { access: "admin" as const, project };
    const updated = await lk.call("PATCH", "/internal/projects/current", {
      ...admin,
      body: {
        config: {
          email_config: { type: "standard", host: "127.0.0.1", port: sink.port, username: "mailer", password: smtpPassword, sender_name: "Acme", sender_email: "noreply@acme.test" },
          oauth_providers: [{ id: "github", type: "standard", client_id: "gh-client", client_secret: clientSecret }],
        },
      },
    });
    expect(updated.status, updated.text).toBe(200);
    // Through the override endpoint too, with dot-path keys.
    const override = { "auth.oauth.providers.google": { type: "google", isShared: false, allowSignIn: true, allowConnectedAccounts: false, clientId: "g", clientSecret: `${clientSecret}-g` } };
    expect((await lk.call("PATCH", "/internal/config/override", { ...admin, body: { config_override_string: JSON.stringify(override) } })).status).toBe(200);

    const dump = await lk.dumpDatabaseText();
    expect(dump).not.toContain(smtpPassword);
    expect(dump).not.toContain(clientSecret);
    expect(dump).toContain("sealed:v1.");

    const read = await lk.call("GET", "/internal/projects/current", admin);
    expect(read.body.config.email_config.password).toBe(smtpPassword);
    expect(read.body.config.oauth_providers.find((p: { id: string }) => p.id === "github").client_secret).toBe(clientSecret);
    const config = JSON.parse((await lk.call("GET", "/internal/config", admin)).body.config_string);
    expect(config.auth.oauth.providers.google.clientSecret).toBe(`${clientSecret}-g`);

    // The transport gets the opened password (the sink records what the client authenticated with).
    await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "ada@example.com", password: "ada's password 1", verification_callback_url: "http://localhost:3000/handler/email-verification" } });
    await lk.deps.jobs.runOnce();
    const mail = await sink.waitFor((m) => m.to.includes("ada@example.com"));
    expect(mail).toBeDefined();
  });

  it("still reads a password stored in the clear before, and seals it at the next write", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    // Written past the sealing layer, as an older version stored it.
    const raw = projectQueries(lk.deps.store, new TtlCache(0, 1, () => Date.now()));
    const row = (await raw.find(project.id))!;
    await raw.update(project.id, { configOverride: { ...row.configOverride, "emails.server": { isShared: false, provider: "smtp", host: "smtp.example.com", port: 587, password: smtpPassword, senderEmail: "a@example.com" } } });
    expect(await lk.dumpDatabaseText()).toContain(smtpPassword);

    const admin = { access: "admin" as const, project };
    expect((await lk.call("GET", "/internal/projects/current", admin)).body.config.email_config.password).toBe(smtpPassword);
    await lk.call("PATCH", "/internal/projects/current", { ...admin, body: { display_name: "Renamed" } });
    expect(await lk.dumpDatabaseText()).not.toContain(smtpPassword);
    expect((await lk.call("GET", "/internal/projects/current", admin)).body.config.email_config.password).toBe(smtpPassword);
  });
});
