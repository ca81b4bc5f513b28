/**
 * A project's branding as the hosted pages and the e-mails show it: its name, its logo for light
 * backgrounds (the project's `logo_url`), its logo for dark backgrounds (`branding.darkLogoUrl`, else the
 * light one) and its primary colour (`branding.primaryColor`). Logos given as data URLs are served from
 * this server (http/project-logo-route.ts), so every logo URL here is absolute and loads in a mail client.
 */
import { createHash } from "node:crypto";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import type { RenderedConfig } from "../config/index.js";
import { renderProjectConfig } from "../config/project-config.js";

/** What branding is read from: a project row with its rendered config (see `brandedProject`), or the e-mails' project. */
export interface BrandedProject {
  id: string;
  displayName: string;
  /** The project's `logo_url` (light backgrounds). */
  logoUrl?: string | null;
  config: RenderedConfig;
}

export function brandedProject(row: ProjectRow): BrandedProject {
  return { id: row.id, displayName: row.displayName, logoUrl: row.logoUrl, config: renderProjectConfig(row) };
}

export type LogoVariant = "light" | "dark";

export const PROJECT_LOGO_PATH = "/project-logos";

export interface Branding {
  name: string;
  /** Absolute URL of the logo for light backgrounds, or null. */
  logoUrl: string | null;
  /** Absolute URL of the logo for dark backgrounds (the light one when the project has no dark one), or null. */
  darkLogoUrl: string | null;
  /** `#rrggbb`, or null for the product's own colours. */
  primaryColor: string | null;
}

/** The logo of a variant as the project stores it (an https URL or a data URL), or null. */
export function storedLogo(project: BrandedProject, variant: LogoVariant): string | null {
  if (variant === "dark") {
    const dark = project.config.branding?.darkLogoUrl;
    if (dark) return dark;
  }
  return project.logoUrl || null;
}

/** A URL the browser or the mail client can load: http(s) URLs as they are, data URLs through this server. */
function publicLogoUrl(deps: Pick<AppDeps, "config">, project: BrandedProject, variant: LogoVariant, stored: string | null): string | null {
  if (stored === null) return null;
  if (/^https?:\/\//i.test(stored)) return stored;
  if (!stored.startsWith("data:image/")) return null;
  // The version changes with the image, so the URL may be cached for long.
  const version = createHash("sha256").update(stored).digest("base64url").slice(0, 12);
  return `${deps.config.publicUrl.replace(/\/+$/, "")}${PROJECT_LOGO_PATH}/${encodeURIComponent(project.id)}/${variant}?v=${version}`;
}

export function projectBranding(deps: Pick<AppDeps, "config">, project: BrandedProject): Branding {
  return {
    name: project.displayName,
    logoUrl: publicLogoUrl(deps, project, "light", storedLogo(project, "light")),
    darkLogoUrl: publicLogoUrl(deps, project, "dark", storedLogo(project, "dark")),
    primaryColor: project.config.branding?.primaryColor ?? null,
  };
}
