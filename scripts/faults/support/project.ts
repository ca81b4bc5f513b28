/**
 * A project of its own for a scenario, made the way a dashboard user makes one: an internal-project
 * user (with its personal team) creates it, then creates a full key set with an admin access token.
 */
import { randomBytes } from "node:crypto";
import { call, expectStatus, type ProjectKeys } from "./api.js";

/** Legacy (Stack v1) project config fields, as POST /internal/projects and PATCH …/current take them. */
export type ProjectConfigUpdate = Record<string, unknown>;

export async function createProject(baseUrl: string, internal: ProjectKeys, displayName: string, config: ProjectConfigUpdate = {}): Promise<ProjectKeys> {
  const owner = expectStatus(
    await call(baseUrl, "POST", "/users", {
      access: "server",
      project: internal,
      body: { display_name: `${displayName} owner`, primary_email: `owner-${randomBytes(6).toString("hex")}@faults.test`, primary_email_auth_enabled: true },
    }),
    201,
    "create the project owner (internal project)",
  ).body as { id: string };
  // As Stack does, the create answer is the user before its personal team: read it back for the team.
  const created = expectStatus(
    await call(baseUrl, "GET", `/users/${owner.id}`, { access: "server", project: internal }),
    200,
    "read the project owner back",
  ).body as { selected_team_id: string | null };
  if (!created.selected_team_id) throw new Error("the internal project did not give its new user a personal team");
  const session = expectStatus(
    await call(baseUrl, "POST", "/auth/sessions", { access: "server", project: internal, body: { user_id: owner.id } }),
    200,
    "start a session for the project owner",
  ).body as { access_token: string };

  const project = expectStatus(
    await call(baseUrl, "POST", "/internal/projects", {
      access: "client",
      project: internal,
      headers: { "x-stack-access-token": session.access_token },
      body: { display_name: displayName, owner_team_id: created.selected_team_id, config },
    }),
    201,
    "create the project",
  ).body as { id: string };

  const keys = expectStatus(
    await call(baseUrl, "POST", "/internal/api-keys", {
      headers: { "x-stack-access-type": "admin", "x-stack-project-id": project.id, "x-stack-admin-access-token": session.access_token },
      body: {
        description: "fault scripts",
        expires_at_millis: Date.now() + 86_400_000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: true,
      },
    }),
    200,
    "create the project's keys",
  ).body as { publishable_client_key: string; secret_server_key: string; super_secret_admin_key: string };

  return {
    id: project.id,
    publishableClientKey: keys.publishable_client_key,
    secretServerKey: keys.secret_server_key,
    superSecretAdminKey: keys.super_secret_admin_key,
  };
}

/** PATCH /internal/projects/current with the project's admin key; returns the rendered legacy config. */
export async function updateProjectConfig(baseUrl: string, project: ProjectKeys, config: ProjectConfigUpdate): Promise<Record<string, unknown>> {
  const res = expectStatus(await call(baseUrl, "PATCH", "/internal/projects/current", { access: "admin", project, body: { config } }), 200, "update the project config");
  return (res.body as { config: Record<string, unknown> }).config;
}
