/**
 * Seeding through the REST API, the way an operator and an app would: a dashboard user of the
 * internal project creates the bench project and its keys, then users sign up and get teams.
 */
import { call, mapConcurrent, projectHeaders, type ProjectKeys } from "./api.js";
import type { InternalKeys } from "./latchkey-server.js";

export const POOL_PASSWORD = "bench password 1234";

export interface PoolUser {
  id: string;
  email: string;
  accessToken: string;
  refreshToken: string;
  /** A team the user created (and so holds team_admin in), once teams are seeded. */
  teamId: string | null;
}

/** The item the item-quantity scenario reads, defined in the bench project's config. */
export const BENCH_ITEM_ID = "bench-credits";

/**
 * Signs up an owner on the internal project and creates a project with default config (plus the bench
 * item) and keys.
 */
export async function createBenchProject(baseUrl: string, internalKeys: InternalKeys): Promise<ProjectKeys> {
  const internal: ProjectKeys = { projectId: "internal", publishableClientKey: internalKeys.publishableClientKey, secretServerKey: internalKeys.secretServerKey };
  const owner = await call(baseUrl, "POST", "/auth/password/sign-up", {
    headers: projectHeaders(internal, "client"),
    json: { email: "owner@bench.example", password: POOL_PASSWORD },
  });
  const token = owner.body.access_token as string;
  const me = await call(baseUrl, "GET", "/users/me", { headers: projectHeaders(internal, "client", token) });
  const created = await call(baseUrl, "POST", "/internal/projects", {
    headers: projectHeaders(internal, "client", token),
    json: { display_name: "Bench", owner_team_id: me.body.selected_team_id },
  });
  const projectId = created.body.id as string;
  const ownerHeaders = { "x-stack-access-type": "admin", "x-stack-project-id": projectId, "x-stack-admin-access-token": token };
  await call(baseUrl, "PATCH", "/internal/config/override", {
    headers: ownerHeaders,
    json: { config_override_string: JSON.stringify({ [`payments.items.${BENCH_ITEM_ID}`]: { displayName: "Bench credits", customerType: "user" } }) },
  });
  const keys = await call(baseUrl, "POST", "/internal/api-keys", {
    headers: ownerHeaders,
    json: {
      description: "bench",
      expires_at_millis: Date.now() + 86_400_000,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: true,
    },
  });
  return {
    projectId,
    publishableClientKey: keys.body.publishable_client_key,
    secretServerKey: keys.body.secret_server_key,
    superSecretAdminKey: keys.body.super_secret_admin_key,
  };
}

/**
 * Signs up `count` users with e-mail and password, one at a time: concurrent sign-ups conflict on
 * Postgres (serializable transactions, retried), and seeding should not depend on how retries go.
 * The sign-up scenario is where concurrency is measured.
 */
export function signUpPool(baseUrl: string, project: ProjectKeys, count: number): Promise<PoolUser[]> {
  const emails = Array.from({ length: count }, (_, i) => `pool-${i}@bench.example`);
  return mapConcurrent(emails, 1, async (email) => {
    const res = await call(baseUrl, "POST", "/auth/password/sign-up", { headers: projectHeaders(project, "client"), json: { email, password: POOL_PASSWORD } });
    return { id: res.body.user_id, email, accessToken: res.body.access_token, refreshToken: res.body.refresh_token, teamId: null };
  });
}

/** Gives each user a team they created (the creator gets the project's creator permissions). */
export async function createTeams(baseUrl: string, project: ProjectKeys, users: PoolUser[]): Promise<void> {
  await mapConcurrent(users, 8, async (user, i) => {
    const res = await call(baseUrl, "POST", "/teams", { headers: projectHeaders(project, "server"), json: { display_name: `Team ${i}`, creator_user_id: user.id } });
    user.teamId = res.body.id;
  });
}

/**
 * Gives each user quantity changes of the bench item (a grant that never expires, one that expires in
 * a day, and a spend), so a read sums several rows as a real customer's would.
 */
export async function grantItems(baseUrl: string, project: ProjectKeys, users: PoolUser[]): Promise<void> {
  const inADay = new Date(Date.now() + 86_400_000).toISOString();
  const changes = [{ delta: 100 }, { delta: 50, expires_at: inADay, description: "trial" }, { delta: -30 }];
  await mapConcurrent(users, 8, async (user) => {
    for (const change of changes) {
      await call(baseUrl, "POST", `/payments/items/user/${user.id}/${BENCH_ITEM_ID}/update-quantity?allow_negative=false`, { headers: projectHeaders(project, "server"), json: change });
    }
  });
}
