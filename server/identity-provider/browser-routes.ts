/**
 * The browser's side of the flow: the authorization endpoint, the consent page (`/handler/oauth2/consent`)
 * and RP-initiated logout. The user's session is the hosted pages' own: their refresh-token cookie on this
 * origin. Signing in goes through the hosted sign-in page (every method, MFA included) with
 * `after_auth_return_to` back to the consent page.
 */
import type { Context, Hono } from "hono";
import type { OAuthClientRow } from "../db/queries/identity-provider.js";
import type { AppDeps } from "../deps.js";
import { brandedProject, projectBranding } from "../services/branding/branding.js";
import { safeEqual } from "../services/secrets.js";
import { checkAuthorizationRequest, openRequest, redirectWith, sealRequest, sessionIsFreshEnough, type AuthorizationRequest } from "./authorization-request.js";
import { consentPage, messagePage } from "./consent-html.js";
import { grantConsent, issueCode } from "./grants.js";
import { endHostedSession, signedInUser, withCookiesOf, type SignedIn } from "./hosted-session.js";
import { issuerOf } from "./issuer.js";
import { readForm } from "./oauth-reply.js";
import { scopesUserHolds } from "./scope-permissions.js";
import { covers, describeScope } from "./scopes.js";

export const CONSENT_PATH = "/handler/oauth2/consent";
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CSRF_PURPOSE = "oauth2-consent-form";

