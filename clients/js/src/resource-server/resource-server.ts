/**
 * `createResourceServer`: protects an API (an MCP server, any HTTP service) with OAuth access tokens that a
 * Latchkey project issues. Built on Fetch's `Request` and `Response`, so it fits Hono, Next.js route
 * handlers, Deno, Bun, Workers and, through a small adapter, node:http and Express.
 */
import { createRemoteJWKSet, customFetch } from "jose";
import { challengeResponse, wwwAuthenticate } from "./challenge.js";
import { BearerTokenError } from "./errors.js";
import { assertActive, type IntrospectionCredentials } from "./introspect.js";
import { protectedResourceMetadata, protectedResourceMetadataUrl, type ProtectedResourceMetadata } from "./metadata.js";
import { verifyJwt, type VerifiedAccessToken } from "./verify.js";

export interface ResourceServerOptions {
  /**
   * This resource's identifier: the URL clients call it at, exactly as they send it as RFC 8707's
   * `resource` (for an MCP server, its endpoint, e.g. `https://mcp.example.com/mcp`). Tokens must name it
   * as their audience.
   */
  resource: string;
  /** The Latchkey project that issues the tokens. */
  projectId: string;
  /** The Latchkey server as this resource reaches it (the JWKS and introspection are fetched there). */
  latchkeyUrl: string;
  /**
   * The server's public URL (its LATCHKEY_PUBLIC_URL), which tokens name in their issuer and clients are
   * sent to; unset: `latchkeyUrl`.
   */
  latchkeyPublicUrl?: string;
  /** Scopes every request needs (a token without one of them is answered 403 `insufficient_scope`). */
  requiredScopes?: readonly string[];
  /** Scopes the metadata document lists; unset: `requiredScopes`. */
  scopesSupported?: readonly string[];
  /** Accept tokens a client obtained for itself (`client_credentials`, no user). Default: refused. */
  allowMachineTokens?: boolean;
  /**
   * How to authenticate to the introspection endpoint: the project's secret server key, or a confidential
   * client's credentials. Needed for `introspect: true`.
   */
  introspection?: IntrospectionCredentials;
  /** Ask the server about every token (revocations take effect at once; one request per call). Default: only when `verify` is asked to. */
  alwaysIntrospect?: boolean;
  /** `resource_name` in the metadata document. */
  resourceName?: string;
  /** `resource_documentation` in the metadata document. */
  resourceDocumentation?: string;
  /** Seconds of clock skew allowed for `exp`, `iat` and `nbf`. Default 5. */
  clockToleranceSeconds?: number;
  /** The fetch used for the JWKS and introspection. Default: the global one. */
  fetch?: typeof fetch;
  /** The clock (tests). Default: the system's. */
  now?: () => Date;
}

/** What one request needs beyond the resource's defaults. */
export interface VerifyOptions {
  /** Scopes this request needs (in addition to `requiredScopes`). */
  scopes?: readonly string[];
  /** Ask the authorization server whether the token is still active (RFC 7662). */
  introspect?: boolean;
  /** Accept a `client_credentials` token here (overrides `allowMachineTokens`). */
  allowMachineTokens?: boolean;
}

/** The bearer token of an `Authorization` header; null when there is none; throws `invalid_request` when malformed. */
function bearerToken(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (header === null) return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (match) return match[1]!;
  if (/^Bearer(\s|$)/i.test(header)) throw new BearerTokenError("invalid_request", "the Authorization header's bearer token is malformed");
  return null;
}

export interface ResourceServer {
  /** This resource's identifier. */
  readonly resource: string;
  /** Where the protected-resource metadata is published (RFC 9728). */
  readonly metadataUrl: string;
  /** The path of `metadataUrl`, to route it in the resource's own server. */
  readonly metadataPath: string;
  /** The protected-resource metadata document. */
  readonly metadata: ProtectedResourceMetadata;
  /**
   * Verifies the request's bearer token; throws `BearerTokenError` (answer it with `challenge`).
   *
   * @example
   * ```ts
   * import { createResourceServer, BearerTokenError } from "@latchkey/js/resource-server";
   * const api = createResourceServer({ resource: "https://api.example.com/", projectId: "<project id>", latchkeyUrl: "https://auth.example.com" });
   * async function handle(request: Request): Promise<Response> {
   *   try {
   *     const token = await api.verify(request, { scopes: ["notes:read"] });
   *     return Response.json({ user: token.userId });
   *   } catch (error) {
   *     if (error instanceof BearerTokenError) return api.challenge(error);
   *     throw error;
   *   }
   * }
   * ```
   */
  verify(request: Request | Headers, options?: VerifyOptions): Promise<VerifiedAccessToken>;
  /**
   * `verify` that answers instead of throwing: the token, or the 400/401/403 response to send.
   *
   * @example
   * ```ts
   * const result = await api.authenticate(request);
   * if (!result.ok) return result.response;
   * console.log(result.token.scopes);
   * ```
   */
  authenticate(request: Request | Headers, options?: VerifyOptions): Promise<{ ok: true; token: VerifiedAccessToken } | { ok: false; response: Response }>;
  /** The response for a refused request: status, `WWW-Authenticate` with `resource_metadata`, JSON body. */
  challenge(error: BearerTokenError): Response;
  /** The `WWW-Authenticate` value for a refused request (for frameworks that build their own response). */
  wwwAuthenticate(error: BearerTokenError): string;
  /**
   * Answers a request for the metadata document (GET, HEAD or a CORS preflight on `metadataPath`), or
   * null for any other request.
   *
   * @example
   * ```ts
   * const metadata = api.serveMetadata(request);
   * if (metadata) return metadata;
   * ```
   */
  serveMetadata(request: Request): Response | null;
}

