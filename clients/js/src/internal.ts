/**
 * Building blocks the React bindings (@latchkey/react) share with this SDK: the cache the hooks subscribe
 * to and the session type its keys hold. Not part of the Stack-compatible surface; may change between
 * minor versions.
 */
export { AsyncCache, keyText, cacheIdleMs, type CachedValue, type CacheStrategy } from "./core/cache/async-cache.js";
export type { Session, Tokens } from "./core/tokens/session.js";
export type { AppContext, ClientUserJson, ServerUserJson, ClientTeamJson, ServerTeamJson } from "./apps/context.js";
export type { ProjectJson } from "./apps/objects/project.js";
export { projectOf } from "./apps/objects/project.js";
export { registerObjectDecorator, type DecoratedKind, type ObjectDecorator } from "./apps/decorate.js";
export { registerOwnedProjectAdminApp } from "./apps/admin-app.js";
// The session cookies' names and lifetimes (SPEC section 9), for bindings that read and write them on servers (@latchkey/next).
export { accessTokenCookieMaxAgeSeconds, accessTokenCookieName, httpsFlagCookieName, refreshTokenCookieMaxAgeSeconds, refreshTokenCookieName } from "./core/tokens/cookie-names.js";
// The typed transport and the sessions of a token store, for the front ends that need no app object
// (the dashboard keeps its owner's session with them; the hosted payments pages call with them).
export { Transport, type TransportOptions } from "./core/transport/transport.js";
export { buildPath, typedApi, type Method, type OperationOf, type PathsWith, type RequestParts, type ResponseOf, type TypedApi } from "./core/transport/typed-api.js";
export { SessionRegistry } from "./apps/sessions.js";
export type { ClientPaths, ClientComponents } from "./generated.js";
