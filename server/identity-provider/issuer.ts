/** The issuer of a project (the interface's fixed URLs) and its discovery document (RFC 8414 + OpenID Connect Discovery). */
import { identityProviderGrantTypes } from "../../contract/identity-provider.js";

export function issuerOf(publicUrl: string, projectId: string): string {
  return `${publicUrl}/api/v1/projects/${projectId}`;
}

export function discoveryDocument(publicUrl: string, projectId: string, scopes: Iterable<string>, registrationEnabled: boolean, metadataDocumentsEnabled: boolean) {
  const issuer = issuerOf(publicUrl, projectId);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    revocation_endpoint: `${issuer}/oauth2/revoke`,
    introspection_endpoint: `${issuer}/oauth2/introspect`,
    end_session_endpoint: `${issuer}/oauth2/logout`,
    ...(registrationEnabled && { registration_endpoint: `${issuer}/oauth2/register` }),
    scopes_supported: [...scopes],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...identityProviderGrantTypes],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["ES256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "at_hash", "email", "email_verified", "name", "picture"],
    prompt_values_supported: ["none", "login", "consent"],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: metadataDocumentsEnabled,
  };
}