function checkedResource(resource: string): string {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    throw new TypeError(`resource must be an absolute URL, got ${JSON.stringify(resource)}`);
  }
  if (url.hash || resource.includes("#")) throw new TypeError("resource must not contain a fragment (RFC 8707)");
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError("resource must be an http(s) URL");
  return resource;
}

/**
 * Protects a resource with access tokens from a Latchkey project's authorization server.
 *
 * @example
 * ```ts
 * import { createResourceServer } from "@latchkey/js/resource-server";
 * const api = createResourceServer({
 *   resource: "https://mcp.example.com/mcp",
 *   projectId: "<project id>",
 *   latchkeyUrl: "https://auth.example.com",
 *   requiredScopes: ["notes:read"],
 * });
 * ```
 */
export function createResourceServer(options: ResourceServerOptions): ResourceServer {
  const resource = checkedResource(options.resource);
  const serverUrl = options.latchkeyUrl.replace(/\/+$/, "");
  const projectPath = `/api/v1/projects/${encodeURIComponent(options.projectId)}`;
  const issuer = `${(options.latchkeyPublicUrl ?? serverUrl).replace(/\/+$/, "")}${projectPath}`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const keys = createRemoteJWKSet(new URL(`${serverUrl}${projectPath}/.well-known/jwks.json`), { [customFetch]: doFetch });
  const requiredScopes = [...(options.requiredScopes ?? [])];
  const metadataUrl = protectedResourceMetadataUrl(resource);
  const metadata = protectedResourceMetadata({ resource, issuer, scopesSupported: options.scopesSupported ?? requiredScopes, resourceName: options.resourceName, resourceDocumentation: options.resourceDocumentation });
  if (options.alwaysIntrospect && !options.introspection) throw new TypeError("alwaysIntrospect needs introspection credentials");

  async function verify(request: Request | Headers, verifyOptions: VerifyOptions = {}): Promise<VerifiedAccessToken> {
    const token = bearerToken(request instanceof Headers ? request : request.headers);
    if (token === null) throw new BearerTokenError(null, "an access token is required");
    const verified = await verifyJwt({ token, keys, issuer, resource, now: options.now, clockToleranceSeconds: options.clockToleranceSeconds ?? 5 });
    if (verifyOptions.introspect || options.alwaysIntrospect) {
      if (!options.introspection) throw new TypeError("introspect: true needs the resource server's introspection credentials");
      await assertActive({ endpoint: `${serverUrl}${projectPath}/oauth2/introspect`, projectId: options.projectId, credentials: options.introspection, token, fetch: doFetch });
    }
    if (verified.userId === null && !(verifyOptions.allowMachineTokens ?? options.allowMachineTokens ?? false)) {
      throw new BearerTokenError("invalid_token", "this resource accepts only tokens issued for a user");
    }
    const needed = [...new Set([...requiredScopes, ...(verifyOptions.scopes ?? [])])];
    const missing = needed.filter((scope) => !verified.scopes.includes(scope));
    if (missing.length > 0) throw new BearerTokenError("insufficient_scope", `the access token lacks the scope ${missing.join(" ")}`, needed);
    return verified;
  }

  const challenge = (error: BearerTokenError) => challengeResponse(error, metadataUrl.href, requiredScopes);

  return {
    resource,
    metadataUrl: metadataUrl.href,
    metadataPath: metadataUrl.pathname,
    metadata,
    verify,
    async authenticate(request, verifyOptions) {
      try {
        return { ok: true, token: await verify(request, verifyOptions) };
      } catch (error) {
        if (error instanceof BearerTokenError) return { ok: false, response: challenge(error) };
        throw error;
      }
    },
    challenge,
    wwwAuthenticate: (error) => wwwAuthenticate(error, metadataUrl.href, requiredScopes),
    serveMetadata(request) {
      if (new URL(request.url).pathname !== metadataUrl.pathname) return null;
      // Browser-based clients read the document across origins (RFC 9728 asks nothing more of it).
      const cors = { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, HEAD, OPTIONS", "access-control-allow-headers": "*" };
      if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
      if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers: { allow: "GET, HEAD, OPTIONS" } });
      const headers = { ...cors, "content-type": "application/json", "cache-control": "public, max-age=300" };
      return new Response(request.method === "HEAD" ? null : JSON.stringify(metadata), { status: 200, headers });
    },
  };
}
