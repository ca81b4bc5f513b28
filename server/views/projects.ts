/** Projects as clients see them (id, name, the client config) and as admins do (everything but secrets). */
import type { z } from "zod";
import type { adminProject, clientProject } from "../../contract/projects.js";
import type { ProjectRow } from "../db/queries/projects.js";
import { toAdminProjectConfig, toClientProjectConfig } from "../services/config/index.js";
import { renderProjectConfig } from "../services/config/project-config.js";

export function projectToClientJson(project: ProjectRow): z.input<typeof clientProject> {
  return { id: project.id, display_name: project.displayName, config: toClientProjectConfig(renderProjectConfig(project)) };
}

export function projectToAdminJson(project: ProjectRow): z.input<typeof adminProject> {
  return {
    id: project.id,
    display_name: project.displayName,
    description: project.description,
    logo_url: project.logoUrl,
    full_logo_url: project.fullLogoUrl,
    created_at_millis: project.createdAt.getTime(),
    is_production_mode: project.isProductionMode,
    owner_team_id: project.ownerTeamId,
    config: toAdminProjectConfig(renderProjectConfig(project)),
  };
}
