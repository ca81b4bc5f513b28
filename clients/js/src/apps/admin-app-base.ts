/**
 * The admin app's first layer over the server app: the admin key (or a project owner's session), the
 * project with its full configuration, the project's key sets and its permission definitions.
 */
import type { Session } from "../core/tokens/session.js";
import { adminApi } from "./context.js";
import { createAdminProject, type AdminProject } from "./objects/admin-project.js";
import { createInternalApiKey } from "./objects/internal-api-key.js";
import { LatchkeyServerApp, type ServerAppOptions } from "./server-app.js";

export interface AdminAppOptions extends ServerAppOptions {
  superSecretAdminKey?: string;
  /** An internal-project user's session: the admin app then acts as that project owner. */
  projectOwnerSession?: Session;
}

export interface PermissionDefinition {
  id: string;
  description?: string;
  containedPermissionIds: string[];
}

export interface InternalApiKeyCreateOptions {
  description: string;
  expiresAt: Date;
  hasPublishableClientKey: boolean;
  hasSecretServerKey: boolean;
  hasSuperSecretAdminKey: boolean;
}


const definitionOf = (json: { id: string; description?: string; contained_permission_ids: string[] }): PermissionDefinition => ({
  id: json.id,
  ...(json.description !== undefined && { description: json.description }),
  containedPermissionIds: json.contained_permission_ids,
});

const definitionBody = (data: { description?: string; containedPermissionIds?: string[] }) => ({
  description: data.description,
  contained_permission_ids: data.containedPermissionIds,
});


/** Whose permissions a definition is for. */
type Scope = "team" | "project";

/** The admin app's settings, keys and permission definitions (see admin-app.ts for the public class). */
export class AdminAppBase extends LatchkeyServerApp {
  constructor(options: AdminAppOptions) {
    super({ ...options, superSecretAdminKey: options.superSecretAdminKey ?? (options.projectOwnerSession ? undefined : (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.STACK_SUPER_SECRET_ADMIN_KEY) });
  }

  protected get admin() {
    return adminApi(this._context);
  }

  /** The project with its full configuration. @example `const project = await admin.getProject();` */
  override async getProject(): Promise<AdminProject> {
    return createAdminProject(this._context, await this.admin("get", "/internal/projects/current", {}));
  }

  /** The project's key sets (publishable, secret and admin keys), showing each key's last four characters only. @example `const keySets = await admin.listInternalApiKeys();` */
  async listInternalApiKeys() {
    const { items } = await this.admin("get", "/internal/api-keys", {});
    return items.map((k) => createInternalApiKey(this._context, k));
  }

  /**
   * Creates a project key set; its full keys appear only in this answer (later listings show the last four
   * characters).
   * @example
   * ```ts
   * const expiresAt = new Date(Date.now() + 90 * 24 * 3_600_000);
   * const keys = await admin.createInternalApiKey({ description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
   * console.log(keys.secretServerKey);
   * ```
   */
  async createInternalApiKey(options: InternalApiKeyCreateOptions) {
    const created = await this.admin("post", "/internal/api-keys", {
      body: {
        description: options.description,
        expires_at_millis: options.expiresAt.getTime(),
        has_publishable_client_key: options.hasPublishableClientKey,
        has_secret_server_key: options.hasSecretServerKey,
        has_super_secret_admin_key: options.hasSuperSecretAdminKey,
      },
    });
    this.changed();
    const view = createInternalApiKey(this._context, created);
    return {
      ...view,
      publishableClientKey: created.publishable_client_key,
      secretServerKey: created.secret_server_key,
      superSecretAdminKey: created.super_secret_admin_key,
    };
  }

  /** The team permissions the project defines, the `$…` system permissions included. @example `const definitions = await admin.listTeamPermissionDefinitions();` */
  listTeamPermissionDefinitions(): Promise<PermissionDefinition[]> {
    return this.listDefinitions("team");
  }

  /** Defines a team permission and answers it; throws `PermissionIdAlreadyExists` for a taken id, `ContainedPermissionNotFound` for an unknown contained one. @example `await admin.createTeamPermissionDefinition({ id: "editor", containedPermissionIds: ["$read_members"] });` */
  createTeamPermissionDefinition(data: PermissionDefinition): Promise<PermissionDefinition> {
    return this.createDefinition("team", data);
  }

  /** Changes a team permission's description or contained permissions; throws `PermissionNotFound` for an unknown id. @example `await admin.updateTeamPermissionDefinition("editor", { description: "Edits" });` */
  updateTeamPermissionDefinition(permissionId: string, data: { description?: string; containedPermissionIds?: string[] }): Promise<void> {
    return this.updateDefinition("team", permissionId, data);
  }

  /** Deletes a team permission definition, and with it its grants; throws `PermissionNotFound` for an unknown id. @example `await admin.deleteTeamPermissionDefinition("editor");` */
  deleteTeamPermissionDefinition(permissionId: string): Promise<void> {
    return this.deleteDefinition("team", permissionId);
  }

  /** The project permissions the project defines. @example `const definitions = await admin.listProjectPermissionDefinitions();` */
  listProjectPermissionDefinitions(): Promise<PermissionDefinition[]> {
    return this.listDefinitions("project");
  }

  /** Defines a project permission and answers it; throws `PermissionIdAlreadyExists` for a taken id, `ContainedPermissionNotFound` for an unknown contained one. @example `await admin.createProjectPermissionDefinition({ id: "billing", containedPermissionIds: [] });` */
  createProjectPermissionDefinition(data: PermissionDefinition): Promise<PermissionDefinition> {
    return this.createDefinition("project", data);
  }

  /** Changes a project permission's description or contained permissions; throws `PermissionNotFound` for an unknown id. @example `await admin.updateProjectPermissionDefinition("billing", { description: "Billing" });` */
  updateProjectPermissionDefinition(permissionId: string, data: { description?: string; containedPermissionIds?: string[] }): Promise<void> {
    return this.updateDefinition("project", permissionId, data);
  }

  /** Deletes a project permission definition, and with it its grants; throws `PermissionNotFound` for an unknown id. @example `await admin.deleteProjectPermissionDefinition("billing");` */
  deleteProjectPermissionDefinition(permissionId: string): Promise<void> {
    return this.deleteDefinition("project", permissionId);
  }

  // Team and project permission definitions: the same calls under /team-… and /project-permission-definitions.

  private async listDefinitions(scope: Scope): Promise<PermissionDefinition[]> {
    const { items } = await this.admin("get", `/${scope}-permission-definitions`, {});
    return items.map(definitionOf);
  }

  private async createDefinition(scope: Scope, data: PermissionDefinition): Promise<PermissionDefinition> {
    const created = await this.admin("post", `/${scope}-permission-definitions`, { body: { id: data.id, ...definitionBody(data), contained_permission_ids: data.containedPermissionIds } });
    this.changed();
    return definitionOf(created);
  }

  private async updateDefinition(scope: Scope, permissionId: string, data: { description?: string; containedPermissionIds?: string[] }): Promise<void> {
    await this.admin("patch", `/${scope}-permission-definitions/{permission_id}`, { path: { permission_id: permissionId }, body: definitionBody(data) });
    this.changed();
  }

  private async deleteDefinition(scope: Scope, permissionId: string): Promise<void> {
    await this.admin("delete", `/${scope}-permission-definitions/{permission_id}`, { path: { permission_id: permissionId } });
    this.changed();
  }
}
