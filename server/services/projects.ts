/** Projects: their legacy views, updates through the config tree, deletion and creation defaults. */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { knownError } from "../../contract/known-error.js";
import type { projectUpdate } from "../../contract/projects.js";
import { systemTeamPermissionIds } from "../../contract/project-config.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { UserRow } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { recordEvent, type EventActor } from "./events.js";
import { requireTeamPermission } from "./permissions/grants.js";
import { afterProjectChange } from "./project-changes.js";
import { checkProjectQuotas, guardProjectCreationRate } from "./project-quotas.js";
import {
  legacyUpdateToOverride,
  mergeOverride,
  renderConfig,
  validateOverride,
  type ConfigOverride,
} from "./config/index.js";

export const INTERNAL_PROJECT_ID = "internal";


/** Checks an override merged into a project's stored one; throws SCHEMA_ERROR naming the problem. */
export function mergeValidOverride(stored: ConfigOverride, patch: ConfigOverride): ConfigOverride {
  const merged = mergeOverride(stored, patch);
  const verdict = validateOverride(merged);
  if (!verdict.ok) throw knownError("SCHEMA_ERROR", { message: verdict.message });
  return merged;
}

/** Applies an update in its own transaction, or as part of `within` (a transaction's db). */
export async function updateProject(deps: AppDeps, projectId: string, update: z.output<typeof projectUpdate>, within?: Db, actor: EventActor | null = null): Promise<ProjectRow> {
  return deps.store.transaction(async (tx) => {
    const project = await deps.queries.projects.find(projectId, tx);
    if (!project) throw knownError("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });
    let configOverride = project.configOverride;
    let configKeys: string[] = [];
    if (update.config) {
      // Any string passes the schema; one that names no theme of the project is Stack's plain text.
      const themeId = update.config.email_theme;
      if (themeId !== undefined && !Object.hasOwn(renderConfig(configOverride).emails.themes, themeId)) throw statusError("invalidEmailTheme");
      const patch = legacyUpdateToOverride(update.config, () => randomUUID());
      configKeys = Object.keys(patch);
      configOverride = mergeValidOverride(configOverride, patch);
    }
    const updated = await deps.queries.projects.update(
      projectId,
      {
        ...(update.display_name !== undefined && { displayName: update.display_name }),
        ...(update.description !== undefined && { description: update.description ?? "" }),
        ...(update.logo_url !== undefined && { logoUrl: update.logo_url }),
        ...(update.full_logo_url !== undefined && { fullLogoUrl: update.full_logo_url }),
        ...(update.is_production_mode !== undefined && { isProductionMode: update.is_production_mode }),
        configOverride,
        updatedAt: deps.clock.now(),
      },
      tx,
    );
    const fields = ["display_name", "description", "logo_url", "full_logo_url", "is_production_mode"].filter((key) => update[key as keyof typeof update] !== undefined);
    await afterProjectChange(deps, tx, projectId, { fields, configKeys, before: project.configOverride, after: configOverride }, actor);
    return updated!;
  }, within);
}

export async function applyConfigOverride(deps: AppDeps, projectId: string, patch: ConfigOverride, actor: EventActor | null = null): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const project = await deps.queries.projects.find(projectId, tx);
    if (!project) throw knownError("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });
    // Stack answers an override its schema refuses with the `[ERROR] …` line as plain text.
    const configOverride = mergeOverride(project.configOverride, patch);
    const verdict = validateOverride(configOverride);
    if (!verdict.ok) throw statusError("invalidConfigOverride", { message: verdict.message });
    await deps.queries.projects.update(projectId, { configOverride, updatedAt: deps.clock.now() }, tx);
    await afterProjectChange(deps, tx, projectId, { fields: [], configKeys: Object.keys(patch), before: project.configOverride, after: configOverride }, actor);
  });
}

export async function deleteProject(deps: AppDeps, projectId: string): Promise<void> {
  if (projectId === INTERNAL_PROJECT_ID) throw statusError("internalProjectUndeletable");
  await deps.queries.projects.delete(projectId);
}

/**
 * Moves a project to another team of the internal project (`POST /internal/projects/transfer`). The
 * user must hold `team_admin` in the owner team and belong to the new team. Unlike Stack, a project
 * whose owner team the user is not in answers PROJECT_NOT_FOUND, as an unknown one does: the other
 * answers would tell anyone which project ids exist and name their owner teams.
 */
export async function transferProject(deps: AppDeps, projectId: string, userId: string, newTeamId: string, actor: EventActor | null): Promise<void> {
  const project = await deps.queries.projects.find(projectId);
  if (!project) throw knownError("PROJECT_NOT_FOUND", { project_id: projectId });
  const fromTeamId = project.ownerTeamId;
  if (fromTeamId === null) throw statusError("projectWithoutOwner");
  if (!(await deps.queries.teams.isMember(INTERNAL_PROJECT_ID, fromTeamId, userId))) throw knownError("PROJECT_NOT_FOUND", { project_id: projectId });
  const internal = await deps.queries.projects.find(INTERNAL_PROJECT_ID);
  if (!internal) throw knownError("CURRENT_PROJECT_NOT_FOUND", { project_id: INTERNAL_PROJECT_ID });
  await requireTeamPermission(deps, internal, fromTeamId, userId, "team_admin");
  if (!(await deps.queries.teams.isMember(INTERNAL_PROJECT_ID, newTeamId, userId))) {
    throw knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: newTeamId, user_id: userId });
  }
  await deps.store.transaction(async (tx) => {
    await deps.queries.projects.update(projectId, { ownerTeamId: newTeamId, updatedAt: deps.clock.now() }, tx);
    await recordEvent(deps, tx, "project.transferred", { from_team_id: fromTeamId, to_team_id: newTeamId }, { projectId, actor });
  });
}

