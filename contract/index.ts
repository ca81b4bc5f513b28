/**
 * The whole API: every procedure by name. The REST routes, the tRPC router, openapi.json and the
 * SDK types are all derived from this object.
 */
import "./validation-messages.js";
import * as config from "./config.js";
import * as internalApiKeys from "./internal-api-keys.js";
import * as misc from "./misc.js";
import * as projects from "./projects.js";

export const contract = {
  apiRoot: misc.apiRoot,
  health: misc.health,
  checkFeatureSupport: misc.checkFeatureSupport,
  getCurrentProject: projects.getCurrentProject,
  getAdminProject: projects.getAdminProject,
  updateAdminProject: projects.updateAdminProject,
  deleteAdminProject: projects.deleteAdminProject,
  getConfig: config.getConfig,
  updateConfigOverride: config.updateConfigOverride,
  listInternalApiKeys: internalApiKeys.listInternalApiKeys,
  createInternalApiKey: internalApiKeys.createInternalApiKey,
  getInternalApiKey: internalApiKeys.getInternalApiKey,
  updateInternalApiKey: internalApiKeys.updateInternalApiKey,
} as const;

export type Contract = typeof contract;
export type ProcedureName = keyof Contract;
