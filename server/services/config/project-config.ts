/** A project's effective configuration: its stored override rendered over the defaults. */
import type { ProjectRow } from "../../db/queries/projects.js";
import { deepFreeze } from "../../deep-freeze.js";
import { renderConfig } from "./render.js";
import type { RenderedConfig } from "./tree-schema.js";

/**
 * Project rows are never mutated (a change reads a new row), so each one renders once; the rendered
 * config is shared by every request reading this row (the request context exposes it as
 * `ctx.projectConfig`), so it is frozen.
 */
const rendered = new WeakMap<ProjectRow, RenderedConfig>();

export function renderProjectConfig(project: ProjectRow): RenderedConfig {
  let config = rendered.get(project);
  if (!config) {
    config = deepFreeze(renderConfig(project.configOverride));
    rendered.set(project, config);
  }
  return config;
}
