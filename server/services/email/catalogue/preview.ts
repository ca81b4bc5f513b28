/**
 * Preview renders for the admin endpoints: a template or theme source rendered in preview mode (the
 * template's PreviewVariables, the theme's PreviewProps, the placeholder user, the project's name).
 */
import type { AppDeps } from "../../../deps.js";
import { knownError } from "../../../errors.js";
import type { RenderedEmail } from "../render/index.js";
import { STARTER_TEMPLATE_TSX } from "../render/defaults/index.js";
import type { EmailProject } from "../compose.js";
import { renderEmail } from "./renderer.js";
import { themeSource, type ThemeChoice } from "./themes.js";

export interface PreviewInput {
  templateTsx: string;
  /** Inline theme source; wins over `themeId`. */
  themeTsx?: string;
  themeId?: ThemeChoice;
  /** What is being previewed, for the render metric: the template (default) or the theme. */
  previewOf?: "template" | "theme";
}

export async function previewEmail(deps: Pick<AppDeps, "config" | "metrics">, project: EmailProject, input: PreviewInput): Promise<RenderedEmail> {
  return renderEmail(deps, input.previewOf ?? "template", {
    projectId: project.id,
    themeTsx: input.themeTsx ?? themeSource(project.config, input.themeId),
    templateTsx: input.templateTsx,
    project: { displayName: project.displayName },
    previewMode: true,
  });
}

/** A template to be saved must render and name its subject and notification category. */
export async function previewTemplateForSaving(deps: Pick<AppDeps, "config" | "metrics">, project: EmailProject, templateTsx: string, themeId: ThemeChoice): Promise<RenderedEmail> {
  const rendered = await previewEmail(deps, project, { templateTsx, themeId });
  if (rendered.subject === undefined) throw knownError("EMAIL_RENDERING_ERROR", { error: "The template must render a <Subject value=…/>" });
  if (rendered.notificationCategory === undefined) {
    throw knownError("EMAIL_RENDERING_ERROR", { error: "The template must render a <NotificationCategory value=…/>" });
  }
  return rendered;
}

/** A theme to be saved must render the starter template. */
export async function previewThemeForSaving(deps: Pick<AppDeps, "config" | "metrics">, project: EmailProject, themeTsx: string): Promise<RenderedEmail> {
  return previewEmail(deps, project, { templateTsx: STARTER_TEMPLATE_TSX, themeTsx, previewOf: "theme" });
}
