export { mergeOverride, expandOverride, validateOverride } from "./override.js";
export type { ConfigOverride, OverrideValidation } from "./override.js";
export { renderConfig } from "./render.js";
export { configDefaults, defaultEmailThemeId, defaultDarkEmailThemeId, builtInEmailTemplateIds } from "./defaults.js";
export { toAdminProjectConfig, toClientProjectConfig, legacyUpdateToOverride } from "./legacy.js";
export { environmentConfigSchema, renderedConfigSchema, partialTreeSchema } from "./tree-schema.js";
export type { RenderedConfig } from "./tree-schema.js";
