/** The branding setting in the SDK's admin project (issue 37 item 5): read as camelCase, written as the wire's snake_case. */
import { describe, expect, it } from "vitest";
import { adminProjectJson } from "../../test-support/fake-server.js";
import { createAdminProject, projectUpdateBody } from "./admin-project.js";
import type { AppContext } from "../context.js";

describe("admin project branding", () => {
  it("writes only the branding fields given, null included", () => {
    expect(projectUpdateBody({ config: { branding: { primaryColor: "#7c3aed" } } })).toEqual({ config: { branding: { primary_color: "#7c3aed" } } });
    expect(projectUpdateBody({ config: { branding: { primaryColor: null, darkLogoUrl: "https://cdn.example.com/white.svg" } } }))
      .toEqual({ config: { branding: { primary_color: null, dark_logo_url: "https://cdn.example.com/white.svg" } } });
  });

  it("reads the project's branding", () => {
    const json = adminProjectJson("p1", "Shop");
    const project = createAdminProject({ admin: {} } as unknown as AppContext, { ...json, config: { ...json.config, branding: { primary_color: "#0f766e", dark_logo_url: null } } } as Parameters<typeof createAdminProject>[1]);
    expect(project.config.branding).toEqual({ primaryColor: "#0f766e", darkLogoUrl: null });
  });
});
