/**
 * The project's branding in the default e-mail themes (issue 37 item 5): the light theme shows the
 * project's logo and name above the content, the dark theme its dark logo; logos stored as data URLs are
 * linked at absolute URLs under the public URL (mail clients refuse data URLs); the primary colour draws
 * the band above the content and the button, whose text is white or black for contrast.
 */
import { describe, expect, it } from "vitest";
import type { AppDeps } from "../../deps.js";
import { renderConfig } from "../config/index.js";
import { createMetrics } from "../metrics.js";
import { composeEmail, type EmailProject } from "./compose.js";
import { BUILT_IN_TEMPLATE_IDS, DEFAULT_DARK_THEME_ID, DEFAULT_LIGHT_THEME_ID } from "./render/defaults/index.js";

const metrics = createMetrics({ outboxPending: () => Promise.resolve([]), now: () => Date.now() }, { processMetrics: false });
const deps = { metrics, config: { emailRenderTimeoutMs: 15_000, publicUrl: "https://auth.acme.test" } } as unknown as AppDeps;
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const verification = { kind: "template", templateId: BUILT_IN_TEMPLATE_IDS.emailVerification, variables: { emailVerificationLink: "https://app.acme.test/verify?code=abc" } } as const;

const project = (override: Record<string, unknown>, logoUrl: string | null = PNG): EmailProject => ({
  id: "branded-mail",
  displayName: "Acme Rockets",
  logoUrl,
  config: renderConfig(override),
});

/** The `src` of the mail's images. */
const imageSources = (html: string) => [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("branding in the default e-mail themes", { timeout: 120_000 }, () => {
  it("shows the logo at an absolute URL, the name and the primary colour in the light theme", async () => {
    const mail = await composeEmail(deps, project({ "branding.primaryColor": "#7c3aed" }), { ...verification, themeId: DEFAULT_LIGHT_THEME_ID });
    const [logo, ...others] = imageSources(mail.html);
    expect(others).toEqual([]);
    expect(logo).toMatch(/^https:\/\/auth\.acme\.test\/project-logos\/branded-mail\/light\?v=[A-Za-z0-9_-]{12}$/);
    expect(mail.html).toContain("Acme Rockets");
    expect(mail.html).toMatch(/border-top:4px solid #7c3aed/);
    // The button in the brand colour with white text (black would not read on violet).
    expect(mail.html).toMatch(/background-color:#7c3aed;color:#ffffff/);
  });

  it("shows the dark logo in the dark theme and picks black text on a light brand colour", async () => {
    const dark = "https://cdn.acme.test/logo-white.svg";
    const mail = await composeEmail(deps, project({ "branding.primaryColor": "#facc15", "branding.darkLogoUrl": dark }), { ...verification, themeId: DEFAULT_DARK_THEME_ID });
    expect(imageSources(mail.html)).toEqual([dark]);
    expect(mail.html).toMatch(/background-color:#facc15;color:#000000/);
  });

  it("keeps the product's colours and shows the name alone without branding", async () => {
    const mail = await composeEmail(deps, project({}, null), { ...verification, themeId: DEFAULT_LIGHT_THEME_ID });
    expect(imageSources(mail.html)).toEqual([]);
    expect(mail.html).toContain("Acme Rockets");
    expect(mail.html).toMatch(/background-color:#2563eb;color:#ffffff/);
  });
});
