/**
 * A project's user metrics for the dashboard (misc.md §4): totals, daily sign-ups and daily active
 * users over the last 31 UTC days, recently registered and active users, and sign-in methods.
 */
import { z } from "zod";
import { defineProcedure } from "./procedure.js";
import { serverUser } from "./users.js";

const dailyCounts = z
  .array(z.object({ date: z.string().meta({ example: "2026-01-31", description: "A UTC day, `YYYY-MM-DD`." }), activity: z.number().int() }))
  .meta({ description: "One entry per UTC day, oldest first: the last 31 days, today included." });

export const projectMetrics = z
  .object({
    total_users: z.number().int(),
    daily_users: dailyCounts.meta({ description: "Sign-ups per day." }),
    daily_active_users: dailyCounts.meta({ description: "Distinct users active (signed in or refreshed a session) per day." }),
    users_by_country: z
      .record(z.string(), z.number().int())
      .meta({ description: "Users by ISO country code of their last known address. This server keeps no IP geolocation, so it is always empty." }),
    recently_registered: z.array(serverUser).meta({ description: "The 5 newest users." }),
    recently_active: z.array(serverUser).meta({ description: "The 5 most recently active users." }),
    login_methods: z
      .array(z.object({ method: z.string().meta({ example: "password" }), count: z.number().int() }))
      .meta({ description: "Users able to sign in with each method: `password`, `otp`, `passkey` or a lowercase OAuth provider type; methods no user has are left out." }),
  })
  .meta({ id: "ProjectMetrics" });

export const getProjectMetrics = defineProcedure({
  method: "GET",
  path: "/internal/metrics",
  access: "admin",
  summary: "The project's user metrics (anonymous users left out unless asked for)",
  tags: ["Projects"],
  successStatus: 200,
  errors: [],
  query: z.strictObject({ include_anonymous: z.boolean().optional() }),
  output: projectMetrics,
});

/** This file's procedures, registered in contract/index.ts. */
export const projectMetricsProcedures = { getProjectMetrics } as const;
