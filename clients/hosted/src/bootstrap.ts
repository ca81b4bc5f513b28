/**
 * What the server puts in the page (server/http/pages.ts): the project id, its hosted-pages publishable
 * key and trusted domains, as `<meta>` tags (the content security policy allows no inline script).
 */
import type { HandlerUrls } from "@latchkey/js";
import type { Branding, RedirectPolicy } from "./react.js";

export interface Bootstrap {
  projectId: string;
  publishableClientKey: string | null;
  projectMissing: boolean;
  redirectPolicy: RedirectPolicy;
  /** The project's OAuth providers by config id (custom OpenID Connect ones included); null without the tag. */
  oauthProviders: string[] | null;
  /** The project's name, logos and colour (server: services/branding); null without the tag. */
  branding: Branding | null;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

function readBranding(): Branding | null {
  try {
    const parsed = JSON.parse(meta("latchkey-branding") ?? "null") as Record<string, unknown> | null;
    if (!parsed || typeof parsed !== "object") return null;
    return { name: text(parsed.name), logoUrl: text(parsed.logoUrl), darkLogoUrl: text(parsed.darkLogoUrl), primaryColor: text(parsed.primaryColor) };
  } catch {
    return null;
  }
}

function meta(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
}

export function readBootstrap(): Bootstrap {
  const projectId = meta("latchkey-project-id") ?? new URL(window.location.href).searchParams.get("project_id") ?? "internal";
  let redirectPolicy: RedirectPolicy = { trustedBaseUrls: [], allowLocalhost: false };
  try {
    const parsed = JSON.parse(meta("latchkey-trusted-domains") ?? "null") as { allowLocalhost?: boolean; baseUrls?: string[] } | null;
    if (parsed) redirectPolicy = { allowLocalhost: parsed.allowLocalhost === true, trustedBaseUrls: parsed.baseUrls ?? [] };
  } catch {
    // A page without the tag (e.g. the Vite dev server) trusts relative targets only.
  }
  let oauthProviders: string[] | null = null;
  try {
    const parsed = JSON.parse(meta("latchkey-oauth-providers") ?? "null") as unknown;
    if (Array.isArray(parsed)) oauthProviders = parsed.filter((id): id is string => typeof id === "string");
  } catch {
    // Without the tag the project's preset providers are offered.
  }
  return {
    projectId,
    publishableClientKey: meta("latchkey-publishable-client-key"),
    projectMissing: meta("latchkey-project-missing") === "true",
    redirectPolicy,
    oauthProviders,
    branding: readBranding(),
  };
}

const pageNames = {
  signIn: "sign-in",
  signUp: "sign-up",
  signOut: "sign-out",
  emailVerification: "email-verification",
  passwordReset: "password-reset",
  forgotPassword: "forgot-password",
  oauthCallback: "oauth-callback",
  magicLinkCallback: "magic-link-callback",
  accountSettings: "account-settings",
  teamInvitation: "team-invitation",
  mfa: "mfa",
  error: "error",
  cliAuthConfirm: "cli-auth-confirm",
} as const satisfies Partial<Record<keyof HandlerUrls, string>>;

/**
 * The handler URLs of the hosted pages: every page keeps `?project_id=` (left out for the internal
 * project, the default). Home is the dashboard for the internal project, else the project's first
 * trusted domain without wildcards, else its account settings page. After signing out: that trusted
 * domain, else the sign-in page.
 */
export function hostedUrls(projectId: string, policy: RedirectPolicy): Partial<HandlerUrls> {
  const base = "/handler";
  const query = projectId === "internal" ? "" : `?project_id=${encodeURIComponent(projectId)}`;
  const urls: Partial<HandlerUrls> = { handler: base };
  for (const [key, name] of Object.entries(pageNames)) urls[key as keyof typeof pageNames] = `${base}/${name}${query}`;
  const appHome = policy.trustedBaseUrls.find((url) => !url.includes("*"));
  const home = projectId === "internal" ? "/dashboard" : (appHome ?? urls.accountSettings!);
  return { ...urls, home, afterSignIn: home, afterSignUp: home, afterSignOut: appHome ?? urls.signIn! };
}
