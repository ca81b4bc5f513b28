/**
 * The reviewed table behind the tenant-isolation matrix (isolation.test.ts), assembled from one file per
 * area; what an entry says is explained in isolation-route-case.ts. A route missing here fails the matrix,
 * so a new route cannot slip through unreviewed; two files reviewing the same route fail it too.
 */
import { authIsolationRoutes } from "./isolation-routes-auth.js";
import { emailIsolationRoutes } from "./isolation-routes-emails.js";
import { oauthIsolationRoutes } from "./isolation-routes-oauth.js";
import { projectIsolationRoutes } from "./isolation-routes-projects.js";
import { roundTwoIsolationRoutes } from "./isolation-routes-round-2.js";
import { userIsolationRoutes } from "./isolation-routes-users.js";
import type { RouteCase } from "./isolation-route-case.js";

export { defined, type RouteCase, type RouteContext, type VictimRequest } from "./isolation-route-case.js";

function merge(...parts: Record<string, RouteCase>[]): Record<string, RouteCase> {
  const all: Record<string, RouteCase> = {};
  for (const part of parts) {
    for (const [route, entry] of Object.entries(part)) {
      if (route in all) throw new Error(`${route} is reviewed twice in the isolation tables`);
      all[route] = entry;
    }
  }
  return all;
}

export const isolationRoutes = merge(authIsolationRoutes, userIsolationRoutes, projectIsolationRoutes, emailIsolationRoutes, oauthIsolationRoutes, roundTwoIsolationRoutes);
