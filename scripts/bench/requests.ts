/**
 * The requests each scenario sends, built from what seeding produced. Headers are built once per
 * user, so the load generator spends its time sending, not formatting.
 */
import { projectHeaders, type ProjectKeys } from "./api.js";
import type { HttpRequest } from "./load.js";
import { BENCH_ITEM_ID, POOL_PASSWORD, type PoolUser } from "./seed-api.js";
import { plainTheme, tailwindTheme, welcomeTemplate } from "../../server/services/email/render/test-templates.js";

export interface SeedContext {
  project: ProjectKeys;
  /** Users signed up through the API. */
  users: PoolUser[];
  /** Ids of the bulk users, in sign-up order. */
  bulkIds: string[];
  /** Makes sign-up e-mails unique across runs on the same database. */
  runTag: string;
}

export type RequestSource = () => HttpRequest;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const json = { "content-type": "application/json" };

export function usersMe(ctx: SeedContext): RequestSource {
  const headers = ctx.users.map((u) => projectHeaders(ctx.project, "client", u.accessToken));
  return () => ({ method: "GET", path: "/api/v1/users/me", headers: pick(headers) });
}

/** POST /auth/oauth/token with grant_type=refresh_token, as the Stack SDKs send it. */
export function refresh(ctx: SeedContext): RequestSource {
  const bodies = ctx.users.map((u) =>
    new URLSearchParams({ grant_type: "refresh_token", refresh_token: u.refreshToken, client_id: ctx.project.projectId, client_secret: ctx.project.publishableClientKey }).toString(),
  );
  const headers = { "content-type": "application/x-www-form-urlencoded" };
  return () => ({ method: "POST", path: "/api/v1/auth/oauth/token", headers, body: pick(bodies) });
}

/** A member asking for their own permissions in their team, recursively (what `hasPermission` needs). */
export function teamPermission(ctx: SeedContext): RequestSource {
  const requests = ctx.users
    .filter((u) => u.teamId !== null)
    .map((u) => ({
      path: `/api/v1/team-permissions?team_id=${u.teamId}&user_id=me&recursive=true`,
      headers: projectHeaders(ctx.project, "client", u.accessToken),
    }));
  if (requests.length === 0) throw new Error("team-permission needs users with teams");
  return () => ({ method: "GET", ...pick(requests) });
}

/** The project's metrics (sign-ups and active users per day over 30 days, totals): what the dashboard's overview reads. */
export function projectMetrics(ctx: SeedContext): RequestSource {
  if (ctx.bulkIds.length === 0) throw new Error("metrics needs bulk users");
  const headers = projectHeaders(ctx.project, "admin");
  return () => ({ method: "GET", path: "/api/v1/internal/metrics", headers });
}

/** A page of 100 users from a random cursor (full pages: cursors leave 100 users after them). */
export function usersPage(ctx: SeedContext): RequestSource {
  const cursors = ctx.bulkIds.slice(0, Math.max(1, ctx.bulkIds.length - 100));
  if (ctx.bulkIds.length === 0) throw new Error("users-page needs bulk users");
  const headers = projectHeaders(ctx.project, "server");
  return () => ({ method: "GET", path: `/api/v1/users?limit=100&cursor=${pick(cursors)}`, headers });
}

export function signIn(ctx: SeedContext): RequestSource {
  const bodies = ctx.users.map((u) => JSON.stringify({ email: u.email, password: POOL_PASSWORD }));
  const headers = { ...projectHeaders(ctx.project, "client"), ...json };
  return () => ({ method: "POST", path: "/api/v1/auth/password/sign-in", headers, body: pick(bodies) });
}

/** Sign-ups with a new e-mail on every request. */
export function signUp(ctx: SeedContext): RequestSource {
  const headers = { ...projectHeaders(ctx.project, "client"), ...json };
  let n = 0;
  return () => ({
    method: "POST",
    path: "/api/v1/auth/password/sign-up",
    headers,
    body: JSON.stringify({ email: `signup-${ctx.runTag}-${n++}@bench.example`, password: POOL_PASSWORD }),
  });
}

/** Stack Auth's item quantity read (GET /payments/items/{customer_type}/{customer_id}/{item_id}). */
export function itemQuantity(ctx: SeedContext): RequestSource {
  const headers = projectHeaders(ctx.project, "server");
  const ids = ctx.users.map((u) => u.id);
  return () => ({ method: "GET", path: `/api/v1/payments/items/user/${pick(ids)}/${BENCH_ITEM_ID}`, headers });
}

/** Relative weights of the mixed workload: mostly session reads, a few writes, rare password work. */
export const mixedWeights = {
  "users-me": 60,
  refresh: 20,
  "team-permission": 10,
  "users-page": 5,
  "sign-in": 1,
  "sign-up": 0.5,
} as const;

export function mixed(ctx: SeedContext): RequestSource {
  const sources: Record<keyof typeof mixedWeights, RequestSource> = {
    "users-me": usersMe(ctx),
    refresh: refresh(ctx),
    "team-permission": teamPermission(ctx),
    "users-page": usersPage(ctx),
    "sign-in": signIn(ctx),
    "sign-up": signUp({ ...ctx, runTag: `${ctx.runTag}-mixed` }),
  };
  const entries = Object.entries(mixedWeights) as [keyof typeof mixedWeights, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [name, weight] of entries) {
      r -= weight;
      if (r < 0) return sources[name]();
    }
    return sources["users-me"]();
  };
}

/**
 * An owner's template preview (POST /emails/render-email), alternately in a plain and a Tailwind theme:
 * each one is a render in the server's sandbox pool, so a load of these keeps the pool's contexts warm.
 */
export function emailPreview(ctx: SeedContext): RequestSource {
  const headers = { ...projectHeaders(ctx.project, "admin"), ...json };
  const bodies = [plainTheme, tailwindTheme].map((theme) => JSON.stringify({ template_tsx_source: welcomeTemplate, theme_tsx_source: theme }));
  let n = 0;
  return () => ({ method: "POST", path: "/api/v1/emails/render-email", headers, body: bodies[n++ % bodies.length] });
}
