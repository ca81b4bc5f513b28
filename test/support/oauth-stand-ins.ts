/**
 * Small local stand-ins for the twelve providers' authorization, token and profile endpoints, on one
 * loopback port, each provider under `/<id>` with its real paths (point the server at them with
 * `oauth.providerBaseUrls: { "*": standIns.url }`). The authorization endpoint consents at once for the
 * account the test queued (or denies); the token endpoint checks client authentication, redirect URI
 * and PKCE like the provider would; profile endpoints answer in each provider's own JSON shape.
 */
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import type { OAuthProviderId } from "../../contract/project-config.js";
import { providerDefinitions } from "../../server/services/oauth/providers/index.js";

export interface StandInAccount {
  id: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  picture?: string;
}

interface Grant {
  provider: OAuthProviderId;
  account: StandInAccount;
  scopes: string[];
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
}

export interface StandIns extends AsyncDisposable {
  url: string;
  /** The account the next authorization of `provider` consents for; `"deny"` answers access_denied. */
  next(provider: OAuthProviderId, account: StandInAccount | "deny"): void;
  /** Lifetime of the access tokens handed out from now on (seconds). */
  accessTokenLifetime: number;
  /** Every token request, for assertions on client authentication and grants. */
  tokenRequests: { provider: string; grantType: string; clientAuth: "basic" | "post" }[];
  /** Access tokens that no longer work at the profile endpoints (the provider revoked them). */
  revoke(accessToken: string): void;
}

const idTokenIssuers: Partial<Record<OAuthProviderId, string>> = {
  google: "https://accounts.google.com",
  linkedin: "https://www.linkedin.com/oauth",
  apple: "https://appleid.apple.com",
};

