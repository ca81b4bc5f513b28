/**
 * The protected-resource metadata of RFC 9728: where it is published for a resource identifier, and what
 * it says (the resource, the authorization server that issues its tokens, the scopes it knows).
 */

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** RFC 9728, section 3.1: the well-known path inserted between the host and the resource's path. */
export function protectedResourceMetadataUrl(resource: string): URL {
  const url = new URL(resource);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return new URL(`${WELL_KNOWN}${path}`, url.origin);
}

/** The metadata document's fields this helper writes (RFC 9728, section 2). */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  bearer_methods_supported: ["header"];
  scopes_supported?: string[];
  resource_name?: string;
  resource_documentation?: string;
}

export function protectedResourceMetadata(input: { resource: string; issuer: string; scopesSupported?: readonly string[]; resourceName?: string; resourceDocumentation?: string }): ProtectedResourceMetadata {
  return {
    resource: input.resource,
    authorization_servers: [input.issuer],
    bearer_methods_supported: ["header"],
    ...(input.scopesSupported?.length ? { scopes_supported: [...input.scopesSupported] } : {}),
    ...(input.resourceName ? { resource_name: input.resourceName } : {}),
    ...(input.resourceDocumentation ? { resource_documentation: input.resourceDocumentation } : {}),
  };
}
