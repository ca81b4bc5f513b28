/**
 * `@latchkey/js/resource-server`: protect an API or an MCP server with OAuth access tokens issued by a
 * Latchkey project (RFC 9068 tokens, RFC 8707 audiences, RFC 6750 challenges, RFC 9728 metadata,
 * RFC 7662 introspection). Server-side only; kept out of the browser bundle of `@latchkey/js`.
 */
export { createResourceServer, type ResourceServer, type ResourceServerOptions, type VerifyOptions } from "./resource-server.js";
export { BearerTokenError, type BearerErrorCode } from "./errors.js";
export { protectedResourceMetadataUrl, type ProtectedResourceMetadata } from "./metadata.js";
export type { VerifiedAccessToken } from "./verify.js";
export type { IntrospectionCredentials } from "./introspect.js";
