/**
 * E-mail templates, themes and drafts over HTTP (emails.md §2–3): a custom theme and template round
 * trip (create, edit, preview), drafts, render-email's four input variants, and the errors.
 */
import { describe, expect, it } from "vitest";
import { emailRenderer } from "../../../../server/services/email/catalogue/renderer.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";

const LIGHT = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
const DARK = "a0172b5d-cff0-463b-83bb-85124697373a";
const VERIFICATION = "e7d009ce-8d47-4528-b245-5bf119f2ffa3";
const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";

const ownServer = { isShared: false, provider: "smtp", host: "127.0.0.1", port: 2525, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" };

const brandTheme = `import { Html, Body, Container } from "@react-email/components";
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return <Html><Body style={{ backgroundColor: "#ff6600" }}><Container>brand-theme {children}</Container></Body></Html>;
}`;

const newsletter = `import { type } from "arktype";
import { Subject, NotificationCategory } from "@latchkey/emails";
export const variablesSchema = type({ issue: "number" });
export function EmailTemplate({ project, variables }: any) {
  return <><Subject value={"News from " + project.displayName + " #" + variables.issue} /><NotificationCategory value="Marketing" /><p>Issue {variables.issue} is out.</p></>;
}
EmailTemplate.PreviewVariables = { issue: 7 };`;

// A generous render deadline: these tests are about behaviour, on a machine that may be busy (the
// deadline itself is the renderer's tests' business, and the looping template below keeps the default).
const RELAXED = { emailRenderTimeoutMs: 15_000 };

describe.each(testDialects)("e-mail templates, themes and drafts on %s", { timeout: 120_000 }, (dialect) => {
  async function admin(lk: TestInstance, override: Record<string, unknown> = { "emails.server": ownServer }) {
    const project = await lk.createProject({ displayName: "Acme", configOverride: override });
    const call = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) => lk.call(method, path, { access: "admin", project, ...(body !== undefined && { body }) });
    return { project, call };
  }

  it("round-trips a custom theme and template: create, edit, list, preview", async () => {
    await using lk = await createTestInstance(dialect, RELAXED);
    const { call } = await admin(lk);

    const themes = await call("GET", "/internal/email-themes");
    expect(themes.status, themes.text).toBe(200);
    expect(themes.body.themes).toEqual(expect.arrayContaining([{ id: LIGHT, display_name: "Default Light" }, { id: DARK, display_name: "Default Dark" }]));

    const theme = await call("POST", "/internal/email-themes", { display_name: "Brand" });
    expect(theme.status, theme.text).toBe(200);
    const themeId: string = theme.body.id;
    const fresh = await call("GET", `/internal/email-themes/${themeId}`);
    expect(fresh.body.display_name).toBe("Brand");
    expect(fresh.body.tsx_source).toContain("export function EmailTheme");

    const edited = await call("PATCH", `/internal/email-themes/${themeId}`, { tsx_source: brandTheme });
    expect([edited.status, edited.body]).toEqual([200, { display_name: "Brand" }]);
    expect((await call("GET", `/internal/email-themes/${themeId}`)).body).toEqual({ display_name: "Brand", tsx_source: brandTheme });

    const template = await call("POST", "/internal/email-templates", { display_name: "Newsletter" });
    expect(template.status, template.text).toBe(200);
    const templateId: string = template.body.id;
    const saved = await call("PATCH", `/internal/email-templates/${templateId}`, { tsx_source: newsletter, theme_id: themeId });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.rendered_html).toContain("brand-theme");
    expect(saved.body.rendered_html).toContain("Issue <!-- -->7<!-- --> is out.");

    const list = await call("GET", "/internal/email-templates");
    expect(list.body.templates).toContainEqual({ id: templateId, display_name: "Newsletter", tsx_source: newsletter, theme_id: themeId });
    const builtIn = list.body.templates.find((t: { id: string }) => t.id === VERIFICATION);
    expect(builtIn).toMatchObject({ display_name: "Email Verification" });
    expect(builtIn).not.toHaveProperty("theme_id");

    const preview = await call("POST", "/emails/render-email", { template_id: templateId });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({ html: expect.stringContaining("brand-theme"), subject: "News from Acme #7", notification_category: "Marketing" });

    // theme_id false on the template: rendered without a theme from then on
    expect((await call("PATCH", `/internal/email-templates/${templateId}`, { tsx_source: newsletter, theme_id: false })).status).toBe(200);
    const bare = await call("POST", "/emails/render-email", { template_id: templateId });
    expect(bare.body.html).not.toContain("brand-theme");
    expect((await call("GET", "/internal/email-templates")).body.templates).toContainEqual(expect.objectContaining({ id: templateId, theme_id: false }));
  });

  it("renders every input variant of render-email", async () => {
    await using lk = await createTestInstance(dialect, RELAXED);
    const { call } = await admin(lk);
    const theme = (await call("POST", "/internal/email-themes", { display_name: "Brand" })).body.id as string;
    await call("PATCH", `/internal/email-themes/${theme}`, { tsx_source: brandTheme });

    const byIds = await call("POST", "/emails/render-email", { template_id: VERIFICATION, theme_id: DARK });
    expect(byIds.status, byIds.text).toBe(200);
    expect(byIds.body.subject).toBe("Verify your email at Acme");
    expect(byIds.body.html).toContain("background-color:rgb(22,24,29)");
    expect(byIds.body.html).toContain("https://example.com/verify?code=preview");

    const idAndThemeSource = await call("POST", "/emails/render-email", { template_id: VERIFICATION, theme_tsx_source: brandTheme });
    expect(idAndThemeSource.body.html).toContain("brand-theme");

    const sourceAndThemeId = await call("POST", "/emails/render-email", { template_tsx_source: newsletter, theme_id: theme });
    expect(sourceAndThemeId.body).toMatchObject({ subject: "News from Acme #7", notification_category: "Marketing" });
    expect(sourceAndThemeId.body.html).toContain("brand-theme");

    const sources = await call("POST", "/emails/render-email", { template_tsx_source: newsletter, theme_tsx_source: brandTheme });
    expect(sources.body.html).toContain("brand-theme");

    // No theme given, or null: the project's selected theme (light); false: none.
    expect((await call("POST", "/emails/render-email", { template_tsx_source: newsletter })).body.html).toContain("background-color:rgb(244,245,247)");
    expect((await call("POST", "/emails/render-email", { template_tsx_source: newsletter, theme_id: null })).body.html).toContain("background-color:rgb(244,245,247)");
    const none = await call("POST", "/emails/render-email", { template_tsx_source: newsletter, theme_id: false });
    expect(none.body.html).not.toContain("rgb(244,245,247)");
    expect(none.body.html).toContain("is out.");

    const oneTemplate = { message: "Exactly one of template_id or template_tsx_source must be provided" };
    expectKnownError(await call("POST", "/emails/render-email", {}), 400, "SCHEMA_ERROR", oneTemplate);
    expectKnownError(await call("POST", "/emails/render-email", { template_id: VERIFICATION, template_tsx_source: newsletter }), 400, "SCHEMA_ERROR", oneTemplate);
    expectKnownError(await call("POST", "/emails/render-email", { template_id: VERIFICATION, theme_id: DARK, theme_tsx_source: brandTheme }), 400, "SCHEMA_ERROR", {
      message: "At most one of theme_id or theme_tsx_source may be provided",
    });
    expectStatusError(await call("POST", "/emails/render-email", { template_id: missingId }), 400, "renderTemplateNotFound");
  });

  it("answers EMAIL_RENDERING_ERROR for sources that fail, and keeps the saved ones", async () => {
    await using lk = await createTestInstance(dialect, RELAXED);
    const { call } = await admin(lk);

    const throwing = await call("POST", "/emails/render-email", { template_tsx_source: "export function EmailTemplate() { throw new Error('boom'); }" });
    expect(throwing.status).toBe(400);
    expect(throwing.body.code).toBe("EMAIL_RENDERING_ERROR");
    expect(throwing.body.details.error).toContain("boom");

    const noSubject = await call("PATCH", `/internal/email-templates/${VERIFICATION}`, { tsx_source: "export function EmailTemplate() { return <p>hi</p>; }" });
    expect([noSubject.status, noSubject.body.code]).toEqual([400, "EMAIL_RENDERING_ERROR"]);
    expect(noSubject.body.details.error).toContain("<Subject");
    const noCategory = await call("PATCH", `/internal/email-templates/${VERIFICATION}`, {
      tsx_source: `import { Subject } from "@latchkey/emails";\nexport function EmailTemplate() { return <Subject value="x" />; }`,
    });
    expect(noCategory.body.details.error).toContain("<NotificationCategory");
    const template = (await call("GET", "/internal/email-templates")).body.templates.find((t: { id: string }) => t.id === VERIFICATION);
    expect(template.tsx_source).toContain("emailVerificationLink");

    const badTheme = await call("PATCH", `/internal/email-themes/${LIGHT}`, { tsx_source: "export const nothing = 1;" });
    expect([badTheme.status, badTheme.body.code]).toEqual([400, "EMAIL_RENDERING_ERROR"]);
    expect((await call("GET", `/internal/email-themes/${LIGHT}`)).body.tsx_source).toContain("export function EmailTheme");
  });

  it("stops a looping template at the server's render deadline", async () => {
    await using lk = await createTestInstance(dialect, { emailRenderTimeoutMs: 1000 });
    const { call } = await admin(lk);
    await emailRenderer(lk.deps).whenReady(); // a cold pool's start is not the render's deadline
    // The message names the deadline that stopped it (no wall-clock bound: a loaded machine may answer late).
    const looping = await call("POST", "/emails/render-email", { template_tsx_source: "export function EmailTemplate() { while (true) {} }" });
    expect([looping.status, looping.body.code, looping.body.details]).toEqual([400, "EMAIL_RENDERING_ERROR", { error: "Rendering timed out after 1000 ms" }]);
  });

  it("needs the project's own e-mail server to edit templates, and names unknown ids", async () => {
    await using lk = await createTestInstance(dialect, RELAXED);
    const { call } = await admin(lk, {});
    expectKnownError(await call("PATCH", `/internal/email-templates/${VERIFICATION}`, { tsx_source: newsletter }), 400, "REQUIRES_CUSTOM_EMAIL_SERVER");
    const own = await admin(lk);
    expectStatusError(await own.call("PATCH", `/internal/email-templates/${missingId}`, { tsx_source: newsletter }), 404, "emailTemplateNotFound");
    expectStatusError(await own.call("GET", `/internal/email-themes/${missingId}`), 404, "emailThemeNotFound");
    expectStatusError(await own.call("PATCH", `/internal/email-themes/${missingId}`, { tsx_source: brandTheme }), 404, "emailThemeNotFound");
    expectStatusError(await own.call("GET", `/internal/email-drafts/${missingId}`), 404, "emailDraftNotFound");
    expectStatusError(await own.call("PATCH", `/internal/email-drafts/${missingId}`, { display_name: "x" }), 404, "emailDraftNotFound");
  });

  it("keeps drafts: create, read, list, edit", async () => {
    await using lk = await createTestInstance(dialect, RELAXED);
    const { call } = await admin(lk);

    const blank = await call("POST", "/internal/email-drafts", { display_name: "Launch" });
    expect(blank.status, blank.text).toBe(200);
    const first = await call("GET", `/internal/email-drafts/${blank.body.id}`);
    expect(first.body).toMatchObject({ id: blank.body.id, display_name: "Launch", sent_at_millis: null });
    expect(first.body).not.toHaveProperty("theme_id");
    expect(first.body.tsx_source).toContain("export function EmailTemplate");

    lk.clock.advance(1000);
    const themed = await call("POST", "/internal/email-drafts", { display_name: "Plain", theme_id: false, tsx_source: newsletter });
    const listed = await call("GET", "/internal/email-drafts");
    expect(listed.body.drafts.map((d: { display_name: string }) => d.display_name)).toEqual(["Plain", "Launch"]);
    expect(listed.body.drafts[0]).toEqual({ id: themed.body.id, display_name: "Plain", tsx_source: newsletter, theme_id: false, sent_at_millis: null });

    const edit = await call("PATCH", `/internal/email-drafts/${blank.body.id}`, { display_name: "Launch day", theme_id: DARK, tsx_source: newsletter });
    expect([edit.status, edit.body]).toEqual([200, { ok: "ok" }]);
    expect((await call("GET", `/internal/email-drafts/${blank.body.id}`)).body).toMatchObject({ display_name: "Launch day", theme_id: DARK, tsx_source: newsletter });
    await call("PATCH", `/internal/email-drafts/${blank.body.id}`, { theme_id: null });
    expect((await call("GET", `/internal/email-drafts/${blank.body.id}`)).body).not.toHaveProperty("theme_id");

    // Another project sees none of them.
    const other = await admin(lk);
    expect((await other.call("GET", "/internal/email-drafts")).body.drafts).toEqual([]);
    expectStatusError(await other.call("GET", `/internal/email-drafts/${blank.body.id}`), 404, "emailDraftNotFound");
  });

  it("is for admins only", async () => {
    await using lk = await createTestInstance(dialect, RELAXED);
    const { project } = await admin(lk);
    const asServer = await lk.call("GET", "/internal/email-templates", { access: "server", project: project as ProjectCredentials });
    expect(asServer.status).toBe(401);
  });
});
