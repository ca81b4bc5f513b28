import { describe, expect, it } from "vitest";
import { KnownErrors } from "../core/errors/known-errors.js";
import { fakeServer, json, known, serverUserJson, signedInTokens, userJson } from "../test-support/fake-server.js";

const preferences = {
  items: [
    { notification_category_id: "c-tx", notification_category_name: "Transactional", enabled: true, can_disable: false },
    { notification_category_id: "c-mk", notification_category_name: "Marketing", enabled: true, can_disable: true },
  ],
  is_paginated: false,
};

describe("user.listNotificationCategories", () => {
  it("lists the signed-in user's categories and turns one off through the session", async () => {
    const server = fakeServer({
      "GET /users/me": () => json(userJson),
      "GET /emails/notification-preference/me": () => json(preferences),
      "PATCH /emails/notification-preference/me/c-mk": () => json({ ...preferences.items[1], enabled: false }),
    });
    const tokens = signedInTokens();
    const user = await server.client(tokens).getUser({ or: "throw" });
    const categories = await user.listNotificationCategories();
    expect(categories.map(({ id, name, enabled, canDisable }) => ({ id, name, enabled, canDisable }))).toEqual([
      { id: "c-tx", name: "Transactional", enabled: true, canDisable: false },
      { id: "c-mk", name: "Marketing", enabled: true, canDisable: true },
    ]);
    await categories[1]!.setEnabled(false);
    const patch = server.log.at(-1)!;
    expect(patch.key).toBe("PATCH /emails/notification-preference/me/c-mk");
    expect(patch.body).toEqual({ enabled: false });
    expect(patch.headers["x-stack-access-token"]).toBe(tokens.accessToken);
  });

  it("reads and changes a user's categories by id with server access", async () => {
    const server = fakeServer({
      "GET /users/u1": () => json(serverUserJson),
      "GET /emails/notification-preference/u1": () => json(preferences),
      "PATCH /emails/notification-preference/u1/c-mk": () => json(preferences.items[1]),
    });
    const user = (await server.admin().getUser("u1"))!;
    const [, marketing] = await user.listNotificationCategories();
    await marketing!.setEnabled(true);
    expect(server.log.slice(1).map((r) => [r.key, r.headers["x-stack-access-type"]])).toEqual([
      ["GET /emails/notification-preference/u1", "server"],
      ["PATCH /emails/notification-preference/u1/c-mk", "server"],
    ]);
    expect(server.log.at(-1)!.body).toEqual({ enabled: true });
  });
});

describe("server sendEmail", () => {
  it("sends recipients, content and options with the API's names", async () => {
    const server = fakeServer({ "POST /emails/send-email": () => json({ results: [] }) });
    const admin = server.admin();
    await admin.sendEmail({ userIds: ["u1", "u2"], html: "<p>Hi</p>", subject: "Hello", themeId: false });
    await admin.sendEmail({ allUsers: true, templateId: "tpl", variables: { name: "Ada" }, notificationCategoryName: "Marketing", themeId: null });
    await admin.sendEmail({ userIds: ["u1"], draftId: "d1" });
    expect(server.log.map((r) => r.body)).toEqual([
      { user_ids: ["u1", "u2"], html: "<p>Hi</p>", subject: "Hello", theme_id: false },
      { all_users: true, template_id: "tpl", variables: { name: "Ada" }, notification_category_name: "Marketing", theme_id: null },
      { user_ids: ["u1"], draft_id: "d1" },
    ]);
    expect(server.log[0]!.headers["x-stack-access-type"]).toBe("server");
  });

  it("throws the server's known error", async () => {
    const server = fakeServer({ "POST /emails/send-email": () => known("REQUIRES_CUSTOM_EMAIL_SERVER", 400) });
    await expect(server.admin().sendEmail({ userIds: ["u1"], html: "x" })).rejects.toBeInstanceOf(KnownErrors.RequiresCustomEmailServer);
  });
});

