import { z } from "zod";
import { defineProcedure } from "./procedure.js";

export const getConfig = defineProcedure({
  method: "GET",
  path: "/internal/config",
  access: "admin",
  summary: "The project's complete rendered configuration, as JSON text",
  tags: ["Config"],
  successStatus: 200,
  errors: [],
  output: z.object({ config_string: z.string().meta({ description: "JSON text of the rendered configuration tree." }) }),
});

export const updateConfigOverride = defineProcedure({
  method: "PATCH",
  path: "/internal/config/override",
  access: "admin",
  summary: "Apply a configuration override (dot-path keys replace that path and everything below it)",
  tags: ["Config"],
  successStatus: 200,
  errors: ["SCHEMA_ERROR", "invalidConfigJson", "invalidConfigOverride"],
  body: z.strictObject({
    config_override_string: z
      .string()
      .max(1_000_000, "must be at most 1000000 characters")
      .optional()
      .meta({ description: "JSON text of an override object.", example: '{"auth.allowSignUp": false}' }),
  }),
  output: z.object({}),
});

/** This file's procedures, registered in contract/index.ts. */
export const configProcedures = {
  getConfig,
  updateConfigOverride,
} as const;
