/**
 * send-email over a real SMTP conversation: custom HTML, a template and a draft to several users,
 * the sent log, notification preferences with one-click unsubscribe, and sends to every user queued
 * in batches.
 */
import { describe, expect, it } from "vitest";
import { builtInEmailTemplateIds } from "../../../../server/services/config/defaults.js";
import { createDraft, findDraft } from "../../../../server/services/email/catalogue/drafts.js";
import { recordSent } from "../../../../server/services/email/sending/sent-log.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { createUsers, drainOutbox, ownSmtp, startHeaderSink } from "./sending-support.js";

const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const TRANSACTIONAL = "7bb82d33-2f54-4a3d-9d23-82739e0d66ef";

describe.each(testDialects)("send-email on %s", (dialect) => {
  it("sends custom HTML and a template to two users; both arrive and the sent log shows both", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ configOverride: ownSmtp(sink.port) });
    const [ada, bob] = await createUsers(lk, project, ["ada@example.test", "bob@example.test"]);

    const html = await lk.call("POST", "/emails/send-email", {
      access: "server",
      project,
      body: { user_ids: [ada, bob], html: "<p>Hello from the <b>release notes</b></p>", subject: "Release notes" },
    });
    expect(html.status).toBe(200);
    expect(html.body.results).toEqual([
      { user_id: ada, user_email: "ada@example.test" },
      { user_id: bob, user_email: "bob@example.test" },
    ]);
    const template = await lk.call("POST", "/emails/send-email", {
      access: "server",
      project,
      body: { user_ids: [ada, bob], template_id: builtInEmailTemplateIds.signInInvitation, variables: { signInInvitationLink: "https://app.test/join?x=1" } },
    });
    expect(template.status).toBe(200);

    await drainOutbox(lk);
    const releaseNotes = sink.messages.filter((m) => m.subject === "Release notes");
    expect(releaseNotes.map((m) => m.to[0]).sort()).toEqual(["ada@example.test", "bob@example.test"]);
    expect(releaseNotes[0]!.html).toContain("release notes");
    expect(releaseNotes[0]!.text).toContain("release notes");
    // Transactional: no unsubscribe link.
    expect(releaseNotes[0]!.headers.has("list-unsubscribe")).toBe(false);
    const invitations = sink.messages.filter((m) => m.subject !== "Release notes");
    expect(invitations.map((m) => m.to[0]).sort()).toEqual(["ada@example.test", "bob@example.test"]);
    expect(invitations[0]!.html).toContain("https://app.test/join?x=1");

    const log = await lk.call("GET", "/internal/emails", { access: "admin", project });
    expect(log.status).toBe(200);
    expect(log.body.is_paginated).toBe(false);
    expect(log.body.items).toHaveLength(4);
    const notes = log.body.items.filter((i: { subject: string }) => i.subject === "Release notes");
    expect(notes.map((i: { to: string[] }) => i.to[0]).sort()).toEqual(["ada@example.test", "bob@example.test"]);
    for (const item of log.body.items) {
      expect(item.error).toBeNull();
      expect(item.sender_config).toEqual({ type: "standard", host: "127.0.0.1", port: sink.port, username: "u", sender_name: "Acme", sender_email: "noreply@acme.test" });
    }
    expect(log.text).not.toContain("smtp-password");
  });

  it("sends a draft and marks it sent", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ configOverride: ownSmtp(sink.port) });
    const [ada] = await createUsers(lk, project, ["ada@example.test"]);
    const draft = await createDraft(lk.deps, project.id, { displayName: "Launch" });
    expect(draft.sentAt).toBeNull();

    const res = await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [ada], draft_id: draft.id, subject: "We launched" } });
    expect(res.status).toBe(200);
    expect((await findDraft(lk.deps, project.id, draft.id))!.sentAt).toBeInstanceOf(Date);
    await drainOutbox(lk);
    expect(sink.messages.map((m) => [m.to[0], m.subject])).toEqual([["ada@example.test", "We launched"]]);

    const unknown = await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [ada], draft_id: "no-such-draft" } });
    expectStatusError(unknown, 400, "sendEmailDraftNotFound");
  });

  it("skips users who turned Marketing off, still sends them transactional mail, and logs the skip", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ configOverride: ownSmtp(sink.port) });
    const [ada, bob] = await createUsers(lk, project, ["ada@example.test", "bob@example.test"]);

    const off = await lk.call("PATCH", `/emails/notification-preference/${ada}/${MARKETING}`, { access: "server", project, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ notification_category_id: MARKETING, notification_category_name: "Marketing", enabled: false, can_disable: true });
    const prefs = await lk.call("GET", `/emails/notification-preference/${ada}`, { access: "server", project });
    expect(prefs.body).toEqual({
      items: [
        { notification_category_id: TRANSACTIONAL, notification_category_name: "Transactional", enabled: true, can_disable: false },
        { notification_category_id: MARKETING, notification_category_name: "Marketing", enabled: false, can_disable: true },
      ],
      is_paginated: false,
    });

    const marketing = await lk.call("POST", "/emails/send-email", {
      access: "server",
      project,
      body: { user_ids: [ada, bob], html: "<p>Big sale</p>", subject: "Sale", notification_category_name: "Marketing" },
    });
    // One result per named user, also for one who turned the category off (Stack's answer, backend-fidelity-2.md §3).
    expect(marketing.body.results).toEqual([{ user_id: ada, user_email: "ada@example.test" }, { user_id: bob, user_email: "bob@example.test" }]);
    await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [ada, bob], html: "<p>Terms changed</p>", subject: "Terms" } });
    await drainOutbox(lk);

    expect(sink.messages.filter((m) => m.subject === "Sale").map((m) => m.to[0])).toEqual(["bob@example.test"]);
    expect(sink.messages.filter((m) => m.subject === "Terms").map((m) => m.to[0]).sort()).toEqual(["ada@example.test", "bob@example.test"]);
    const log = await lk.call("GET", "/internal/emails", { access: "admin", project });
    const skipped = log.body.items.filter((i: { error: unknown }) => i.error !== null);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ subject: "Sale", to: ["ada@example.test"], error: { status: "skipped" } });

    const unknownCategory = await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [bob], html: "x", notification_category_name: "Spam" } });
    expectStatusError(unknownCategory, 400, "notificationCategoryNameNotFound");
    const badCategory = await lk.call("PATCH", `/emails/notification-preference/${bob}/not-a-category`, { access: "server", project, body: { enabled: false } });
    expectStatusError(badCategory, 404, "notificationCategoryNotFound");
  });

  it("puts a signed one-click unsubscribe link and its headers on marketing mail; it works without a session", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ configOverride: ownSmtp(sink.port) });
    const [bob] = await createUsers(lk, project, ["bob@example.test"]);
    await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [bob], html: "<p>News</p>", subject: "News", notification_category_name: "Marketing" } });
    await drainOutbox(lk);

    const [mail] = sink.messages;
    expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const header = mail!.headers.get("list-unsubscribe")!;
    expect(header).toMatch(/^<http:\/\/localhost:8102\/api\/v1\/emails\/unsubscribe-link\?code=[^>]+>$/);
    const url = new URL(header.slice(1, -1));
    // The body links to the hosted confirmation page with the same code (a person clicks it).
    const pageUrl = new URL("/handler/unsubscribe", url);
    pageUrl.searchParams.set("code", url.searchParams.get("code")!);
    pageUrl.searchParams.set("project_id", project.id);
    expect(mail!.html).toContain(pageUrl.toString().replaceAll("&", "&amp;"));
    expect(mail!.html).not.toContain(url.pathname);
    const path = `${url.pathname.replace("/api/v1", "")}${url.search}`;

    // GET (a person clicking, or a link scanner) only asks to confirm.
    const page = await lk.call("GET", path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Unsubscribe from Marketing e-mails");
    const marketingOn = async () => (await lk.call("GET", `/emails/notification-preference/${bob}`, { access: "server", project })).body.items[1].enabled as boolean;
    expect(await marketingOn()).toBe(true);

    const tampered = await lk.call("POST", path.replace(/code=([^&]+)/, (_, code: string) => `code=${code.slice(0, -2)}xx`), { body: { "List-Unsubscribe": "One-Click" }, form: true });
    expectStatusError(tampered, 400, "invalidUnsubscribeLink");
    expect(await marketingOn()).toBe(true);

    const done = await lk.call("POST", path, { body: { "List-Unsubscribe": "One-Click" }, form: true });
    expect(done.status).toBe(200);
    expect(done.text).toContain("unsubscribed");
    expect(await marketingOn()).toBe(false);

    await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [bob], html: "<p>More news</p>", subject: "More news", notification_category_name: "Marketing" } });
    await drainOutbox(lk);
    expect(sink.messages.map((m) => m.subject)).toEqual(["News"]);
  });

  it("queues a send to all users in batches of users, not a row per user", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ configOverride: ownSmtp(sink.port) });
    const count = 230;
    await createUsers(lk, project, Array.from({ length: count }, (_, i) => `user${i}@example.test`));

    const res = await lk.call("POST", "/emails/send-email", { access: "server", project, body: { all_users: true, html: "<p>Hi all</p>", subject: "To everyone", theme_id: false } });
    expect(res.status).toBe(200);
    const rows = await lk.deps.queries.outbox.listForProject(project.id, "email");
    expect(rows).toHaveLength(3); // 100 + 100 + 30 users
    expect(rows.map((r) => r.summary.recipients).sort()).toEqual([100, 100, 30]);

    await drainOutbox(lk);
    expect(new Set(sink.messages.map((m) => m.to[0])).size).toBe(count);
    expect(sink.messages).toHaveLength(count);
  }, 120_000);

  it("retries a batch while SMTP is down and sends each recipient once, skipping those already sent", async () => {
    await using lk = await createTestInstance(dialect);
    const down = await startHeaderSink();
    await down[Symbol.asyncDispose]();
    const project = await lk.createProject({ configOverride: ownSmtp(down.port) });
    const [ada, bob, cy] = await createUsers(lk, project, ["ada@example.test", "bob@example.test", "cy@example.test"]);
    await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [ada, bob, cy], html: "<p>Hi</p>", subject: "Hello", theme_id: false } });
    const [row] = await lk.deps.queries.outbox.listForProject(project.id, "email");

    expect(await lk.deps.jobs.runOnce()).toBe(1);
    const waiting = await lk.call("GET", "/internal/emails", { access: "admin", project });
    expect(waiting.body.items.map((i: { error: { status: string } }) => i.error.status)).toEqual(["retrying", "retrying", "retrying"]);
    expect(await lk.deps.queries.outbox.get(project.id, row!.id)).toMatchObject({ status: "pending", attempts: 1 });

    // As if an earlier attempt had reached Ada before its process died: she is not mailed again.
    await recordSent(lk.deps, [{ projectId: project.id, outboxId: row!.id, userId: ada!, to: ["ada@example.test"], subject: "Hello", notificationCategory: "Transactional", status: "sent", error: null, senderConfig: { type: "standard" } }]);
    await using sink = await startHeaderSink();
    const { applyConfigOverride } = await import("../../../../server/services/projects.js");
    await applyConfigOverride(lk.deps, project.id, ownSmtp(sink.port));
    await drainOutbox(lk);
    expect(sink.messages.map((m) => m.to[0]).sort()).toEqual(["bob@example.test", "cy@example.test"]);
    const log = await lk.call("GET", "/internal/emails", { access: "admin", project });
    expect(log.body.items.map((i: { error: unknown }) => i.error)).toEqual([null, null, null]);
  });

  it("checks the request: recipients, content, users of the project, and the shared server", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: ownSmtp(9) });
    const [ada] = await createUsers(lk, project, ["ada@example.test"]);
    const send = (body: unknown, p = project) => lk.call("POST", "/emails/send-email", { access: "server", project: p, body });

    const recipients = { message: "Exactly one of user_ids or all_users must be provided" };
    expectKnownError(await send({ html: "x" }), 400, "SCHEMA_ERROR", recipients);
    expectKnownError(await send({ user_ids: [ada], all_users: true, html: "x" }), 400, "SCHEMA_ERROR", recipients);
    expectKnownError(await send({ user_ids: [ada], html: "x", draft_id: "d" }), 400, "SCHEMA_ERROR", { message: "Exactly one of html, template_id or draft_id must be provided" });
    const stranger = "00000000-0000-4000-8000-000000000001";
    expectKnownError(await send({ user_ids: [ada, stranger], html: "x" }), 400, "USER_ID_DOES_NOT_EXIST", { user_id: stranger });
    expectStatusError(await send({ user_ids: [ada], template_id: "00000000-0000-4000-8000-000000000002" }), 400, "sendEmailTemplateNotFound");
    const shared = await lk.createProject();
    expectKnownError(await send({ all_users: true, html: "x" }, shared), 400, "REQUIRES_CUSTOM_EMAIL_SERVER");
    expect(await lk.deps.queries.outbox.listForProject(project.id, "email")).toEqual([]);
  });
});
