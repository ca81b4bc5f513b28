/**
 * Issue 40: @latchkey/js/resource-server against a real project's tokens (in-process server, its signing
 * keys, JWKS and introspection endpoint reached through `app.request`). A client_credentials token for the
 * resource passes only where machines are allowed; a token for another resource, the project's own
 * session token and another project's token (signed by its keys) are refused; introspection runs with the secret server key,
 * and a wrong key is an error of the resource's configuration, not the caller's token.
 */
import { describe, expect, it } from "vitest";
import { BearerTokenError, createResourceServer } from "@latchkey/js/resource-server";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const RESOURCE = "https://api.example.com/notes";

async function machineClient(lk: TestInstance, project: ProjectCredentials) {
  const created = await lk.call("POST", "/internal/oauth-clients", {
    access: "admin",
    project,
    body: { name: "Nightly job", type: "confidential", redirect_uris: [], allowed_scopes: ["openid"], grant_types: ["client_credentials"] },
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.client_id as string, secret: created.body.client_secret as string };
}

async function clientCredentialsToken(lk: TestInstance, project: ProjectCredentials, client: { id: string; secret: string }, resource: string): Promise<string> {
  const response = await lk.app.request(`/api/v1/projects/${project.id}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa(`${client.id}:${client.secret}`)}` },
    body: new URLSearchParams({ grant_type: "client_credentials", resource }).toString(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe.each(testDialects)("the resource-server helper with a real project's tokens on %s", (dialect) => {
  it("verifies the project's tokens for its resource and refuses the rest", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const client = await machineClient(lk, project);
    const options = {
      resource: RESOURCE,
      projectId: project.id,
      latchkeyUrl: lk.deps.config.publicUrl,
      fetch: ((input, init) => lk.app.request(new Request(input, init))) as typeof fetch,
      now: () => lk.clock.now(),
    };
    const api = createResourceServer({ ...options, allowMachineTokens: true, introspection: { secretServerKey: project.keys.secretServerKey } });
    const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof BearerTokenError ? error.description : error));

    const token = await clientCredentialsToken(lk, project, client, RESOURCE);
    expect(await api.verify(bearer(token), { introspect: true })).toMatchObject({ userId: null, clientId: client.id, resource: RESOURCE });
    expect(await refusal(createResourceServer(options).verify(bearer(token)))).toBe("this resource accepts only tokens issued for a user");

    expect(await refusal(api.verify(bearer(await clientCredentialsToken(lk, project, client, "https://other.example.com/"))))).toBe("the access token is not for this resource");
    const otherClient = await machineClient(lk, other);
    expect(await refusal(api.verify(bearer(await clientCredentialsToken(lk, other, otherClient, RESOURCE))))).toBe("the access token's signature does not verify");

    const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "ada@example.com", password: "a fine password", verification_callback_url: "http://localhost:3000/verify" } });
    expect(signUp.status).toBe(200);
    expect(await refusal(api.verify(bearer(signUp.body.access_token as string)))).toBe("not an OAuth access token (typ at+jwt)");

    // A resource configured with a wrong key cannot ask: an error of its own, not a 401 for the caller.
    const misconfigured = createResourceServer({ ...options, allowMachineTokens: true, introspection: { secretServerKey: other.keys.secretServerKey } });
    await expect(misconfigured.verify(bearer(token), { introspect: true })).rejects.toThrow(/introspection .* answered 401/);
  });
});
