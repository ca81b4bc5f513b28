import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailRenderer, type EmailRenderer } from "../index.js";
import { DARK_THEME_TSX, DEFAULT_TEMPLATES, DEFAULT_THEMES, EMAIL_VERIFICATION_TEMPLATE_TSX, LIGHT_THEME_TSX, NO_THEME_TSX, STARTER_TEMPLATE_TSX, templateFromHtml } from "./index.js";

let renderer: EmailRenderer;

beforeAll(async () => {
  renderer = createEmailRenderer({ poolSize: 1, timeoutMs: 5000 });
  await renderer.whenReady();
});

afterAll(() => renderer.close());

const verification = {
  projectId: "defaults",
  templateTsx: EMAIL_VERIFICATION_TEMPLATE_TSX,
  user: { displayName: "Grace" },
  project: { displayName: "Acme" },
  variables: { emailVerificationLink: "https://acme.test/verify?code=abc" },
};

describe("built-in themes and templates", () => {
  it.each([
    ["light", LIGHT_THEME_TSX, "background-color:rgb(244,245,247)"],
    ["dark", DARK_THEME_TSX, "background-color:rgb(22,24,29)"],
  ])("renders the verification e-mail with the %s theme", async (_name, themeTsx, background) => {
    const email = await renderer.render({ ...verification, themeTsx, unsubscribeLink: "https://acme.test/unsub" });
    expect(email.subject).toBe("Verify your email at Acme");
    expect(email.notificationCategory).toBe("Transactional");
    expect(email.html).toContain(background);
    expect(email.html).toContain('href="https://acme.test/verify?code=abc"');
    expect(email.html).toContain('href="https://acme.test/unsub"');
    expect(email.html).not.toMatch(/class="/);
    expect(email.text).toContain("Hi Grace,\n\nPlease confirm that this address is yours to finish signing up to Acme.");
    expect(email.text).toContain("Verify e-mail https://acme.test/verify?code=abc");
  });

  it("previews with the template's and theme's preview values", async () => {
    const email = await renderer.render({ projectId: "defaults", themeTsx: LIGHT_THEME_TSX, templateTsx: EMAIL_VERIFICATION_TEMPLATE_TSX, previewMode: true });
    expect(email.subject).toBe("Verify your email at My Project");
    expect(email.html).toContain("https://example.com/verify?code=preview");
    expect(email.html).toContain("https://example.com/unsubscribe");
  });

  it("renders raw HTML without a theme", async () => {
    const email = await renderer.render({ projectId: "defaults", themeTsx: NO_THEME_TSX, templateTsx: templateFromHtml("<p>Hello <b>there</b></p>") });
    expect(email.html).toContain("<div><p>Hello <b>there</b></p></div>");
    expect(email.text).toBe("Hello there");
    expect(email.subject).toBeUndefined();
  });

  it.each(Object.entries(DEFAULT_TEMPLATES))("previews the built-in template %s in every built-in theme", async (_id, template) => {
    for (const theme of Object.values(DEFAULT_THEMES)) {
      const email = await renderer.render({ projectId: "defaults", themeTsx: theme.tsxSource, templateTsx: template.tsxSource, previewMode: true });
      expect(email.subject).toMatch(/My Project/);
      expect(email.notificationCategory).toBe("Transactional");
      expect(email.text).toContain("Hi John Doe,");
      expect(email.html).not.toMatch(/\{(project|user|team|what|when)\}/);
    }
  });

  it("renders the starter template of new templates and drafts", async () => {
    const email = await renderer.render({ projectId: "defaults", themeTsx: LIGHT_THEME_TSX, templateTsx: STARTER_TEMPLATE_TSX, user: { displayName: "Ada" }, project: { displayName: "Acme" } });
    expect(email.subject).toBe("A message from Acme");
    expect(email.text).toContain("HELLO ADA!");
  });
});
