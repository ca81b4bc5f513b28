/**
 * E-mail themes, templates, drafts and the render preview through the Stack admin SDK: a custom theme
 * and template round-trip (create, edit, list, preview) and a draft is created, listed and edited; a
 * server sends a mail that arrives and shows in the sent log; a user turns a notification category off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedRequests } from "./support/offline.js";
import { compatTargets } from "./support/sdk.js";
import { createWorld, uniqueEmail, type World } from "./support/world.js";

const brandTheme = `import { Html, Body, Container } from "@react-email/components";
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return <Html><Body><Container>compat-brand {children}</Container></Body></Html>;
}`;

const welcome = `import { type } from "arktype";
import { Subject, NotificationCategory } from "@stackframe/emails";
export const variablesSchema = type({ name: "string" });
export function EmailTemplate({ variables }: any) {
  return <><Subject value={"Welcome " + variables.name} /><NotificationCategory value="Transactional" /><p>Hello {variables.name}, welcome.</p></>;
}
EmailTemplate.PreviewVariables = { name: "Ada" };`;

describe.each(compatTargets)("Stack SDK: e-mail templates and themes through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
    await (await world.adminApp().getProject()).updateConfig({
      "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: world.sink.port, username: "u", password: "p", senderName: "Compat", senderEmail: "noreply@compat.test" },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("creates, edits, lists and previews a theme and a template", async () => {
    const admin = world.adminApp();
    const themes = await admin.listEmailThemes();
    expect(themes.map((t) => t.displayName)).toEqual(expect.arrayContaining(["Default Light", "Default Dark"]));

    const { id: themeId } = await admin.createEmailTheme("Compat brand");
    await admin.updateEmailTheme(themeId, brandTheme);
    expect((await admin.listEmailThemes()).find((t) => t.id === themeId)?.displayName).toBe("Compat brand");

    const { id: templateId } = await admin.createEmailTemplate("Welcome");
    const { renderedHtml } = await admin.updateEmailTemplate(templateId, welcome, themeId);
    expect(renderedHtml).toContain("compat-brand");
    expect(renderedHtml).toContain("welcome.");

    const templates = await admin.listEmailTemplates();
    expect(templates.find((t) => t.id === templateId)).toMatchObject({ displayName: "Welcome", tsxSource: welcome, themeId });
    expect(templates.map((t) => t.displayName)).toEqual(expect.arrayContaining(["Email Verification", "Password Reset", "Magic Link/OTP", "Team Invitation", "Sign In Invitation"]));

    const preview = await admin.getEmailPreview({ templateId, themeId: false });
    expect(preview).toContain("Hello <!-- -->Ada<!-- -->, welcome.");
    expect(preview).not.toContain("compat-brand");
    expect(await admin.getEmailPreview({ templateTsxSource: welcome, themeTsxSource: brandTheme })).toContain("compat-brand");

    await expect(admin.updateEmailTemplate(templateId, "export function EmailTemplate() { throw new Error('nope'); }", null)).rejects.toMatchObject({
      errorCode: "EMAIL_RENDERING_ERROR",
    });
  });

  it("creates, lists and edits drafts", async () => {
    const admin = world.adminApp();
    const { id } = await admin.createEmailDraft({ displayName: "Launch", themeId: false, tsxSource: welcome });
    let drafts = await admin.listEmailDrafts();
    expect(drafts.find((d) => d.id === id)).toEqual({ id, displayName: "Launch", themeId: false, tsxSource: welcome, sentAt: null });
    await admin.updateEmailDraft(id, { displayName: "Launch day" });
    drafts = await admin.listEmailDrafts();
    expect(drafts.find((d) => d.id === id)?.displayName).toBe("Launch day");
  });

  it("sends an e-mail that arrives and shows in the sent log", async () => {
    const server = world.serverApp();
    const email = uniqueEmail("mailed");
    const user = await server.createUser({ primaryEmail: email, primaryEmailVerified: true });
    const subject = `Compat hello ${user.id.slice(0, 8)}`;
    await server.sendEmail({ userIds: [user.id], subject, html: "<p>Hello from the compat suite</p>" });
    const deadline = Date.now() + 15_000;
    for (;;) {
      const sent = (await world.adminApp().listSentEmails()).find((m) => m.subject === subject);
      if (sent && world.sink.messages.some((m) => m.to.includes(email) && m.subject === subject)) {
        expect(sent).toMatchObject({ to: [email], recipient: email });
        expect(sent.sentAt).toBeInstanceOf(Date);
        break;
      }
      if (Date.now() > deadline) throw new Error(`The mail "${subject}" did not arrive or is not in the sent log`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("lists a user's notification categories; the user turns Marketing off (Transactional is not one to turn off)", async () => {
    const app = world.clientApp();
    const result = await app.signUpWithCredential({ email: uniqueEmail("prefs"), password: "notification prefs 1", noRedirect: true, verificationCallbackUrl: world.appUrl("/handler/email-verification") });
    expect(result.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    const categories = await user.listNotificationCategories();
    expect(categories.map(({ name, enabled, canDisable }) => ({ name, enabled, canDisable }))).toEqual(expect.arrayContaining([
      { name: "Transactional", enabled: true, canDisable: false },
      { name: "Marketing", enabled: true, canDisable: true },
    ]));
    await categories.find((c) => c.name === "Marketing")!.setEnabled(false);
    expect((await user.listNotificationCategories()).find((c) => c.name === "Marketing")?.enabled).toBe(false);
    const serverView = (await world.serverApp().getUser(user.id))!;
    expect((await serverView.listNotificationCategories()).find((c) => c.name === "Marketing")?.enabled).toBe(false);
  });
});
