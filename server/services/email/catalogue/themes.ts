/**
 * E-mail themes and templates of a project: entries of its configuration (`emails.themes`,
 * `emails.templates`), the built-ins included (config defaults). Reads take the rendered config;
 * writes go through the config override, as every other config change does.
 */
import { randomUUID } from "node:crypto";
import type { RenderedConfig } from "../../config/index.js";
import type { AppDeps } from "../../../deps.js";
import { statusError } from "../../../errors.js";
import type { EventActor } from "../../events.js";
import { applyConfigOverride } from "../../projects.js";
import { DEFAULT_LIGHT_THEME_ID, DEFAULT_THEMES, NO_THEME_TSX, STARTER_TEMPLATE_TSX } from "../render/defaults/index.js";

export interface ThemeRecord {
  id: string;
  displayName: string;
  tsxSource: string;
}

export interface TemplateRecord {
  id: string;
  displayName: string;
  tsxSource: string;
  /** undefined: the project's selected theme; false: none. */
  themeId?: string | false;
}

/**
 * Which theme to render with: a theme id, `false`/`null` for none, undefined for the project's
 * selected theme. An id the project does not have falls back to the selected theme, as the reference
 * does; a selected theme that is gone falls back to the built-in light theme.
 */
export type ThemeChoice = string | false | null | undefined;

export function listThemes(config: RenderedConfig): ThemeRecord[] {
  return Object.entries(config.emails.themes).map(([id, theme]) => ({ id, displayName: theme.displayName, tsxSource: theme.tsxSource }));
}

export function findTheme(config: RenderedConfig, id: string): ThemeRecord | undefined {
  const theme = Object.hasOwn(config.emails.themes, id) ? config.emails.themes[id] : undefined;
  return theme && { id, displayName: theme.displayName, tsxSource: theme.tsxSource };
}

export function listTemplates(config: RenderedConfig): TemplateRecord[] {
  return Object.entries(config.emails.templates).map(([id, template]) => ({ id, ...template }));
}

export function findTemplate(config: RenderedConfig, id: string): TemplateRecord | undefined {
  const template = Object.hasOwn(config.emails.templates, id) ? config.emails.templates[id] : undefined;
  return template && { id, ...template };
}

/** The theme source a choice renders with (see ThemeChoice). */
export function themeSource(config: RenderedConfig, choice: ThemeChoice): string {
  if (choice === false || choice === null) return NO_THEME_TSX;
  const chosen = choice === undefined ? undefined : findTheme(config, choice);
  return (chosen ?? findTheme(config, config.emails.selectedThemeId) ?? { tsxSource: DEFAULT_THEMES[DEFAULT_LIGHT_THEME_ID]!.tsxSource }).tsxSource;
}

export async function createTheme(deps: AppDeps, projectId: string, displayName: string, actor: EventActor | null): Promise<string> {
  const id = randomUUID();
  const tsxSource = DEFAULT_THEMES[DEFAULT_LIGHT_THEME_ID]!.tsxSource;
  await applyConfigOverride(deps, projectId, { [`emails.themes.${id}`]: { displayName, tsxSource } }, actor);
  return id;
}

export async function updateThemeSource(deps: AppDeps, projectId: string, config: RenderedConfig, id: string, tsxSource: string, actor: EventActor | null): Promise<ThemeRecord> {
  const theme = findTheme(config, id);
  if (!theme) throw statusError("emailThemeNotFound");
  await applyConfigOverride(deps, projectId, { [`emails.themes.${id}.tsxSource`]: tsxSource }, actor);
  return { ...theme, tsxSource };
}

export async function createTemplate(deps: AppDeps, projectId: string, displayName: string, actor: EventActor | null): Promise<string> {
  const id = randomUUID();
  await applyConfigOverride(deps, projectId, { [`emails.templates.${id}`]: { displayName, tsxSource: STARTER_TEMPLATE_TSX } }, actor);
  return id;
}

/** Saves a template's source, and its theme when `themeId` is an id or false (null/undefined keep it). */
export async function updateTemplate(
  deps: AppDeps,
  projectId: string,
  id: string,
  change: { tsxSource: string; themeId?: string | false | null },
  actor: EventActor | null,
): Promise<void> {
  const patch: Record<string, unknown> = { [`emails.templates.${id}.tsxSource`]: change.tsxSource };
  if (change.themeId !== undefined && change.themeId !== null) patch[`emails.templates.${id}.themeId`] = change.themeId;
  await applyConfigOverride(deps, projectId, patch, actor);
}
