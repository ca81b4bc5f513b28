import type * as c from "../../contract/projects.js";
import { knownError } from "../../contract/known-error.js";
import { requireUser, type Auth } from "../http/auth.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { actorOf } from "./actor.js";
import { productionModeProblems } from "../services/production-mode.js";
import { createOwnedProject as createOwnedProjectRecord, deleteProject, INTERNAL_PROJECT_ID, transferProject as transfer, updateProject } from "../services/projects.js";
import { projectToAdminJson, projectToClientJson } from "../views/projects.js";

/** The signed-in user of the internal project (project owners manage their projects through it). */
function internalUser(auth: Auth) {
  if (auth.project.id !== INTERNAL_PROJECT_ID) throw knownError("EXPECTED_INTERNAL_PROJECT");
  return requireUser(auth);
}

const listOwnedProjects: Handler<typeof c.listOwnedProjects> = async (ctx) => {
  const { deps } = ctx;
  const user = internalUser(ctx.auth);
  const teamIds = await deps.queries.teams.teamIdsOfUser(INTERNAL_PROJECT_ID, user.user.id);
  const projects = await deps.queries.projects.listOwnedBy(teamIds);
  return { items: projects.map(projectToAdminJson), is_paginated: false };
};

const createOwnedProject: Handler<typeof c.createOwnedProject> = async (ctx, { body }) => {
  const { display_name, owner_team_id, config, ...rest } = body;
  const hasChanges = config !== undefined || Object.keys(rest).length > 0;
  const project = await createOwnedProjectRecord(ctx.deps, internalUser(ctx.auth).user, {
    displayName: display_name,
    ownerTeamId: owner_team_id,
    update: hasChanges ? { ...rest, config } : null,
  });
  return projectToAdminJson(project);
};

const getCurrentProject: Handler<typeof c.getCurrentProject> = async (ctx) => projectToClientJson(ctx.auth.project);

const getAdminProject: Handler<typeof c.getAdminProject> = async (ctx) => projectToAdminJson(ctx.auth.project);

const updateAdminProject: Handler<typeof c.updateAdminProject> = async (ctx, { body }) =>
  projectToAdminJson(await updateProject(ctx.deps, ctx.auth.project.id, body, undefined, actorOf(ctx.auth)));

const deleteAdminProject: Handler<typeof c.deleteAdminProject> = async (ctx) => {
  await deleteProject(ctx.deps, ctx.auth.project.id);
  return { success: true };
};

/**
 * As Stack answers it: a signed-in user of the internal project. Also as Stack's SDK sends it
 * (`AdminProject.transfer`): the owned project's admin app, authenticated by the owner's admin access
 * token, which then names the acting user.
 */
const transferProject: Handler<typeof c.transferProject> = async (ctx, { body }) => {
  const { auth } = ctx;
  const owner = auth.accessType === "admin" && auth.ownerUserId !== null && auth.project.id !== INTERNAL_PROJECT_ID ? auth.ownerUserId : null;
  const userId = owner ?? internalUser(auth).user.id;
  await transfer(ctx.deps, body.project_id, userId, body.new_team_id, { accessType: auth.accessType, userId });
  return { success: "true" as const };
};

const getProductionModeProblems: Handler<typeof c.getProductionModeProblems> = async (ctx) => ({
  items: productionModeProblems(ctx.auth.project.id, ctx.projectConfig).map((p) => ({ message: p.message, relative_fix_url: p.relativeFixUrl })),
});

export const projectHandlers = {
  listOwnedProjects,
  createOwnedProject,
  getCurrentProject,
  getAdminProject,
  updateAdminProject,
  deleteAdminProject,
  transferProject,
  getProductionModeProblems,
} satisfies HandlerMap<typeof c.projectProcedures>;