/**
 * The override every new project starts with: password sign-in and sign-up on, localhost trusted,
 * and two team permissions (`team_member`, `team_admin`) granted to members and creators by default.
 */
export function newProjectOverride(): ConfigOverride {
  return {
    "auth.allowSignUp": true,
    "auth.password.allowSignIn": true,
    "domains.allowLocalhost": true,
    "rbac.permissions.team_member": {
      description: "Default permission for team members",
      scope: "team",
      containedPermissionIds: { $read_members: true, $invite_members: true },
    },
    "rbac.permissions.team_admin": {
      description: "Default permission for team admins",
      scope: "team",
      containedPermissionIds: Object.fromEntries(systemTeamPermissionIds.map((id) => [id, true])),
    },
    "rbac.defaultPermissions.teamCreator": { team_admin: true },
    "rbac.defaultPermissions.teamMember": { team_member: true },
  };
}

/**
 * The internal project's users own projects through teams, so they may create them and get one at sign-up.
 * A team's members are its projects' dashboard admins; its seats are the `dashboard_admins` item, of
 * which the default `free` plan includes one (services/dashboard-seats.ts). An admin of the internal
 * project raises a team's seats with the item's quantity, or the free plan's for every team.
 */
export function internalProjectOverride(): ConfigOverride {
  return {
    ...newProjectOverride(),
    "teams.allowClientTeamCreation": true,
    "teams.createPersonalTeamOnSignUp": true,
    "payments.items.dashboard_admins": { displayName: "Dashboard admins", customerType: "team" },
    "payments.groups.plans": { displayName: "Plans" },
    "payments.offers.free": {
      displayName: "Free",
      groupId: "plans",
      customerType: "team",
      serverOnly: false,
      prices: "include-by-default",
      includedItems: { dashboard_admins: { quantity: 1, repeat: "never", expires: "when-purchase-expires" } },
    },
  };
}

export interface NewProject {
  id?: string;
  displayName: string;
  description?: string;
  ownerTeamId?: string | null;
  /** The dashboard user creating it (counted by the per-user quota, project-quotas.ts). */
  creatorUserId?: string | null;
  isProductionMode?: boolean;
  logoUrl?: string | null;
  fullLogoUrl?: string | null;
  configOverride?: ConfigOverride;
}

/** Creates a project with the creation defaults (and any override given on top). */
export async function createProject(deps: AppDeps, project: NewProject, db = deps.store.db): Promise<ProjectRow> {
  const now = deps.clock.now();
  const configOverride = mergeValidOverride(newProjectOverride(), project.configOverride ?? {});
  return deps.queries.projects.insert(
    {
      id: project.id ?? randomUUID(),
      displayName: project.displayName,
      description: project.description ?? "",
      ownerTeamId: project.ownerTeamId ?? null,
      creatorUserId: project.creatorUserId ?? null,
      isProductionMode: project.isProductionMode ?? false,
      logoUrl: project.logoUrl ?? null,
      fullLogoUrl: project.fullLogoUrl ?? null,
      configOverride,
      createdAt: now,
      updatedAt: now,
    },
    db,
  );
}

/** What a dashboard user asks for when creating a project: its name, the owning team, its first settings if any. */
export interface OwnedProjectRequest {
  displayName: string;
  ownerTeamId: string;
  /** Settings applied on top of the creation defaults, in the same unit of work; null for none. */
  update: z.output<typeof projectUpdate> | null;
}

/**
 * Creates a project owned by a team of the internal project for one of its members: anonymous users never
 * own projects (and so never reach their keys or e-mail settings); creations are rate-limited per user and
 * counted against the quotas in the unit of work that writes the project and its first settings.
 */
export async function createOwnedProject(deps: AppDeps, owner: UserRow, request: OwnedProjectRequest): Promise<ProjectRow> {
  if (owner.isAnonymous) throw knownError("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
  if (!(await deps.queries.teams.isMember(INTERNAL_PROJECT_ID, request.ownerTeamId, owner.id))) {
    throw knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: request.ownerTeamId, user_id: owner.id });
  }
  await guardProjectCreationRate(deps, owner.id);
  return deps.store.transaction(async (tx) => {
    await checkProjectQuotas(deps, owner.id, request.ownerTeamId, tx);
    const created = await createProject(deps, { displayName: request.displayName, ownerTeamId: request.ownerTeamId, creatorUserId: owner.id }, tx);
    return request.update ? updateProject(deps, created.id, request.update, tx) : created;
  });
}
