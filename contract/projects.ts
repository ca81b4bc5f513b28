import { z } from "zod";
import { listOf, millis, projectIdField, successResponse, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";
import { adminProjectConfig, adminProjectConfigUpdate, clientProjectConfig } from "./project-config.js";

const imageUrl = z
  .string()
  .max(1_000_000, "must be at most 1000000 characters")
  .nullable()
  .meta({ description: "An image URL or a base64 data URL.", example: "https://example.com/logo.png" });

export const clientProject = z
  .object({ id: projectIdField, display_name: z.string(), config: clientProjectConfig })
  .meta({ id: "ClientProject" });

export const adminProject = z
  .object({
    id: projectIdField,
    display_name: z.string(),
    description: z.string(),
    logo_url: imageUrl,
    full_logo_url: imageUrl,
    created_at_millis: millis,
    is_production_mode: z.boolean(),
    owner_team_id: uuid.nullable(),
    config: adminProjectConfig,
  })
  .meta({ id: "AdminProject" });

export const projectUpdate = z
  .strictObject({
    display_name: z.string().min(1, "must not be empty").max(256, "must be at most 256 characters").optional(),
    description: z.string().max(10_000, "must be at most 10000 characters").nullable().optional(),
    logo_url: imageUrl.optional(),
    full_logo_url: imageUrl.optional(),
    is_production_mode: z.boolean().optional(),
    config: adminProjectConfigUpdate.optional(),
  })
  .meta({ id: "ProjectUpdate" });

export const ownedProjectCreate = z
  .strictObject({
    ...projectUpdate.shape,
    display_name: z.string().min(1, "must not be empty").max(256, "must be at most 256 characters"),
    owner_team_id: uuid.meta({ description: "A team of the internal project that the signed-in user belongs to." }),
  })
  .meta({ id: "OwnedProjectCreate" });

export const listOwnedProjects = defineProcedure({
  method: "GET",
  path: "/internal/projects",
  access: "client",
  summary: "Projects owned by teams the signed-in internal-project user belongs to",
  tags: ["Projects"],
  successStatus: 200,
  errors: ["EXPECTED_INTERNAL_PROJECT", "USER_AUTHENTICATION_REQUIRED"],
  output: listOf(adminProject),
});

export const createOwnedProject = defineProcedure({
  method: "POST",
  path: "/internal/projects",
  access: "client",
  summary: "Create a project owned by one of the signed-in internal-project user's teams",
  tags: ["Projects"],
  successStatus: 201,
  errors: ["EXPECTED_INTERNAL_PROJECT", "USER_AUTHENTICATION_REQUIRED", "TEAM_MEMBERSHIP_NOT_FOUND", "invalidEmailTheme", "projectQuotaPerUser", "projectQuotaPerTeam", "tooManyRequests"],
  body: ownedProjectCreate,
  output: adminProject,
});

export const getCurrentProject = defineProcedure({
  method: "GET",
  path: "/projects/current",
  access: "client",
  summary: "The current project as clients see it",
  tags: ["Projects"],
  successStatus: 200,
  errors: [],
  output: clientProject,
});

export const getAdminProject = defineProcedure({
  method: "GET",
  path: "/internal/projects/current",
  access: "admin",
  summary: "The current project with its full configuration",
  tags: ["Projects"],
  successStatus: 200,
  errors: [],
  output: adminProject,
});

export const updateAdminProject = defineProcedure({
  method: "PATCH",
  path: "/internal/projects/current",
  access: "admin",
  summary: "Update the current project; list-valued config fields replace the whole list",
  tags: ["Projects"],
  successStatus: 200,
  errors: ["invalidEmailTheme"],
  body: projectUpdate,
  output: adminProject,
});

export const deleteAdminProject = defineProcedure({
  method: "DELETE",
  path: "/internal/projects/current",
  access: "admin",
  summary: "Delete the current project and everything in it",
  tags: ["Projects"],
  successStatus: 200,
  errors: ["internalProjectUndeletable"],
  output: successResponse,
});

export const transferProject = defineProcedure({
  method: "POST",
  path: "/internal/projects/transfer",
  access: "client",
  summary: "Move a project to another team of the signed-in internal-project user",
  description:
    "The user must hold `team_admin` in the project's owner team and belong to `new_team_id`. A project whose owner team the user is not in answers `PROJECT_NOT_FOUND`, as an unknown one does.",
  tags: ["Projects"],
  successStatus: 200,
  errors: ["EXPECTED_INTERNAL_PROJECT", "USER_AUTHENTICATION_REQUIRED", "PROJECT_NOT_FOUND", "TEAM_PERMISSION_REQUIRED", "TEAM_MEMBERSHIP_NOT_FOUND", "projectWithoutOwner"],
  body: z.strictObject({
    project_id: z.string().max(100).meta({ description: "The project to move." }),
    new_team_id: z.string().max(100).meta({ description: "A team of the internal project that the user belongs to." }),
  }),
  output: z.object({ success: z.literal("true").meta({ description: 'The string "true", as Stack answers.' }) }),
});

export const productionModeProblem = z
  .object({
    message: z.string().meta({ example: "Trusted domains should be HTTPS: http://example.com" }),
    relative_fix_url: z.string().meta({ description: "Where in the dashboard to fix it.", example: "/projects/internal/domains" }),
  })
  .meta({ id: "ProductionModeProblem" });

export const getProductionModeProblems = defineProcedure({
  method: "GET",
  path: "/internal/projects/current/production-mode-problems",
  access: "admin",
  summary: "What keeps the project's configuration from being fit for production (our addition; Stack's SDK computes the same list)",
  description:
    "Five checks: localhost allowed; a trusted domain that is not a valid URL, is a localhost domain, is a bare IP address, or does not use HTTPS. Each problem links to the project's domain settings.",
  tags: ["Projects"],
  successStatus: 200,
  errors: [],
  output: z.object({ items: z.array(productionModeProblem) }),
});

/** This file's procedures, registered in contract/index.ts. */
export const projectProcedures = {
  listOwnedProjects,
  createOwnedProject,
  getCurrentProject,
  getAdminProject,
  updateAdminProject,
  deleteAdminProject,
  transferProject,
  getProductionModeProblems,
} as const;