export async function startStandIns(credentials: { clientId: string; clientSecret: string }): Promise<StandIns> {
  const queued = new Map<OAuthProviderId, StandInAccount | "deny">();
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const revoked = new Set<string>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const random = () => randomBytes(16).toString("hex");

  const standIns: StandIns = {
    url: "",
    accessTokenLifetime: 3600,
    tokenRequests: [],
    next: (provider, account) => void queued.set(provider, account),
    revoke: (token) => void revoked.add(token),
    async [Symbol.asyncDispose]() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const issueTokens = async (grant: Grant) => {
    const accessToken = `at-${grant.provider}-${random()}`;
    const refreshToken = `rt-${grant.provider}-${random()}`;
    accessTokens.set(accessToken, grant);
    refreshTokens.set(refreshToken, grant);
    const scope = grant.provider === "twitch" ? grant.scopes : grant.scopes.join(" ");
    const body: Record<string, unknown> = { access_token: accessToken, token_type: "bearer", expires_in: standIns.accessTokenLifetime, refresh_token: refreshToken, scope };
    const issuer = idTokenIssuers[grant.provider];
    if (issuer) {
      const claims = { email: grant.account.email, email_verified: grant.provider === "apple" ? String(grant.account.emailVerified ?? false) : grant.account.emailVerified ?? false };
      body.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256" })
        .setIssuer(issuer)
        .setAudience(grant.clientId)
        .setSubject(grant.account.id)
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey);
    }
    return body;
  };

  const server: Server = createServer((req, res) => {
    handle(req)
      .then(({ status, body, headers }) => {
        res.writeHead(status, { "content-type": typeof body === "string" ? "text/html" : "application/json", ...headers });
        res.end(typeof body === "string" ? body : JSON.stringify(body));
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(error));
      });
  });

  type Answer = { status: number; body: unknown; headers?: Record<string, string> };

  async function handle(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url!, standIns.url);
    const [, id, ...rest] = url.pathname.split("/");
    const provider = id as OAuthProviderId;
    const definition = providerDefinitions[provider];
    if (!definition) return { status: 404, body: { error: "unknown provider" } };
    const path = `/${rest.join("/")}`;
    const pathOf = (endpoint: string) => new URL(endpoint).pathname;
    if (path === pathOf(definition.authorizationEndpoint({}))) return authorize(provider, url.searchParams);
    if (path === pathOf(definition.tokenEndpoint({})) && req.method === "POST") return token(provider, req, new URLSearchParams(await readBody(req)));
    return profile(provider, path, req);
  }

  function authorize(provider: OAuthProviderId, params: URLSearchParams): Answer {
    const redirectUri = params.get("redirect_uri")!;
    const state = params.get("state")!;
    const account = queued.get(provider);
    queued.delete(provider);
    const back = new URL(redirectUri);
    back.searchParams.set("state", state);
    if (!account || account === "deny") {
      back.searchParams.set("error", "access_denied");
    } else {
      if (params.get("client_id") !== credentials.clientId) return { status: 400, body: { error: "invalid_client" } };
      const code = `code-${random()}`;
      const codeChallenge = params.get("code_challenge");
      codes.set(code, { provider, account, scopes: (params.get("scope") ?? "").split(" ").filter(Boolean), clientId: credentials.clientId, redirectUri, codeChallenge });
      back.searchParams.set("code", code);
    }
    if (params.get("response_mode") === "form_post") {
      // Apple posts the answer (and, on the first sign-in, the user's name) as an auto-submitted form.
      const fields = Object.fromEntries(back.searchParams);
      if (account && account !== "deny" && account.name) fields.user = JSON.stringify({ name: { firstName: account.name.split(" ")[0], lastName: account.name.split(" ").slice(1).join(" ") } });
      const action = `${back.origin}${back.pathname}`;
      const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`).join("");
      return { status: 200, body: `<html><body onload="document.forms[0].submit()"><form method="post" action="${action}">${inputs}</form></body></html>` };
    }
    return { status: 302, body: "", headers: { location: back.toString() } };
  }

  async function token(provider: OAuthProviderId, req: IncomingMessage, body: URLSearchParams): Promise<Answer> {
    const definition = providerDefinitions[provider];
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent) : [];
    const clientAuth = basic ? "basic" : "post";
    const clientId = basicId ?? body.get("client_id");
    const clientSecret = basicSecret ?? body.get("client_secret");
    standIns.tokenRequests.push({ provider, grantType: body.get("grant_type") ?? "", clientAuth });
    if (clientAuth !== definition.clientAuth || clientId !== credentials.clientId || clientSecret !== credentials.clientSecret) {
      return { status: 401, body: { error: "invalid_client" } };
    }
    if (body.get("grant_type") === "refresh_token") {
      const grant = refreshTokens.get(body.get("refresh_token") ?? "");
      if (!grant) return { status: 400, body: { error: "invalid_grant" } };
      const answer = await issueTokens(grant);
      delete answer.id_token;
      return { status: 200, body: answer };
    }
    const grant = codes.get(body.get("code") ?? "");
    codes.delete(body.get("code") ?? "");
    if (!grant || grant.provider !== provider || grant.redirectUri !== body.get("redirect_uri")) return { status: 400, body: { error: "invalid_grant" } };
    if (grant.codeChallenge !== null) {
      const verifier = body.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== grant.codeChallenge) return { status: 400, body: { error: "invalid_grant" } };
    }
    return { status: 200, body: await issueTokens(grant) };
  }

  function profile(provider: OAuthProviderId, path: string, req: IncomingMessage): Answer {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const grant = accessTokens.get(bearer);
    if (!grant || grant.provider !== provider || revoked.has(bearer)) return { status: 401, body: { error: "invalid_token" } };
    if (provider === "twitch" && req.headers["client-id"] !== credentials.clientId) return { status: 401, body: { error: "missing client id" } };
    const answer = profileShapes[provider]?.(path, grant.account);
    return answer === undefined ? { status: 404, body: { error: `no ${provider} endpoint ${path}` } } : { status: 200, body: answer };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIns.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIns;
}

/** Each provider's profile answers, in its own JSON shape. */
const profileShapes: Partial<Record<OAuthProviderId, (path: string, a: StandInAccount) => unknown>> = {
  google: (path, a) => (path === "/v1/userinfo" ? { sub: a.id, email: a.email, email_verified: a.emailVerified ?? false, name: a.name, picture: a.picture } : undefined),
  github: (path, a) =>
    path === "/user"
      ? { id: Number(a.id), login: `login-${a.id}`, name: a.name ?? null, avatar_url: a.picture, email: null }
      : path === "/user/emails"
        ? (a.email ? [{ email: `other-${a.email}`, primary: false, verified: true }, { email: a.email, primary: true, verified: a.emailVerified ?? false }] : [])
        : undefined,
  microsoft: (path, a) => (path === "/v1.0/me" ? { id: a.id, displayName: a.name, mail: a.email ?? null, userPrincipalName: a.email ?? `${a.id}@example.onmicrosoft.com` } : undefined),
  spotify: (path, a) => (path === "/v1/me" ? { id: a.id, display_name: a.name, email: a.email, images: a.picture ? [{ url: a.picture }] : [] } : undefined),
  facebook: (path, a) => (path === "/v16.0/me" ? { id: a.id, name: a.name, email: a.email, picture: { data: { url: a.picture } } } : undefined),
  discord: (path, a) => (path === "/api/users/@me" ? { id: a.id, username: `user${a.id}`, global_name: a.name, email: a.email, verified: a.emailVerified ?? false, avatar: a.picture ? "avatarhash" : null } : undefined),
  gitlab: (path, a) =>
    path === "/api/v4/user"
      ? { id: Number(a.id), username: `user${a.id}`, name: a.name, email: a.email, confirmed_at: a.emailVerified ? "2024-01-01T00:00:00Z" : null, avatar_url: a.picture }
      : undefined,
  bitbucket: (path, a) =>
    path === "/2.0/user"
      ? { uuid: `{${a.id}}`, display_name: a.name, links: { avatar: { href: a.picture } } }
      : path === "/2.0/user/emails"
        ? { values: a.email ? [{ email: a.email, is_primary: true, is_confirmed: a.emailVerified ?? false }] : [] }
        : undefined,
  linkedin: (path, a) => (path === "/v2/userinfo" ? { sub: a.id, name: a.name, email: a.email, email_verified: a.emailVerified ?? false, picture: a.picture } : undefined),
  x: (path, a) => (path === "/2/users/me" ? { data: { id: a.id, name: a.name, username: `user${a.id}`, profile_image_url: a.picture } } : undefined),
  twitch: (path, a) => (path === "/helix/users" ? { data: [{ id: a.id, login: `user${a.id}`, display_name: a.name, email: a.email, profile_image_url: a.picture }] } : undefined),
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString()));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
