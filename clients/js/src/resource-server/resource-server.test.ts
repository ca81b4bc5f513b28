/**
 * The resource-server helper against real signed tokens (a local ES256 key published as the project's
 * JWKS by a fetch the test controls, and a frozen clock): what it accepts, what it refuses and how it
 * answers (RFC 6750 challenges with RFC 9728's resource_metadata), and the metadata document.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { BearerTokenError, createResourceServer, protectedResourceMetadataUrl, type ResourceServerOptions } from "./index.js";

const server = "https://auth.example.com";
const projectId = "3f0b7a8e-1d2c-4e5f-8a9b-0c1d2e3f4a5b";
const issuer = `${server}/api/v1/projects/${projectId}`;
const resource = "https://mcp.example.com/mcp";
const now = new Date("2026-11-28T12:00:00Z");
const seconds = Math.floor(now.getTime() / 1000);

let projectKey: CryptoKey;
let strangerKey: CryptoKey;
let jwks: { keys: unknown[] };
beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  projectKey = pair.privateKey;
  strangerKey = (await generateKeyPair("ES256")).privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "project-key", alg: "ES256" }] };
});

/** A token as the project's authorization server writes it; `claims` and `header` override its parts. */
async function token(claims: JWTPayload = {}, options: { header?: Record<string, unknown>; key?: CryptoKey } = {}) {
  return new SignJWT({ iss: issuer, sub: "user-1", aud: resource, client_id: "client-1", scope: "openid notes:read", iat: seconds - 10, exp: seconds + 600, jti: "j1", ...claims })
    .setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: "project-key", ...options.header })
    .sign(options.key ?? projectKey);
}

interface Introspection { active: boolean; seen: Request[] }
function fakeFetch(introspection: Introspection): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.url === `${issuer}/.well-known/jwks.json`) return Response.json(jwks);
    if (request.url === `${issuer}/oauth2/introspect`) {
      introspection.seen.push(request);
      return Response.json({ active: introspection.active });
    }
    return new Response("not found", { status: 404 });
  };
}

function setup(options: Partial<ResourceServerOptions> = {}) {
  const introspection: Introspection = { active: true, seen: [] };
  const api = createResourceServer({ resource, projectId, latchkeyUrl: server, requiredScopes: ["notes:read"], fetch: fakeFetch(introspection), now: () => now, ...options });
  const call = (authorization?: string) => new Request(resource, { method: "POST", headers: authorization ? { authorization } : {} });
  return { api, introspection, call };
}

async function refusal(promise: Promise<unknown>): Promise<BearerTokenError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(BearerTokenError);
  return error as BearerTokenError;
}

const metadataUrl = "https://mcp.example.com/.well-known/oauth-protected-resource/mcp";

