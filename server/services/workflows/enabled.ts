/** A project's enabled workflows, read from its rendered config (in memory: no query). */
import type { ProjectRow } from "../../db/queries/projects.js";
import { renderProjectConfig } from "../config/project-config.js";

export interface EnabledWorkflow {
  id: string;
  tsSource: string;
}

export function enabledWorkflows(project: ProjectRow): EnabledWorkflow[] {
  const available = renderProjectConfig(project).workflows.availableWorkflows;
  return Object.entries(available)
    .filter(([, workflow]) => workflow.enabled && workflow.tsSource.trim() !== "")
    .map(([id, workflow]) => ({ id, tsSource: workflow.tsSource }));
}
