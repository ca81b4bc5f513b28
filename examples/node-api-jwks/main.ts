/**
 * A tiny HTTP API that checks Latchkey access tokens two ways. See README.md.
 *
 *   GET /whoami/sdk   reads the user with the server SDK (one request to Latchkey per call)
 *   GET /whoami/jose  verifies the access token locally with jose and the project's JWKS (no call per request)
 *
 * Browsers send `x-stack-auth` (what `user.getAuthHeaders()` answers: both tokens as JSON); /whoami/jose
 * also takes `Authorization: Bearer <access token>`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { pathToFileURL } from "node:url";
import { StackServerApp } from "@latchkey/js";
import { createRemoteJWKSet, errors, jwtVerify } from "jose";

export interface ApiConfig {
  /** The Latchkey server, as this API reaches it (the SDK's calls, the JWKS). */
  latchkeyUrl: string;
  /**
   * The server's public URL (its LATCHKEY_PUBLIC_URL), which access tokens name as their issuer; unset:
   * `latchkeyUrl`. Set it when this API reaches the server under another name (a container or service
   * name, 127.0.0.1 for localhost): the JWKS is fetched where the server is reached, the issuer stays public.
   */
  latchkeyPublicUrl?: string;
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
}

/** The request's headers as a Fetch `Headers` (what the SDK's request token store reads). */
function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
  return headers;
}

/** The access token: from `x-stack-auth`, else from `Authorization: Bearer`. */
function accessTokenOf(headers: Headers): string | null {
  const auth = headers.get("x-stack-auth");
  if (auth) {
    try {
      const parsed = JSON.parse(auth) as { accessToken?: unknown };
      return typeof parsed.accessToken === "string" ? parsed.accessToken : null;
    } catch {
      return null;
    }
  }
  return /^Bearer (.+)$/.exec(headers.get("authorization") ?? "")?.[1] ?? null;
}

/** A token refused for a reason worth telling (the 401's message). */
class TokenRefused extends Error {}

export function createApi(config: ApiConfig): Server {
  const latchkey = new StackServerApp({ baseUrl: config.latchkeyUrl, projectId: config.projectId, publishableClientKey: config.publishableClientKey, secretServerKey: config.secretServerKey, tokenStore: null });
  // The issuer and audience Latchkey writes into access tokens; the key set is fetched once and cached.
  const issuer = `${config.latchkeyPublicUrl ?? config.latchkeyUrl}/api/v1/projects/${config.projectId}`;
  const keys = createRemoteJWKSet(new URL(`${config.latchkeyUrl}/api/v1/projects/${config.projectId}/.well-known/jwks.json`));

  async function viaSdk(headers: Headers) {
    // The SDK reads the session from a request-like object (the `x-stack-auth` header, or its cookies),
    // refreshing the access token when needed, and asks Latchkey who it belongs to.
    if (!headers.has("x-stack-auth") && !headers.has("cookie")) return null;
    const user = await latchkey.getUser({ tokenStore: { headers } });
    return user ? { userId: user.id, primaryEmail: user.primaryEmail } : null;
  }

  /** Verifies a token with jose; a token from another issuer is refused with a message that names both. */
  async function viaJose(headers: Headers) {
    const token = accessTokenOf(headers);
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: config.projectId, algorithms: ["ES256"] });
      return { userId: payload.sub ?? null, expiresAt: payload.exp ? new Date(payload.exp * 1000).toISOString() : null };
    } catch (error) {
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === "iss") {
        throw new TokenRefused(`token issued by ${String(error.payload.iss)}, expected ${issuer} (set LATCHKEY_PUBLIC_URL to the server's public URL)`);
      }
      return null;
    }
  }

  return createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const check = request.url === "/whoami/sdk" ? viaSdk : request.url === "/whoami/jose" ? viaJose : null;
    if (!check) return send(404, { error: "Try GET /whoami/sdk or GET /whoami/jose" });
    check(headersOf(request)).then(
      (who) => (who ? send(200, who) : send(401, { error: "Invalid or expired access token" })),
      (error: unknown) => send(error instanceof TokenRefused ? 401 : 500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const need = (name: string) => env[name] ?? (() => { throw new Error(`Set ${name} (see README.md)`); })();
  const api = createApi({
    latchkeyUrl: env.LATCHKEY_URL ?? "http://localhost:8102",
    latchkeyPublicUrl: env.LATCHKEY_PUBLIC_URL || undefined,
    projectId: need("LATCHKEY_PROJECT_ID"),
    publishableClientKey: need("LATCHKEY_PUBLISHABLE_CLIENT_KEY"),
    secretServerKey: need("LATCHKEY_SECRET_SERVER_KEY"),
  });
  const port = Number(env.PORT ?? 3000);
  api.listen(port, "127.0.0.1", () => console.log(`API listening on http://127.0.0.1:${port}`));
}