describe("createResourceServer", () => {
  it("accepts a token the project issued for this resource and reads who it is for", async () => {
    const { api, call } = setup();
    const jwt = await token();
    const verified = await api.verify(call(`Bearer ${jwt}`));
    expect(verified).toMatchObject({ token: jwt, userId: "user-1", clientId: "client-1", scopes: ["openid", "notes:read"], expiresAt: seconds + 600, resource });
    // The scheme is case-insensitive (RFC 9110) and a Headers object works as well.
    expect((await api.verify(new Headers({ authorization: `bearer ${jwt}` }))).userId).toBe("user-1");
  });

  it("challenges a request without a token: 401, resource_metadata and the scopes to ask for, no error code", async () => {
    const { api, call } = setup();
    for (const request of [call(), call("Basic dXNlcjpwYXNz")]) {
      const result = await api.authenticate(request);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.response.status).toBe(401);
      expect(result.response.headers.get("www-authenticate")).toBe(`Bearer scope="notes:read", resource_metadata="${metadataUrl}"`);
      expect(await result.response.json()).toEqual({ error: "unauthorized", error_description: "an access token is required" });
    }
  });

  it("refuses a token for another resource, from another issuer, expired, or signed by another key, with invalid_token", async () => {
    const { api, call } = setup();
    const cases: [Promise<string>, string][] = [
      [token({ aud: "https://other.example.com/mcp" }), "the access token is not for this resource"],
      [token({ aud: projectId }), "the access token is not for this resource"],
      [token({ iss: `${server}/api/v1/projects/another-project` }), "the access token was issued by another authorization server"],
      [token({ exp: seconds - 60 }), "the access token has expired"],
      [token({}, { key: strangerKey }), "the access token's signature does not verify"],
      [token({}, { header: { kid: "unknown-key" } }), "the access token's signature does not verify"],
      [token({ client_id: undefined }), `the access token's client_id claim is missing or not valid`],
    ];
    for (const [jwt, description] of cases) {
      const error = await refusal(api.verify(call(`Bearer ${await jwt}`)));
      expect([error.code, error.status, error.description]).toEqual(["invalid_token", 401, description]);
      expect(api.wwwAuthenticate(error)).toBe(`Bearer error="invalid_token", error_description="${description}", scope="notes:read", resource_metadata="${metadataUrl}"`);
    }
  });

  it("never takes a Latchkey session token (typ JWT) or a tampered token for an OAuth access token", async () => {
    const { api, call } = setup();
    const session = await token({}, { header: { typ: "JWT" } });
    expect((await refusal(api.verify(call(`Bearer ${session}`)))).description).toBe("not an OAuth access token (typ at+jwt)");
    const [header, , signature] = (await token()).split(".");
    const otherPayload = btoa(JSON.stringify({ iss: issuer, sub: "admin", aud: resource, client_id: "client-1", scope: "notes:read", iat: seconds, exp: seconds + 600 })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    expect((await refusal(api.verify(call(`Bearer ${header}.${otherPayload}.${signature}`)))).description).toBe("the access token's signature does not verify");
    expect((await refusal(api.verify(call("Bearer not-a-jwt")))).description).toBe("the access token is malformed");
  });

  it("answers a malformed bearer header 400 invalid_request", async () => {
    const { api, call } = setup();
    const result = await api.authenticate(call("Bearer two tokens"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.status).toBe(400);
    expect(await result.response.json()).toEqual({ error: "invalid_request", error_description: "the Authorization header's bearer token is malformed" });
  });

  it("answers a token without a needed scope 403 insufficient_scope, naming every scope the request needs", async () => {
    const { api, call } = setup();
    const jwt = await token({ scope: "openid" });
    const result = await api.authenticate(call(`Bearer ${jwt}`), { scopes: ["notes:write"] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.status).toBe(403);
    expect(result.response.headers.get("www-authenticate")).toBe(`Bearer error="insufficient_scope", error_description="the access token lacks the scope notes:read notes:write", scope="notes:read notes:write", resource_metadata="${metadataUrl}"`);
    // With the scopes, the same request passes.
    expect((await api.verify(call(`Bearer ${await token({ scope: "notes:read notes:write" })}`), { scopes: ["notes:write"] })).scopes).toEqual(["notes:read", "notes:write"]);
  });

  it("refuses a client's own token (client_credentials, no user) unless the resource or the request allows machines", async () => {
    const machine = await token({ sub: "client-1", scope: "notes:read" });
    const { api, call } = setup();
    expect((await refusal(api.verify(call(`Bearer ${machine}`)))).description).toBe("this resource accepts only tokens issued for a user");
    expect((await api.verify(call(`Bearer ${machine}`), { allowMachineTokens: true })).userId).toBeNull();
    const machines = setup({ allowMachineTokens: true });
    expect(await machines.api.verify(machines.call(`Bearer ${machine}`))).toMatchObject({ userId: null, clientId: "client-1" });
  });

  it("asks the authorization server about revocation when told to, with the secret server key or client credentials", async () => {
    const { api, call, introspection } = setup({ introspection: { secretServerKey: "ssk_example" } });
    const jwt = await token();
    await api.verify(call(`Bearer ${jwt}`));
    expect(introspection.seen).toHaveLength(0);
    await api.verify(call(`Bearer ${jwt}`), { introspect: true });
    const [asked] = introspection.seen;
    expect(asked?.headers.get("x-stack-secret-server-key")).toBe("ssk_example");
    expect(asked?.headers.get("x-stack-project-id")).toBe(projectId);
    expect(Object.fromEntries(new URLSearchParams(await asked!.text()))).toEqual({ token: jwt, token_type_hint: "access_token" });
    introspection.active = false;
    expect((await refusal(api.verify(call(`Bearer ${jwt}`), { introspect: true }))).description).toBe("the access token is no longer active");

    const asClient = setup({ introspection: { clientId: "rs client", clientSecret: "s3cr:t" }, alwaysIntrospect: true });
    await asClient.api.verify(asClient.call(`Bearer ${jwt}`));
    expect(asClient.introspection.seen[0]?.headers.get("authorization")).toBe(`Basic ${btoa("rs+client:s3cr%3At")}`);
    expect(() => setup({ alwaysIntrospect: true })).toThrow(/introspection credentials/);
  });

  it("publishes the protected-resource metadata at the RFC 9728 path", async () => {
    const { api } = setup({ resourceName: "Notes", latchkeyUrl: "http://latchkey:8102", latchkeyPublicUrl: server });
    expect(api.metadataUrl).toBe(metadataUrl);
    expect(api.serveMetadata(new Request("https://mcp.example.com/mcp"))).toBeNull();
    const response = api.serveMetadata(new Request(metadataUrl))!;
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({ resource, authorization_servers: [issuer], bearer_methods_supported: ["header"], scopes_supported: ["notes:read"], resource_name: "Notes" });
    expect(api.serveMetadata(new Request(metadataUrl, { method: "OPTIONS" }))?.status).toBe(204);
    expect(api.serveMetadata(new Request(metadataUrl, { method: "POST" }))?.status).toBe(405);

    expect(protectedResourceMetadataUrl("https://api.example.com").href).toBe("https://api.example.com/.well-known/oauth-protected-resource");
    expect(protectedResourceMetadataUrl("https://api.example.com/").href).toBe("https://api.example.com/.well-known/oauth-protected-resource");
    expect(protectedResourceMetadataUrl("https://api.example.com/v1/mcp/").href).toBe("https://api.example.com/.well-known/oauth-protected-resource/v1/mcp");
    expect(() => setup({ resource: "https://mcp.example.com/mcp#x" })).toThrow(/fragment/);
    expect(() => setup({ resource: "/mcp" })).toThrow(/absolute URL/);
  });
});
