import type { Session } from "../core/tokens/session.js";
import { internalUserHooks, type LatchkeyClientApp } from "./client-app.js";
import { type AppContext, adminApi } from "./context.js";
import { createAdminProject, projectUpdateBody, type AdminProject, type AdminProjectUpdateOptions } from "./objects/admin-project.js";
import { createInternalApiKey } from "./objects/internal-api-key.js";
import { customerOf } from "./objects/item.js";
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

type ItemChangeOwner = { userId: string } | { teamId: string } | { customCustomerId: string };

const definitionOf = (json: { id: string; description?: string; contained_permission_ids: string[] }): PermissionDefinition => ({
  id: json.id,
  ...(json.description !== undefined && { description: json.description }),
  containedPermissionIds: json.contained_permission_ids,
});

const definitionBody = (data: { description?: string; containedPermissionIds?: string[] }) => ({
  ...(data.description !== undefined && { description: data.description }),
  ...(data.containedPermissionIds !== undefined && { contained_permission_ids: data.containedPermissionIds }),
});

/**
 * The admin app: everything the server app does, plus the project's settings, key sets and permission
 * definitions, with the super secret admin key or a project owner's session. Stack's `StackAdminApp`.
 *
 * @example
 * ```ts
 * const admin = new LatchkeyAdminApp({ baseUrl, projectId, publishableClientKey, secretServerKey, superSecretAdminKey, tokenStore: "memory" });
 * const project = await admin.getProject();
 * await project.update({ config: { signUpEnabled: false } });
 * ```
 */
export class LatchkeyAdminApp extends LatchkeyServerApp {
  constructor(options: AdminAppOptions) {
    super({ ...options, superSecretAdminKey: options.superSecretAdminKey ?? (options.projectOwnerSession ? undefined : (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.STACK_SUPER_SECRET_ADMIN_KEY) });
  }

  private get admin() {
    return adminApi(this._context);
  }

  /** The project with its full configuration. @example `const project = await admin.getProject();` */
  override async getProject(): Promise<AdminProject> {
    return createAdminProject(this._context, await this.admin("get", "/internal/projects/current", {}));
  }

  /** @example `const keySets = await admin.listInternalApiKeys();` */
  async listInternalApiKeys() {
    const { items } = await this.admin("get", "/internal/api-keys", {});
    return items.map((k) => createInternalApiKey(this._context, k));
  }

  /** Creates a project key set; its full keys appear only in this answer. @example `const keys = await admin.createInternalApiKey({ description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false });` */
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

  /** @example `const definitions = await admin.listTeamPermissionDefinitions();` */
  async listTeamPermissionDefinitions(): Promise<PermissionDefinition[]> {
    const { items } = await this.admin("get", "/team-permission-definitions", {});
    return items.map(definitionOf);
  }

  /** @example `await admin.createTeamPermissionDefinition({ id: "editor", containedPermissionIds: ["$read_members"] });` */
  async createTeamPermissionDefinition(data: PermissionDefinition): Promise<PermissionDefinition> {
    const created = await this.admin("post", "/team-permission-definitions", { body: { id: data.id, ...definitionBody(data), contained_permission_ids: data.containedPermissionIds } });
    this.changed();
    return definitionOf(created);
  }

  /** @example `await admin.updateTeamPermissionDefinition("editor", { description: "Edits" });` */
  async updateTeamPermissionDefinition(permissionId: string, data: { description?: string; containedPermissionIds?: string[] }): Promise<void> {
    await this.admin("patch", "/team-permission-definitions/{permission_id}", { path: { permission_id: permissionId }, body: definitionBody(data) });
    this.changed();
  }

  /** @example `await admin.deleteTeamPermissionDefinition("editor");` */
  async deleteTeamPermissionDefinition(permissionId: string): Promise<void> {
    await this.admin("delete", "/team-permission-definitions/{permission_id}", { path: { permission_id: permissionId } });
    this.changed();
  }

  /** @example `const definitions = await admin.listProjectPermissionDefinitions();` */
  async listProjectPermissionDefinitions(): Promise<PermissionDefinition[]> {
    const { items } = await this.admin("get", "/project-permission-definitions", {});
    return items.map(definitionOf);
  }

  /** @example `await admin.createProjectPermissionDefinition({ id: "billing", containedPermissionIds: [] });` */
  async createProjectPermissionDefinition(data: PermissionDefinition): Promise<PermissionDefinition> {
    const created = await this.admin("post", "/project-permission-definitions", { body: { id: data.id, ...definitionBody(data), contained_permission_ids: data.containedPermissionIds } });
    this.changed();
    return definitionOf(created);
  }

  /** @example `await admin.updateProjectPermissionDefinition("billing", { description: "Billing" });` */
  async updateProjectPermissionDefinition(permissionId: string, data: { description?: string; containedPermissionIds?: string[] }): Promise<void> {
    await this.admin("patch", "/project-permission-definitions/{permission_id}", { path: { permission_id: permissionId }, body: definitionBody(data) });
    this.changed();
  }

  /** @example `await admin.deleteProjectPermissionDefinition("billing");` */
  async deleteProjectPermissionDefinition(permissionId: string): Promise<void> {
    await this.admin("delete", "/project-permission-definitions/{permission_id}", { path: { permission_id: permissionId } });
    this.changed();
  }

  /**
   * Changes a customer's item quantity; refused when it would go below zero.
   * @example
   * ```ts
   * await admin.createItemQuantityChange({ userId, itemId: "credits", quantity: 5, description: "welcome gift" });
   * ```
   */
  async createItemQuantityChange(options: ItemChangeOwner & { itemId: string; quantity: number; expiresAt?: string; description?: string }): Promise<void> {
    await this.admin("post", "/payments/items/{customer_type}/{customer_id}/{item_id}/update-quantity", {
      path: { ...customerOf(options), item_id: options.itemId },
      query: { allow_negative: false },
      body: { delta: options.quantity, ...(options.expiresAt !== undefined && { expires_at: options.expiresAt }), ...(options.description !== undefined && { description: options.description }) },
    });
    this.changed();
  }
}

/** A project owned by the signed-in internal user, with an admin app acting through the owner's session. */
function ownedProject(app: LatchkeyClientApp, session: Session, json: Parameters<typeof createAdminProject>[1]) {
  const admin = new LatchkeyAdminApp({
    baseUrl: app._transport.options.baseUrl,
    projectId: json.id,
    tokenStore: null,
    projectOwnerSession: session,
    ...(app._options.fetch && { fetch: app._options.fetch }),
  });
  return Object.assign(createAdminProject(admin._context, json), { app: admin });
}

internalUserHooks.methods = (app, session) => ({
  /**
   * Creates a project owned by one of this user's teams.
   * @example
   * ```ts
   * const project = await owner.createProject({ displayName: "Shop", teamId: owner.selectedTeam!.id });
   * ```
   */
  async createProject(options: AdminProjectUpdateOptions & { displayName: string; teamId: string }) {
    const context: AppContext = app._context;
    const created = await context.client("post", "/internal/projects", { body: { ...projectUpdateBody(options), display_name: options.displayName, owner_team_id: options.teamId } }, session);
    context.changed();
    return ownedProject(app, session, created);
  },
  /** @example `const projects = await owner.listOwnedProjects();` */
  async listOwnedProjects() {
    const { items } = await app._context.client("get", "/internal/projects", {}, session);
    return items.map((p) => ownedProject(app, session, p));
  },
});
