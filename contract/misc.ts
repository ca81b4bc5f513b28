import { z } from "zod";
import { defineProcedure } from "./procedure.js";

export const apiRoot = defineProcedure({
  method: "GET",
  path: "",
  access: "optional",
  summary: "API root: says who the request authenticates as",
  tags: ["Misc"],
  successStatus: 200,
  errors: [],
  contentType: "text/plain",
  query: z.strictObject({}),
  output: z.string(),
});

export const healthStatus = z.object({ status: z.literal("ok") }).meta({ id: "Health" });

export const health = defineProcedure({
  method: "GET",
  path: "/health",
  access: "public",
  summary: "Health check; with `db` set, the database is queried too",
  tags: ["Misc"],
  successStatus: 200,
  errors: [],
  query: z.strictObject({ db: z.string().optional().meta({ description: "Any value: also check the database." }) }),
  output: healthStatus,
});

export const checkFeatureSupport = defineProcedure({
  method: "POST",
  path: "/check-feature-support",
  access: "optional",
  summary: "Clients report a feature this server does not support; the answer says so in text",
  tags: ["Misc"],
  successStatus: 200,
  errors: [],
  contentType: "text/plain",
  // Clients send whatever describes the feature (at least `name`); nothing here changes state.
  body: z.looseObject({ name: z.string().max(1000).optional() }).optional(),
  output: z.string(),
});

/** This file's procedures, registered in contract/index.ts. */
export const miscProcedures = {
  apiRoot,
  health,
  checkFeatureSupport,
} as const;
