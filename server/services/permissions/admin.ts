/**
 * Permission definitions as admins change them. Definitions live in the project's config override
 * (`rbac.permissions`, with the default sets in `rbac.defaultPermissions`); each change rewrites those
 * two maps and the affected grants in one transaction, so config and grants never disagree.
 *
 * Rules: custom ids are unique across both scopes and never system ids; contained permissions must be
 * defined in the same scope (team permissions may contain system ones); a containment cycle is refused
 * with SCHEMA_ERROR naming it. A rename moves grants, other definitions' containment and default-set
 * entries to the new id; a deletion removes all of them. Fields an update leaves out keep their value.
 * Each change records its `<scope>_permission_definition.*` event (audit log) in the same transaction.
 */
import { knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { definitionToJson } from "../../views/permissions.js";
import { recordEvent, type EventActor } from "../events.js";
import { renderConfig, type RenderedConfig } from "../config/index.js";
import { mergeValidOverride } from "../projects.js";
import { renderProjectConfig } from "../config/project-config.js";
import { containmentCycle, definitionExists, isSystemPermission, listDefinitions, type PermissionDefinition, type PermissionScope } from "./definitions.js";

type Rbac = RenderedConfig["rbac"];
type StoredDefinition = Rbac["permissions"][string];

export interface NewPermissionDefinition {
  id: string;
  description?: string;
  containedPermissionIds?: string[];
}

export interface PermissionDefinitionChange {
  /** A new id (rename). */
  id?: string;
  description?: string;
  containedPermissionIds?: string[];
}

/** The definitions of a scope, sorted by id (team scope includes the system permissions). */
export function listPermissionDefinitions(project: ProjectRow, scope: PermissionScope): PermissionDefinition[] {
  return listDefinitions(renderProjectConfig(project), scope);
}

export async function createPermissionDefinition(
  deps: AppDeps,
  projectId: string,
  scope: PermissionScope,
  input: NewPermissionDefinition,
  actor: EventActor,
): Promise<PermissionDefinition> {
  const config = await editRbac(
    deps,
    projectId,
    async (rbac, current, tx) => {
      assertIdFree(rbac, input.id);
      const contained = checkContained(current, scope, input.containedPermissionIds ?? []);
      assertNoCycle(rbac, input.id, contained);
      rbac.permissions[input.id] = stored(scope, input.description, contained);
      await dropStaleGrants(deps, projectId, input.id, tx);
    },
    (after, tx) => recordEvent(deps, tx, `${scope}_permission_definition.created`, () => definitionToJson(definitionIn(after, scope, input.id)), { projectId, actor }),
  );
  return definitionIn(config, scope, input.id);
}

export async function updatePermissionDefinition(
  deps: AppDeps,
  projectId: string,
  scope: PermissionScope,
  permissionId: string,
  change: PermissionDefinitionChange,
  actor: EventActor,
): Promise<PermissionDefinition> {
  const newId = change.id ?? permissionId;
  const renamed = newId !== permissionId;
  const record = (after: RenderedConfig, tx: Db) =>
    recordEvent(deps, tx, `${scope}_permission_definition.updated`, () => ({ ...definitionToJson(definitionIn(after, scope, newId)), previous_id: permissionId }), { projectId, actor });
  const config = await editRbac(deps, projectId, async (rbac, before, tx) => {
    const current = existingDefinition(before, rbac, scope, permissionId);
    if (renamed) assertIdFree(rbac, newId);
    const wanted = change.containedPermissionIds === undefined ? Object.keys(current.containedPermissionIds) : checkContained(before, scope, change.containedPermissionIds);
    // Containing itself under its old id is containing itself: the cycle check below reports it.
    const contained = wanted.map((id) => (id === permissionId ? newId : id));
    if (renamed) {
      delete rbac.permissions[permissionId];
      replaceReferences(rbac, permissionId, newId);
    }
    rbac.permissions[newId] = stored(scope, change.description ?? current.description, contained);
    assertNoCycle(rbac, newId, contained);
    if (renamed) {
      await dropStaleGrants(deps, projectId, newId, tx);
      await deps.queries.permissions.renameGrants(projectId, scope, permissionId, newId, tx);
    }
  }, record);
  return definitionIn(config, scope, newId);
}

export async function deletePermissionDefinition(deps: AppDeps, projectId: string, scope: PermissionScope, permissionId: string, actor: EventActor): Promise<void> {
  await editRbac(
    deps,
    projectId,
    async (rbac, before, tx) => {
      existingDefinition(before, rbac, scope, permissionId);
      delete rbac.permissions[permissionId];
      replaceReferences(rbac, permissionId, null);
      await deps.queries.permissions.deleteGrants(projectId, scope, permissionId, tx);
    },
    (_after, tx) => recordEvent(deps, tx, `${scope}_permission_definition.deleted`, { id: permissionId }, { projectId, actor }),
  );
}

/**
 * Runs `edit` on a copy of the project's rendered `rbac` maps inside a transaction, then stores both
 * maps in the config override (checked like any override), then `record`s the change's event in the same
 * transaction. Returns the config as it renders afterwards.
 */
async function editRbac(
  deps: AppDeps,
  projectId: string,
  edit: (rbac: Rbac, before: RenderedConfig, tx: Db) => Promise<void>,
  record: (after: RenderedConfig, tx: Db) => Promise<void>,
): Promise<RenderedConfig> {
  return deps.store.transaction(async (tx) => {
    const project = await deps.queries.projects.find(projectId, tx);
    if (!project) throw knownError("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });
    const before = renderProjectConfig(project);
    const rbac = structuredClone(before.rbac);
    await edit(rbac, before, tx);
    const patch = { "rbac.permissions": rbac.permissions, "rbac.defaultPermissions": rbac.defaultPermissions };
    const configOverride = mergeValidOverride(project.configOverride, patch);
    await deps.queries.projects.update(projectId, { configOverride, updatedAt: deps.clock.now() }, tx);
    const after = renderConfig(configOverride);
    await record(after, tx);
    return after;
  });
}

function definitionIn(config: RenderedConfig, scope: PermissionScope, id: string): PermissionDefinition {
  const definition = listDefinitions(config, scope).find((d) => d.id === id);
  if (!definition) throw new Error(`Permission definition ${id} vanished while it was written`);
  return definition;
}

function stored(scope: PermissionScope, description: string | undefined, contained: readonly string[]): StoredDefinition {
  return {
    ...(description !== undefined && { description }),
    scope,
    containedPermissionIds: Object.fromEntries(contained.map((id) => [id, true as const])),
  };
}

/** The stored definition of this scope; system permissions cannot change, other ids are PERMISSION_NOT_FOUND. */
function existingDefinition(config: RenderedConfig, rbac: Rbac, scope: PermissionScope, id: string): StoredDefinition {
  if (scope === "team" && isSystemPermission(id)) throw statusError("systemPermissionImmutable", { permissionId: id });
  const definition = rbac.permissions[id];
  if (!definition || !definitionExists(config, scope, id)) throw knownError("PERMISSION_NOT_FOUND", { permission_id: id });
  return definition;
}

function assertIdFree(rbac: Rbac, id: string): void {
  if (isSystemPermission(id) || Object.hasOwn(rbac.permissions, id)) throw knownError("PERMISSION_ID_ALREADY_EXISTS", { permission_id: id });
}

/** The distinct contained ids, each defined in the scope (before this change); CONTAINED_PERMISSION_NOT_FOUND otherwise. */
function checkContained(config: RenderedConfig, scope: PermissionScope, ids: readonly string[]): string[] {
  for (const id of ids) {
    if (!definitionExists(config, scope, id)) throw knownError("CONTAINED_PERMISSION_NOT_FOUND", { permission_id: id });
  }
  return [...new Set(ids)];
}

function assertNoCycle(rbac: Rbac, id: string, contained: readonly string[]): void {
  const cycle = containmentCycle(rbac.permissions, id, contained);
  if (!cycle) return;
  const message = `Permission "${id}" cannot contain "${cycle[1]}": containment would form a cycle (${cycle.join(" → ")}).`;
  throw knownError("SCHEMA_ERROR", { message });
}

/** Points every containment and default-set entry naming `from` at `to`, or drops it when `to` is null. */
function replaceReferences(rbac: Rbac, from: string, to: string | null): void {
  const maps = [...Object.values(rbac.permissions).map((d) => d.containedPermissionIds), ...Object.values(rbac.defaultPermissions)];
  for (const map of maps) {
    if (!Object.hasOwn(map, from)) continue;
    delete map[from];
    if (to !== null) map[to] = true;
  }
}

/** Grants left behind under an id that was not defined (e.g. removed through a raw config override) must not come back to life. */
async function dropStaleGrants(deps: AppDeps, projectId: string, id: string, tx: Db): Promise<void> {
  await deps.queries.permissions.deleteGrants(projectId, "team", id, tx);
  await deps.queries.permissions.deleteGrants(projectId, "project", id, tx);
}