describe("admin e-mail", () => {
  it("maps the sent log (recipient is the first address; error only when there is one)", async () => {
    const server = fakeServer({
      "GET /internal/emails": () => json({
        items: [
          { id: "e1", subject: "Hi", sent_at_millis: 1000, to: ["a@example.com", "b@example.com"], sender_config: { type: "shared" }, error: null },
          { id: "e2", subject: "Oops", sent_at_millis: 2000, to: [], sender_config: { type: "shared" }, error: { message: "refused" } },
        ],
        is_paginated: false,
      }),
    });
    expect(await server.admin().listSentEmails()).toEqual([
      { id: "e1", to: ["a@example.com", "b@example.com"], subject: "Hi", recipient: "a@example.com", sentAt: new Date(1000) },
      { id: "e2", to: [], subject: "Oops", recipient: "", sentAt: new Date(2000), error: { message: "refused" } },
    ]);
  });

  it("creates, updates and lists themes and templates", async () => {
    const server = fakeServer({
      "GET /internal/email-themes": () => json({ themes: [{ id: "th1", display_name: "Brand" }] }),
      "POST /internal/email-themes": () => json({ id: "th1" }),
      "PATCH /internal/email-themes/th1": () => json({ display_name: "Brand" }),
      "GET /internal/email-templates": () => json({ templates: [{ id: "tp1", display_name: "Welcome", tsx_source: "src", theme_id: false }, { id: "tp2", display_name: "Plain", tsx_source: "s2" }] }),
      "POST /internal/email-templates": () => json({ id: "tp1" }),
      "PATCH /internal/email-templates/tp1": () => json({ rendered_html: "<html>ok</html>" }),
    });
    const admin = server.admin();
    expect(await admin.createEmailTheme("Brand")).toEqual({ id: "th1" });
    await admin.updateEmailTheme("th1", "theme source");
    expect(await admin.listEmailThemes()).toEqual([{ id: "th1", displayName: "Brand" }]);
    expect(await admin.createEmailTemplate("Welcome")).toEqual({ id: "tp1" });
    expect(await admin.updateEmailTemplate("tp1", "src", null)).toEqual({ renderedHtml: "<html>ok</html>" });
    expect(await admin.listEmailTemplates()).toEqual([
      { id: "tp1", displayName: "Welcome", themeId: false, tsxSource: "src" },
      { id: "tp2", displayName: "Plain", tsxSource: "s2" },
    ]);
    expect(server.log.filter((r) => r.body !== undefined).map((r) => [r.key, r.body])).toEqual([
      ["POST /internal/email-themes", { display_name: "Brand" }],
      ["PATCH /internal/email-themes/th1", { tsx_source: "theme source" }],
      ["POST /internal/email-templates", { display_name: "Welcome" }],
      ["PATCH /internal/email-templates/tp1", { tsx_source: "src", theme_id: null }],
    ]);
    expect(server.log.every((r) => r.headers["x-stack-access-type"] === "admin")).toBe(true);
  });

  it("previews a template in a theme, by id or by source", async () => {
    const server = fakeServer({ "POST /emails/render-email": () => json({ html: "<p>preview</p>", subject: "S" }) });
    const admin = server.admin();
    expect(await admin.getEmailPreview({ templateId: "tp1", themeId: false })).toBe("<p>preview</p>");
    await admin.getEmailPreview({ templateTsxSource: "t", themeTsxSource: "th" });
    expect(server.log.map((r) => r.body)).toEqual([{ template_id: "tp1", theme_id: false }, { template_tsx_source: "t", theme_tsx_source: "th" }]);
  });

  it("creates, lists and edits drafts (an undefined theme is the project's selected one)", async () => {
    const server = fakeServer({
      "POST /internal/email-drafts": () => json({ id: "d1" }),
      "GET /internal/email-drafts": () => json({ drafts: [{ id: "d1", display_name: "Launch", tsx_source: "src", theme_id: false, sent_at_millis: null }, { id: "d2", display_name: "Old", tsx_source: "s", sent_at_millis: 5000 }] }),
      "PATCH /internal/email-drafts/d1": () => json({ ok: "ok" }),
    });
    const admin = server.admin();
    expect(await admin.createEmailDraft({ displayName: "Launch", themeId: false, tsxSource: "src" })).toEqual({ id: "d1" });
    expect(await admin.listEmailDrafts()).toEqual([
      { id: "d1", displayName: "Launch", themeId: false, tsxSource: "src", sentAt: null },
      { id: "d2", displayName: "Old", themeId: undefined, tsxSource: "s", sentAt: new Date(5000) },
    ]);
    await admin.updateEmailDraft("d1", { displayName: "Launch day" });
    await admin.updateEmailDraft("d1", { themeId: undefined });
    expect(server.log.filter((r) => r.body !== undefined).map((r) => r.body)).toEqual([
      { display_name: "Launch", theme_id: false, tsx_source: "src" },
      { display_name: "Launch day" },
      { theme_id: null },
    ]);
  });

  it("tries an SMTP server: success is ok, a failure an error result with the reason", async () => {
    let answer: unknown = { success: true };
    const server = fakeServer({ "POST /internal/send-test-email": () => json(answer) });
    const admin = server.admin();
    const emailConfig = { host: "smtp.example.com", port: 587, username: "u", password: "p", senderEmail: "no-reply@example.com", senderName: "Shop" };
    expect(await admin.sendTestEmail({ recipientEmail: "me@example.com", emailConfig })).toEqual({ status: "ok", data: undefined });
    expect(server.log[0]!.body).toEqual({
      recipient_email: "me@example.com",
      email_config: { host: "smtp.example.com", port: 587, username: "u", password: "p", sender_email: "no-reply@example.com", sender_name: "Shop" },
    });
    answer = { success: false, error_message: "Connection refused" };
    expect(await admin.sendTestEmail({ recipientEmail: "me@example.com", emailConfig })).toEqual({ status: "error", error: { errorMessage: "Connection refused" } });
  });
});
