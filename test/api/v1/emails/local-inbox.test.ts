/**
 * The local inbox (issue 36 item 2): a project with nowhere to send mail (no server of its own, no
 * shared one) that is not in production mode keeps the mails it could not send, sealed, for its
 * admins; the newest 500 per project for 7 days. A production-mode project keeps nothing, a project
 * with a mail server keeps nothing, and no other project's admin can read a kept mail.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDeps } from "../../../../server/create-deps.js";
import { INBOX_LIMIT, INBOX_MAX_AGE_MS, keepInLocalInbox, localInboxNotice, readLocalInbox } from "../../../../server/services/email/local-inbox.js";
import { resealAll } from "../../../../server/services/secret-rotation.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, testServerSecret, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";
import { startSmtpSink } from "../../../support/smtp-sink.js";
import { drainOutbox, ownSmtp } from "./sending-support.js";

const verificationUrl = "http://localhost:3000/handler/email-verification";

function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  return lk.call("POST", "/auth/password/sign-up", {
    access: "client",
    project,
    body: { email, password: "Quietly-Orbiting-Walrus-4817", verification_callback_url: verificationUrl },
  });
}

const inbox = (lk: TestInstance, project: ProjectCredentials) => lk.call("GET", "/internal/emails/inbox", { access: "admin", project });
const kept = (lk: TestInstance, project: ProjectCredentials, id: string) => lk.call("GET", `/internal/emails/inbox/${id}`, { access: "admin", project });

async function keptRows(lk: TestInstance, projectId: string) {
  const t = lk.deps.store.t.localInboxEmails;
  return lk.deps.store.db.select().from(t).where(eq(t.projectId, projectId));
}

function mail(n: number) {
  return { to: [`user${n}@example.test`], subject: `Mail ${n}`, html: `<p>mail ${n}</p>`, text: `mail ${n}` };
}

describe.each(testDialects)("local inbox (%s)", (dialect) => {
  it("keeps the verification mail of a sign-up, sealed, and lists and shows it to the project's admin", { timeout: 120_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    expect((await signUp(lk, project, "ada@example.test")).status).toBe(200);
    await drainOutbox(lk);

    // The outbox row still says where it went: nowhere.
    expect(await lk.deps.queries.outbox.listForProject(project.id, "email")).toMatchObject([{ status: "undeliverable" }]);
    const list = await inbox(lk, project);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ state: "kept", is_paginated: false, items: [{ to: ["ada@example.test"] }] });
    const [item] = list.body.items;
    expect(item.subject).toMatch(/verify/i);

    const shown = await kept(lk, project, item.id);
    expect(shown.status).toBe(200);
    const link = /href="([^"]*email-verification\?code=[^"]+)"/.exec(shown.body.html)?.[1];
    expect(link).toBeDefined();
    const code = new URL(link!.replaceAll("&amp;", "&")).searchParams.get("code")!;
    expect(shown.body.text).toContain(code);

    // Sealed at rest: the code appears nowhere in the database in the clear.
    expect(await lk.dumpDatabaseText()).not.toContain(code);

    // The link works: the code verifies the address.
    const verify = await lk.call("POST", "/contact-channels/verify", { access: "client", project, body: { code } });
    expect(verify.status).toBe(200);
  });

  it("keeps nothing for a project in production mode, and says so", { timeout: 120_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ isProductionMode: true });
    expect((await signUp(lk, project, "ada@example.test")).status).toBe(200);
    await drainOutbox(lk);
    expect(await lk.deps.queries.outbox.listForProject(project.id, "email")).toMatchObject([{ status: "undeliverable" }]);
    expect((await inbox(lk, project)).body).toEqual({ items: [], is_paginated: false, state: "production_mode" });
    expect(await keptRows(lk, project.id)).toEqual([]);
  });

  it("hides what a project kept before it went into production mode, and forgets it with its next mail", { timeout: 120_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const id = await keepInLocalInbox(lk.deps, project.id, randomUUID(), mail(1));
    const live = await lk.call("PATCH", "/internal/projects/current", { access: "admin", project, body: { is_production_mode: true } });
    expect(live.status, live.text).toBe(200);
    expect((await inbox(lk, project)).body).toEqual({ items: [], is_paginated: false, state: "production_mode" });
    expectStatusError(await kept(lk, project, id), 404, "localInboxEmailNotFound");
    expect((await signUp(lk, project, "ada@example.test")).status).toBe(200);
    await drainOutbox(lk);
    expect(await keptRows(lk, project.id)).toEqual([]);
  });

  it("keeps nothing for a project with a mail server: its mails are sent", { timeout: 120_000 }, async () => {
    await using sink = await startSmtpSink();
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: ownSmtp(sink.port) });
    expect((await signUp(lk, project, "ada@example.test")).status).toBe(200);
    await drainOutbox(lk);
    expect(sink.messages.map((m) => m.to)).toEqual([["ada@example.test"]]);
    expect((await inbox(lk, project)).body).toEqual({ items: [], is_paginated: false, state: "mail_server" });
    expect(await keptRows(lk, project.id)).toEqual([]);
  });

  it("holds the newest 500 mails of a project and none older than 7 days", { timeout: 120_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const otherId = await keepInLocalInbox(lk.deps, other.id, randomUUID(), mail(-1));
    for (let n = 0; n < INBOX_LIMIT + 2; n++) {
      await keepInLocalInbox(lk.deps, project.id, randomUUID(), mail(n));
      lk.clock.advance(1);
    }
    const list = await inbox(lk, project);
    expect(list.body.items).toHaveLength(INBOX_LIMIT);
    expect(list.body.items[0].subject).toBe(`Mail ${INBOX_LIMIT + 1}`);
    expect(list.body.items.at(-1).subject).toBe("Mail 2");
    expect(await keptRows(lk, project.id)).toHaveLength(INBOX_LIMIT);
    // Another project's inbox is bounded on its own.
    expect((await kept(lk, other, otherId)).status).toBe(200);

    // A mail kept 7 days and a minute ago (the clock set back: the project's keys are valid only now)
    // is neither listed nor shown, and the next mail kept removes it; one kept 7 days less a minute ago stays.
    const aged = await lk.createProject();
    const now = lk.clock.now().getTime();
    lk.clock.set(now - INBOX_MAX_AGE_MS - 60_000);
    const tooOld = await keepInLocalInbox(lk.deps, aged.id, randomUUID(), mail(7));
    lk.clock.set(now - INBOX_MAX_AGE_MS + 60_000);
    const oldest = await keepInLocalInbox(lk.deps, aged.id, randomUUID(), mail(6));
    lk.clock.set(now);
    expect((await inbox(lk, aged)).body.items.map((i: { id: string }) => i.id)).toEqual([oldest]);
    expectStatusError(await kept(lk, aged, tooOld), 404, "localInboxEmailNotFound");
    expect((await kept(lk, aged, oldest)).status).toBe(200);
    await keepInLocalInbox(lk.deps, aged.id, randomUUID(), mail(5));
    expect((await keptRows(lk, aged.id)).map((r) => r.subject).sort()).toEqual(["Mail 5", "Mail 6"]);
  });

  it("is sealed again by `latchkey secret rotate`, so the new secret alone reads a kept mail", { timeout: 120_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const id = await keepInLocalInbox(lk.deps, project.id, randomUUID(), mail(1));
    const newSecret = Buffer.alloc(32, 9);
    const withSecrets = (previous: string | undefined) =>
      createDeps({ config: { ...lk.deps.config, serverSecretPrevious: previous }, store: lk.deps.store, clock: lk.clock, log: lk.deps.log, serverSecret: newSecret });
    const report = await resealAll(withSecrets(testServerSecret.toString("base64")));
    expect(report["local inbox (kept e-mails)"]).toEqual({ resealed: 1, unreadable: 0 });
    const row = (await lk.deps.queries.projects.find(project.id))!;
    expect(await readLocalInbox(withSecrets(undefined), row, id)).toMatchObject({ html: "<p>mail 1</p>", text: "mail 1" });
  });

  it("shows a kept mail to its own project's admin only", { timeout: 120_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const victim = await lk.createProject();
    const attacker = await lk.createProject();
    const id = await keepInLocalInbox(lk.deps, victim.id, randomUUID(), mail(1));
    expect((await kept(lk, victim, id)).status).toBe(200);
    expectStatusError(await kept(lk, attacker, id), 404, "localInboxEmailNotFound");
    expect((await inbox(lk, attacker)).body.items).toEqual([]);
    // Server and client keys of the victim project cannot read it either.
    expect((await lk.call("GET", `/internal/emails/inbox/${id}`, { access: "server", project: victim })).status).toBe(401);
  });
});

describe("the start-up line of a server without a shared mail server", () => {
  it("says where the kept mails are read, and is not written when a shared server is set", () => {
    expect(localInboxNotice({ sharedSmtp: null, publicUrl: "https://auth.example.com/" })).toBe(
      "no mail server: mails are kept in the dashboard's inbox at https://auth.example.com/dashboard/projects/<project>/emails?tab=inbox " +
        "(not for projects in production mode or with a mail server of their own; `latchkey mail list --project <project>` prints them too)",
    );
    expect(localInboxNotice({ sharedSmtp: { url: "smtp://127.0.0.1:2525", from: "a@example.com" }, publicUrl: "https://auth.example.com" })).toBeNull();
  });
});
