/**
 * The identity provider's code flow as HTTP tests drive it in-process (issue 40): a project with a
 * signed-up user and a confidential client, the authorize redirect to the consent page (the user's
 * session is the hosted pages' refresh-token cookie), allowing it, and the token endpoint.
 */
import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { ProjectCredentials, TestInstance } from "../../../support/instance.js";

export const redirectUri = "https://rp.example.com/callback";

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface FlowSetup {
  project: ProjectCredentials;
  userId: string;
  client: { id: string; secret: string };
  cookie: string;
}

export async function setUp(lk: TestInstance, allowedScopes = ["openid", "profile", "email", "offline_access"], project?: ProjectCredentials): Promise<FlowSetup> {
  project ??= await lk.createProject();
  const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "ada@example.com", password: "a fine password", verification_callback_url: "http://localhost:3000/verify" } });
  expect(signUp.status).toBe(200);
  const created = await lk.call("POST", "/internal/oauth-clients", {
    access: "admin",
    project,
    body: { name: "Partner app", type: "confidential", redirect_uris: [redirectUri], allowed_scopes: allowedScopes },
  });
  expect(created.status, created.text).toBe(201);
  const cookie = `stack-refresh-${project.id}=${encodeURIComponent(signUp.body.refresh_token)}`;
  return { project, userId: signUp.body.user_id as string, client: { id: created.body.client_id as string, secret: created.body.client_secret as string }, cookie };
}

export const base = (project: ProjectCredentials) => `/api/v1/projects/${project.id}`;

export function authorizeUrl(project: ProjectCredentials, clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "openid profile email offline_access", state: "s1", nonce: "n1", code_challenge: challenge, code_challenge_method: "S256", ...extra });
  return `${base(project)}/oauth2/authorize?${query}`;
}

/** Follows the authorize redirect to the consent page and allows it (`onPage` sees its HTML); returns the code. */
export async function authorize(lk: TestInstance, setup: FlowSetup, challenge: string, extra: Record<string, string> = {}, onPage?: (html: string) => void) {
  const first = await lk.app.request(authorizeUrl(setup.project, setup.client.id, challenge, extra), { headers: { cookie: setup.cookie } });
  expect(first.status).toBe(302);
  const consentPath = first.headers.get("location")!;
  expect(consentPath).toMatch(/^\/handler\/oauth2\/consent\?/);
  const page = await lk.app.request(consentPath, { headers: { cookie: setup.cookie } });
  // A consent given before for these scopes is remembered: straight back to the client.
  if (page.status === 302) return new URL(page.headers.get("location")!).searchParams.get("code")!;
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Partner app");
  onPage?.(html);
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)![1]!.replace(/&amp;/g, "&");
  const post = await lk.app.request(`/handler/oauth2/consent?project_id=${setup.project.id}`, {
    method: "POST",
    headers: { cookie: setup.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request: field("request"), csrf: field("csrf"), decision: "allow" }).toString(),
  });
  expect(post.status).toBe(303);
  const back = new URL(post.headers.get("location")!);
  expect(back.origin + back.pathname).toBe(redirectUri);
  expect(back.searchParams.get("state")).toBe("s1");
  return back.searchParams.get("code")!;
}

export async function token(lk: TestInstance, project: ProjectCredentials, client: { id: string; secret: string }, form: Record<string, string>) {
  const res = await lk.app.request(`${base(project)}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}` },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
