/**
 * A project's user metrics (misc.md §4). Counts come from the database already bucketed by UTC day
 * (queries/project-metrics.ts); this fills the 31-day series, names the sign-in methods and loads the
 * recent users' linked accounts for their views.
 */
import type { z } from "zod";
import type { projectMetrics } from "../../contract/project-metrics.js";
import { utcDay } from "../db/queries/project-metrics.js";
import type { AppDeps } from "../deps.js";
import { userToJson } from "../views/users.js";
import type { RenderedConfig } from "./config/index.js";
import { withOAuthProviders } from "./oauth/user-links.js";

const DAY_MS = 86_400_000;
/** The days of the daily series, today included. */
export const METRICS_DAYS = 31;
const RECENT_USERS = 5;

export async function projectMetricsOf(
  deps: AppDeps,
  projectId: string,
  config: RenderedConfig,
  includeAnonymous: boolean,
): Promise<z.input<typeof projectMetrics>> {
  const q = deps.queries.projectMetrics;
  const today = Math.floor(deps.clock.now().getTime() / DAY_MS);
  const days = Array.from({ length: METRICS_DAYS }, (_, i) => today - METRICS_DAYS + 1 + i);
  const dateOf = (day: number) => utcDay(new Date(day * DAY_MS));
  const [total, signUps, active, registered, recentlyActive, methods] = await Promise.all([
    q.totalUsers(projectId, includeAnonymous),
    q.signUpsByDay(projectId, new Date(days[0]! * DAY_MS), includeAnonymous),
    q.activeByDay(projectId, dateOf(days[0]!), includeAnonymous),
    deps.queries.users.list(projectId, { limit: RECENT_USERS, desc: true, includeAnonymous }),
    q.recentlyActive(projectId, includeAnonymous, RECENT_USERS),
    q.loginMethodCounts(projectId, includeAnonymous),
  ]);
  const [registeredUsers, activeUsers] = await Promise.all([
    withOAuthProviders(deps, projectId, registered.records),
    withOAuthProviders(deps, projectId, recentlyActive),
  ]);

  const loginMethods = new Map<string, number>([
    ["password", methods.password],
    ["otp", methods.otp],
    ["passkey", methods.passkey],
  ]);
  for (const { providerConfigId, count } of methods.providers) {
    const method = (config.auth.oauth.providers[providerConfigId]?.type ?? "other").toLowerCase();
    loginMethods.set(method, (loginMethods.get(method) ?? 0) + count);
  }

  return {
    total_users: total,
    daily_users: days.map((day) => ({ date: dateOf(day), activity: signUps.get(day) ?? 0 })),
    daily_active_users: days.map((day) => ({ date: dateOf(day), activity: active.get(dateOf(day)) ?? 0 })),
    // No IP geolocation is kept, so no user has a known country.
    users_by_country: {},
    recently_registered: registeredUsers.map(userToJson),
    recently_active: activeUsers.map(userToJson),
    login_methods: [...loginMethods].filter(([, count]) => count > 0).map(([method, count]) => ({ method, count })),
  };
}
