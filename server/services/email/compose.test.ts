import { describe, expect, it } from "vitest";
import { StatusError } from "../../errors.js";
import type { AppDeps } from "../../deps.js";
import { renderConfig } from "../config/index.js";
import { createMetrics } from "../metrics.js";
import { composeEmail, type EmailProject } from "./compose.js";
import { BUILT_IN_TEMPLATE_IDS, DEFAULT_DARK_THEME_ID } from "./render/defaults/index.js";

// No database is needed but for drafts (covered over HTTP); the deadline is generous for busy machines.
const metrics = createMetrics({ outboxPending: () => Promise.resolve([]), now: () => Date.now() }, { processMetrics: false });
const deps = { metrics, config: { emailRenderTimeoutMs: 15_000 } } as unknown as AppDeps;
const greetingId = "5f0c8a34-6d1e-4f59-9a3c-0b7e2d4c1a99";
const greeting = `import { type } from "arktype";
import { Subject, NotificationCategory } from "@latchkey/emails";
export const variablesSchema = type({ "locale?": "string", "name?": "string" });
export function EmailTemplate({ user, variables }: any) {
  const hello = variables.locale?.startsWith("de") ? "Hallo" : "Hello";
  return <><Subject value={hello + " " + user.displayName} /><NotificationCategory value="Marketing" /><p>{hello} {variables.name ?? "there"}</p></>;
}`;
const project: EmailProject = {
  id: "compose-test",
  displayName: "Acme",
  config: renderConfig({ [`emails.templates.${greetingId}`]: { displayName: "Greeting", tsxSource: greeting, themeId: DEFAULT_DARK_THEME_ID } }),
};

describe("composeEmail", { timeout: 120_000 }, () => {
  it("renders a template with its variables, the recipient's name and locale, in the template's theme", async () => {
    const mail = await composeEmail(deps, project, { kind: "template", templateId: greetingId, variables: { name: "Ada" }, recipient: { displayName: "Ada L", locale: "de-CH" } });
    expect(mail).toMatchObject({ subject: "Hallo Ada L", notificationCategory: "Marketing" });
    expect(mail.text).toContain("Hallo Ada");
    expect(mail.html).toContain("background-color:rgb(22,24,29)");
  });

  it("lets the caller pick the theme (none with false or null) and the subject", async () => {
    const none = await composeEmail(deps, project, { kind: "template", templateId: greetingId, themeId: false, subject: "Custom" });
    expect(none.subject).toBe("Custom");
    expect(none.html).not.toContain("rgb(22,24,29)");
    expect((await composeEmail(deps, project, { kind: "template", templateId: greetingId, themeId: null })).html).not.toContain("rgb(22,24,29)");
    // An id the project does not have means its selected theme (light).
    const unknown = await composeEmail(deps, project, { kind: "template", templateId: greetingId, themeId: "0b6f5c3e-1d2a-4c8e-9f00-123456789abc" });
    expect(unknown.html).toContain("background-color:rgb(244,245,247)");
  });

  it("renders raw HTML in the selected theme with the unsubscribe link, the project's name as the default subject", async () => {
    const mail = await composeEmail(deps, project, { kind: "html", html: "<p>Big <b>news</b></p>", recipient: { unsubscribeLink: "https://acme.test/unsub?code=1" } });
    expect(mail).toMatchObject({ subject: "Acme", notificationCategory: "Transactional" });
    expect(mail.html).toContain("<p>Big <b>news</b></p>");
    expect(mail.html).toContain('href="https://acme.test/unsub?code=1"');
    expect(mail.text).toContain("Big news");
  });

  it("renders the built-in templates by id", async () => {
    const mail = await composeEmail(deps, project, { kind: "template", templateId: BUILT_IN_TEMPLATE_IDS.passwordReset, variables: { passwordResetLink: "https://acme.test/r?code=9" } });
    expect(mail.subject).toBe("Reset your password at Acme");
    expect(mail.text).toContain("https://acme.test/r?code=9");
  });

  it("answers send-email's error for a template the project does not have, and EMAIL_RENDERING_ERROR for bad variables", async () => {
    const missing = await composeEmail(deps, project, { kind: "template", templateId: "0b6f5c3e-1d2a-4c8e-9f00-123456789abc" }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(StatusError);
    expect((missing as StatusError).errorName).toBe("sendEmailTemplateNotFound");
    await expect(composeEmail(deps, project, { kind: "template", templateId: BUILT_IN_TEMPLATE_IDS.passwordReset, variables: {} })).rejects.toMatchObject({ code: "EMAIL_RENDERING_ERROR" });
  });
});
