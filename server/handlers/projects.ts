import type * as c from "../../contract/projects.js";
import type { Handler } from "../http/handler.js";
import { deleteProject, projectToAdminJson, projectToClientJson, updateProject } from "../services/projects.js";

export const getCurrentProject: Handler<typeof c.getCurrentProject> = async (ctx) => projectToClientJson(ctx.auth.project);

export const getAdminProject: Handler<typeof c.getAdminProject> = async (ctx) => projectToAdminJson(ctx.auth.project);

export const updateAdminProject: Handler<typeof c.updateAdminProject> = async (ctx, { body }) =>
  projectToAdminJson(await updateProject(ctx.deps, ctx.auth.project.id, body));

export const deleteAdminProject: Handler<typeof c.deleteAdminProject> = async (ctx) => {
  await deleteProject(ctx.deps, ctx.auth.project.id);
  return { success: true };
};
