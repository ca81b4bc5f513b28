/**
 * The only door to the repository's generated/ folder (the dependency rule: clients import generated/,
 * never server/ or contract/). The per-level `paths` types type every request; the known-error table is
 * the one runtime value taken from there.
 */
export type { paths as ClientPaths, components as ClientComponents } from "../../../generated/schema.client.js";
export type { paths as ServerPaths, components as ServerComponents } from "../../../generated/schema.server.js";
export type { paths as AdminPaths, components as AdminComponents } from "../../../generated/schema.admin.js";
export { knownErrorStatuses, type KnownErrorCode } from "../../../generated/known-errors.js";
/** Any JSON value (metadata fields): the generated schema's self-referring alias. */
export type { RecursiveJsonValue as JsonValue } from "../../../generated/schema.client.js";
