/**
 * Serves a project's logo at `/project-logos/«project id»/light|dark` when the project stores it as a
 * data URL (services/branding/branding.ts links here), so that mail clients, which refuse data URLs, can
 * load it. The logo is public, as the sign-in page that shows it is. The answer is only ever an image
 * (no sniffing, a policy under which nothing runs, SVG included, even when opened as a document).
 */
import type { Context } from "hono";
import type { AppDeps } from "../deps.js";
import { brandedProject, storedLogo, type LogoVariant } from "../services/branding/branding.js";
import { IMAGE_CONTENT_SECURITY_POLICY } from "./storage-route.js";

const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/;
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function projectLogoHandler(deps: AppDeps) {
  return async function projectLogo(c: Context): Promise<Response> {
    const projectId = c.req.param("projectId") ?? "";
    const variant = c.req.param("variant");
    const project = PROJECT_ID.test(projectId) && (variant === "light" || variant === "dark") ? await deps.queries.projects.find(projectId) : undefined;
    const match = project ? DATA_URL.exec(storedLogo(brandedProject(project), variant as LogoVariant) ?? "") : null;
    if (!match) return c.text("Not found", 404, { "cache-control": "no-store, max-age=0", "content-security-policy": IMAGE_CONTENT_SECURITY_POLICY });
    const bytes = Buffer.from(match[2]!, "base64");
    return c.body(bytes, 200, {
      "content-type": match[1]!,
      "content-length": String(bytes.length),
      // Links carry the image's version (`?v=`); a day keeps a stale link from showing an old logo for long.
      "cache-control": "public, max-age=86400",
      "content-security-policy": IMAGE_CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      "cross-origin-resource-policy": "cross-origin",
    });
  };
}
