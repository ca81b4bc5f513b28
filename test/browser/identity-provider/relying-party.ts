/**
 * A relying party built on openid-client, run as its own process by relying-party.test.ts (issue 40
 * acceptance): it discovers the project's issuer, sends the browser through the code flow with PKCE,
 * state and nonce, verifies the ID token's signature against the discovered JWKS, reads userinfo and
 * then, as the scenario of the sign-in asks, rotates its refresh token and presents the old one again,
 * or revokes it. Each callback answers a JSON report in the page (`<pre id="report">`); /logout starts
 * RP-initiated logout. Node runs this file as it is (type stripping), so it imports nothing of the repo.
 *
 * Environment: ISSUER, CLIENT_ID, CLIENT_SECRET, PORT.
 */
import { createServer, type ServerResponse } from "node:http";
import * as oidc from "openid-client";

const { ISSUER, CLIENT_ID, CLIENT_SECRET, PORT } = process.env;
if (!ISSUER || !CLIENT_ID || !CLIENT_SECRET || !PORT) throw new Error("ISSUER, CLIENT_ID, CLIENT_SECRET and PORT are required");
const base = `http://localhost:${PORT}`;
const redirectUri = `${base}/callback`;

const config = await oidc.discovery(new URL(ISSUER), CLIENT_ID, CLIENT_SECRET, oidc.ClientSecretBasic(), {
  // The test server speaks plain http on localhost; ID tokens are checked against the JWKS.
  execute: [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks],
});

interface Pending {
  verifier: string;
  nonce: string;
  scenario: string;
}
const pending = new Map<string, Pending>();
let lastIdToken: string | undefined;

/** What an openid-client failure says: the OAuth error code when the server sent one. */
function failure(error: unknown): { error: string; description?: string } {
  const e = error as { error?: string; error_description?: string; code?: string; message?: string };
  return { error: e.error ?? e.code ?? "unknown", description: e.error_description ?? e.message };
}

async function attempt<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string; description?: string }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, ...failure(error) };
  }
}

async function callback(url: URL): Promise<Record<string, unknown>> {
  const state = url.searchParams.get("state") ?? "";
  const flow = pending.get(state);
  if (!flow) return { error: "unknown_state" };
  pending.delete(state);
  const tokens = await attempt(() => oidc.authorizationCodeGrant(config, url, { pkceCodeVerifier: flow.verifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true }));
  if (!tokens.ok) return { error: tokens.error, description: tokens.description };
  const { value } = tokens;
  const claims = value.claims()!;
  lastIdToken = value.id_token;
  const userinfo = await oidc.fetchUserInfo(config, value.access_token, claims.sub);
  const report: Record<string, unknown> = { claims, userinfo, scope: value.scope, hasRefreshToken: typeof value.refresh_token === "string" };
  const refreshToken = value.refresh_token!;
  if (flow.scenario === "rotate") {
    const rotated = await oidc.refreshTokenGrant(config, refreshToken);
    report.rotatedToNewToken = typeof rotated.refresh_token === "string" && rotated.refresh_token !== refreshToken;
    report.rotatedIdTokenSub = rotated.claims()?.sub;
    report.reuse = await attempt(() => oidc.refreshTokenGrant(config, refreshToken));
    report.newestAfterReuse = await attempt(() => oidc.refreshTokenGrant(config, rotated.refresh_token!));
  }
  if (flow.scenario === "revoke") {
    const introspected = await oidc.tokenIntrospection(config, value.access_token);
    report.introspection = { active: introspected.active, sub: introspected.sub, client_id: introspected.client_id };
    await oidc.tokenRevocation(config, refreshToken, { token_type_hint: "refresh_token" });
    report.refreshAfterRevocation = await attempt(() => oidc.refreshTokenGrant(config, refreshToken));
    // Revoking the refresh token revoked its grant: the access token of the same grant is inactive too.
    report.introspectionAfterRevocation = { active: (await oidc.tokenIntrospection(config, value.access_token)).active };
  }
  return report;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(body);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", base);
  void (async () => {
    if (url.pathname === "/login") {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      pending.set(state, { verifier, nonce, scenario: url.searchParams.get("scenario") ?? "plain" });
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: "openid profile email offline_access",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
      };
      const prompt = url.searchParams.get("prompt");
      if (prompt) parameters.prompt = prompt;
      return send(res, 302, "", { location: oidc.buildAuthorizationUrl(config, parameters).href });
    }
    if (url.pathname === "/callback") {
      const report = await callback(url);
      return send(res, 200, `<!doctype html><title>Relying party</title><h1>Back at the relying party</h1><pre id="report">${escapeHtml(JSON.stringify(report))}</pre>`);
    }
    if (url.pathname === "/logout") {
      const parameters: Record<string, string> = { post_logout_redirect_uri: `${base}/logged-out`, state: "bye" };
      if (lastIdToken) parameters.id_token_hint = lastIdToken;
      return send(res, 302, "", { location: oidc.buildEndSessionUrl(config, parameters).href });
    }
    if (url.pathname === "/logged-out") return send(res, 200, `<!doctype html><title>Signed out</title><h1>Signed out of the relying party</h1><p id="state">${escapeHtml(url.searchParams.get("state") ?? "")}</p>`);
    return send(res, 404, "not found");
  })().catch((error: unknown) => send(res, 500, `<pre id="report">${escapeHtml(JSON.stringify({ error: "crash", description: String(error) }))}</pre>`));
});

server.listen(Number(PORT), "127.0.0.1", () => console.log(`relying party ready at ${base}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
