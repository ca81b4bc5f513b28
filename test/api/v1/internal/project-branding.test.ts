/**
 * The branding setting (issue 37 item 5): `config.branding` of the admin project (primary colour as
 * #rrggbb, logo for dark backgrounds) through the legacy update and through a config override, each
 * refusing malformed values on the field; and the logo route that serves data-URL logos to mail clients.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

// A 1×1 PNG; the dark one differs by a byte of its data.
const PNG_LIGHT = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const SVG_DARK = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fff"/></svg>').toString("base64")}`;

const adminGet = (lk: TestInstance, project: ProjectCredentials) => lk.call("GET", "/internal/projects/current", { access: "admin", project });
const adminPatch = (lk: TestInstance, project: ProjectCredentials, body: unknown) => lk.call("PATCH", "/internal/projects/current", { access: "admin", project, body });
const override = (lk: TestInstance, project: ProjectCredentials, value: Record<string, unknown>) =>
  lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify(value) } });

/** The validation message of a refused body, which names the field. */
function refusal(res: ApiResponse): string {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe("SCHEMA_ERROR");
  return res.body.details.message as string;
}

describe.each(testDialects)("project branding on %s", (dialect) => {
  it("starts with no colour and no dark logo, saves both, and null brings the default back", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    expect((await adminGet(lk, project)).body.config.branding).toEqual({ primary_color: null, dark_logo_url: null });

    const saved = await adminPatch(lk, project, { config: { branding: { primary_color: "#7C3AED", dark_logo_url: SVG_DARK } } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.config.branding).toEqual({ primary_color: "#7C3AED", dark_logo_url: SVG_DARK });
    const tree = JSON.parse((await lk.call("GET", "/internal/config", { access: "admin", project })).body.config_string);
    expect(tree.branding).toEqual({ primaryColor: "#7C3AED", darkLogoUrl: SVG_DARK });

    // One field at a time: the other keeps its value.
    const colourOnly = await adminPatch(lk, project, { config: { branding: { primary_color: null } } });
    expect(colourOnly.body.config.branding).toEqual({ primary_color: null, dark_logo_url: SVG_DARK });
  });

  it("refuses a colour that is not #rrggbb and a logo that is neither https nor an image data URL, naming the field", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    for (const colour of ["red", "#12345", "#1234567", "#12345g", "7c3aed", ""]) {
      const message = refusal(await adminPatch(lk, project, { config: { branding: { primary_color: colour } } }));
      expect(message).toContain("body.config.branding.primary_color must be a colour written as #rrggbb");
    }
    for (const logo of ["http://example.com/logo.png", "javascript:alert(1)", "data:text/html;base64,PGI+", "logo.png"]) {
      const message = refusal(await adminPatch(lk, project, { config: { branding: { dark_logo_url: logo } } }));
      expect(message).toContain("body.config.branding.dark_logo_url must be an https URL or a base64 data URL of a PNG, JPEG, WebP or SVG image");
    }
    expect(refusal(await adminPatch(lk, project, { config: { branding: { accent: "#000000" } } }))).toMatch(/branding/);
    expect((await adminGet(lk, project)).body.config.branding).toEqual({ primary_color: null, dark_logo_url: null });
  });

  it("takes branding through a config override too, with the same rules", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const bad = await override(lk, project, { "branding.primaryColor": "blue" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("#rrggbb");
    const good = await override(lk, project, { "branding.primaryColor": "#0f766e", "branding.darkLogoUrl": "https://cdn.example.com/logo-white.svg" });
    expect(good.status, good.text).toBe(200);
    expect((await adminGet(lk, project)).body.config.branding).toEqual({ primary_color: "#0f766e", dark_logo_url: "https://cdn.example.com/logo-white.svg" });
  });

  it("serves data-URL logos at absolute URLs for mail clients, the dark one falling back to the light one", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const get = (path: string) => lk.app.request(path);
    expect((await get(`/project-logos/${project.id}/light`)).status).toBe(404);

    expect((await adminPatch(lk, project, { logo_url: PNG_LIGHT })).status).toBe(200);
    for (const variant of ["light", "dark"]) {
      const res = await get(`/project-logos/${project.id}/${variant}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(PNG_LIGHT.split(",")[1]!, "base64"));
    }
    expect((await adminPatch(lk, project, { config: { branding: { dark_logo_url: SVG_DARK } } })).status).toBe(200);
    const dark = await get(`/project-logos/${project.id}/dark`);
    expect(dark.headers.get("content-type")).toBe("image/svg+xml");
    expect(dark.headers.get("content-security-policy")).toContain("sandbox");
    expect((await get(`/project-logos/${project.id}/sideways`)).status).toBe(404);
    expect((await get("/project-logos/no-such-project/light")).status).toBe(404);
  });
});
