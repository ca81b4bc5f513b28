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
  // Clients send whatever describes the feature (`feature_name` as Stack reads it, or the SDK's `name`); nothing here changes state.
  body: z.looseObject({ feature_name: z.string().max(1000).optional(), name: z.string().max(1000).optional() }).optional(),
  output: z.string(),
});

export const checkVersion = defineProcedure({
  method: "POST",
  path: "/check-version",
  access: "optional",
  summary: "Whether a client SDK of the given version suits this server",
  description: "Versions older than 2.8 (and invalid ones) are a severe problem; later ones are up to date.",
  tags: ["Misc"],
  successStatus: 200,
  errors: [],
  body: z.strictObject({ clientVersion: z.string().max(200).meta({ example: "2.8.39" }) }),
  output: z.union([
    z.object({ upToDate: z.literal(true) }),
    z.object({ upToDate: z.literal(false), error: z.string(), severe: z.boolean() }),
  ]),
});

export const compatibility = defineProcedure({
  method: "GET",
  path: "/compatibility",
  access: "public",
  summary: "How this server relates to Stack Auth's API v1: where it deviates on purpose, what it adds",
  description:
    "Latchkey only (Stack's backend answers 404 here, which is how a client tells the two apart). "
    + "`deviations` are row ids of Stack behaviours answered differently on purpose, `extensions` names what Stack does not have; see COMPATIBILITY.md.",
  tags: ["Misc"],
  successStatus: 200,
  errors: [],
  responseHeaders: { "cache-control": "public, max-age=3600" },
  output: z
    .object({
      server: z.literal("latchkey"),
      stack_api_version: z.literal("v1"),
      stack_reference_release: z.string().meta({ example: "2.8.39" }),
      deviations: z.array(z.string()).meta({ example: ["A1", "D1"] }),
      extensions: z.array(z.string()).meta({ example: ["audit-log", "webhooks"] }),
    })
    .meta({ id: "Compatibility" }),
});

/** This file's procedures, registered in contract/index.ts. */
export const miscProcedures = {
  apiRoot,
  health,
  checkFeatureSupport,
  checkVersion,
  compatibility,
} as const;