function pageCsp(extraFormTargets: string[], imageOrigins: string[] = []): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    // Project logos stored as data URLs are served by this server (its public URL may be plain http).
    `img-src https: data: ${imageOrigins.join(" ")}`.trim(),
    `form-action 'self' ${extraFormTargets.join(" ")}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function html(body: string, status = 200, formTargets: string[] = [], imageOrigins: string[] = []): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": pageCsp(formTargets, imageOrigins), "x-frame-options": "DENY", "referrer-policy": "no-referrer" },
  });
}

const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });

/** The form-action source of a redirect URI: its origin, or its scheme for a native app's private-use scheme. */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
}

function consentUrl(projectId: string, sealed: string): string {
  return `${CONSENT_PATH}?project_id=${encodeURIComponent(projectId)}&request=${encodeURIComponent(sealed)}`;
}

function signInUrl(projectId: string, returnTo: string): string {
  return `/handler/sign-in?project_id=${encodeURIComponent(projectId)}&after_auth_return_to=${encodeURIComponent(returnTo)}`;
}

async function sendCode(deps: AppDeps, request: AuthorizationRequest, client: OAuthClientRow, user: SignedIn, status = 302): Promise<Response> {
  const code = await issueCode(deps, request, client, user.user.id, user.session.createdAt);
  return redirect(redirectWith(request.redirectUri, { code, state: request.state, iss: issuerOf(deps.config.publicUrl, request.projectId) }), status);
}

function sendError(deps: AppDeps, request: AuthorizationRequest, error: string, description: string, status = 302): Response {
  return redirect(redirectWith(request.redirectUri, { error, error_description: description, state: request.state, iss: issuerOf(deps.config.publicUrl, request.projectId) }), status);
}

/** The request narrowed to the scopes the user may be granted (project scopes need their permission), or null when none is left. */
async function narrowedFor(deps: AppDeps, request: AuthorizationRequest, user: SignedIn): Promise<AuthorizationRequest | null> {
  const scopes = await scopesUserHolds(deps, request.projectId, user.user.id, request.scopes);
  return scopes.length === 0 ? null : { ...request, scopes };
}

const NOTHING_HELD = "the user holds none of the permissions the requested scopes stand for";

function csrfOf(deps: AppDeps, sealed: string, sessionId: string): string {
  return deps.secrets.mac(`${sessionId}:${sealed}`, CSRF_PURPOSE);
}

export function mountBrowserRoutes(app: Hono, deps: AppDeps): void {
  app.get("/api/v1/projects/:project_id/oauth2/authorize", async (c) => {
    const projectId = c.req.param("project_id");
    if (!PROJECT_ID.test(projectId) || !(await deps.queries.projects.find(projectId))) return html(messagePage("Unknown project", "This sign-in link names no project of this server."), 404);
    const checked = await checkAuthorizationRequest(deps, projectId, new URL(c.req.url).searchParams);
    if (checked.kind === "page") return html(messagePage("This sign-in link does not work", checked.message), checked.status);
    if (checked.kind === "redirect") {
      return redirect(redirectWith(checked.redirectUri, { error: checked.error, error_description: checked.description, state: checked.state, iss: issuerOf(deps.config.publicUrl, projectId) }));
    }
    const { request: asked, client } = checked;
    if (asked.prompt.includes("none")) {
      const user = await signedInUser(deps, c, projectId);
      if (!user || !sessionIsFreshEnough(asked, user.session.createdAt, deps.clock.now())) return sendError(deps, asked, "login_required", "the user is not signed in");
      const request = await narrowedFor(deps, asked, user);
      if (!request) return sendError(deps, asked, "access_denied", NOTHING_HELD);
      const consent = await deps.queries.identityProvider.findConsent(projectId, user.user.id, client.id);
      if (!consent || !covers(consent.scopes, request.scopes)) return sendError(deps, request, "consent_required", "the user has not consented to these scopes");
      return sendCode(deps, request, client, user);
    }
    return redirect(consentUrl(projectId, sealRequest(deps, asked)));
  });

  app.get(CONSENT_PATH, async (c) => {
    const projectId = c.req.query("project_id") ?? "";
    const sealed = c.req.query("request") ?? "";
    const asked = PROJECT_ID.test(projectId) ? openRequest(deps, projectId, sealed) : null;
    if (!asked) return html(messagePage("This sign-in has expired", "Go back to the app and start signing in again."), 400);
    const client = await deps.queries.identityProvider.findClient(projectId, asked.clientId);
    if (!client) return html(messagePage("This app is gone", "The app that sent you here is no longer registered."), 400);
    const user = await signedInUser(deps, c, projectId);
    if (!user) return redirect(signInUrl(projectId, consentUrl(projectId, sealed)));
    if (!sessionIsFreshEnough(asked, user.session.createdAt, deps.clock.now())) {
      // prompt=login or max_age: the hosted sign-in page would offer to continue as the signed-in user and
      // send them back here unchanged, round and round; ending the old session makes it ask for a sign-in.
      await endHostedSession(deps, c, projectId, user);
      return withCookiesOf(c, redirect(signInUrl(projectId, consentUrl(projectId, sealed))));
    }
    const request = await narrowedFor(deps, asked, user);
    if (!request) return sendError(deps, asked, "access_denied", NOTHING_HELD);
    const consent = await deps.queries.identityProvider.findConsent(projectId, user.user.id, client.id);
    if (consent && covers(consent.scopes, request.scopes) && !request.prompt.includes("consent")) return sendCode(deps, request, client, user);
    const settings = await deps.queries.identityProvider.settings(projectId);
    const project = await deps.queries.projects.find(projectId);
    const branding = project ? projectBranding(deps, brandedProject(project)) : null;
    return html(
      consentPage({
        branding,
        clientName: client.name,
        logoUrl: client.logoUrl,
        scopes: request.scopes.map((scope) => ({ scope, description: describeScope(scope, settings) })),
        userLabel: user.primaryEmail?.value ?? user.user.displayName ?? user.user.id,
        formAction: CONSENT_PATH + `?project_id=${encodeURIComponent(projectId)}`,
        request: sealed,
        csrf: csrfOf(deps, sealed, user.session.id),
      }),
      200,
      [formTarget(request.redirectUri)],
      [new URL(deps.config.publicUrl).origin],
    );
  });

  app.post(CONSENT_PATH, async (c) => {
    const projectId = c.req.query("project_id") ?? "";
    const form = await readForm(c.req.raw);
    const sealed = form?.get("request") ?? "";
    const asked = PROJECT_ID.test(projectId) ? openRequest(deps, projectId, sealed) : null;
    if (!form || !asked) return html(messagePage("This sign-in has expired", "Go back to the app and start signing in again."), 400);
    const user = await signedInUser(deps, c, projectId);
    const csrf = form.get("csrf") ?? "";
    if (!user || !safeEqual(csrf, csrfOf(deps, sealed, user.session.id))) return html(messagePage("Please try again", "Your session changed while this page was open."), 403);
    const client = await deps.queries.identityProvider.findClient(projectId, asked.clientId);
    if (!client) return html(messagePage("This app is gone", "The app that sent you here is no longer registered."), 400);
    if (form.get("decision") !== "allow") return sendError(deps, asked, "access_denied", "the user denied the request", 303);
    const request = await narrowedFor(deps, asked, user);
    if (!request) return sendError(deps, asked, "access_denied", NOTHING_HELD, 303);
    await grantConsent(deps, projectId, user.user.id, client, request.scopes);
    return sendCode(deps, request, client, user, 303);
  });
}
