/**
 * Where the dashboard finds the server and the internal project's publishable client key. The server
 * serves the dashboard from its own origin, so the API is at `/api/v1` and tRPC at `/trpc` there.
 * The key comes from `<meta name="latchkey-publishable-client-key">` (the server writes it into
 * index.html); without it the sign-in form asks for it once and keeps it in localStorage.
 */
export const INTERNAL_PROJECT_ID = "internal";
const KEY_STORAGE = "latchkey.dashboard.publishable-client-key";

export function apiOrigin(): string {
  return window.location.origin;
}

export function publishableClientKey(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="latchkey-publishable-client-key"]')?.content;
  if (meta) return meta;
  return localStorage.getItem(KEY_STORAGE);
}

export function rememberPublishableClientKey(key: string): void {
  localStorage.setItem(KEY_STORAGE, key);
}

/** The hosted sign-in page for the internal project, returning to `returnTo` afterwards. */
export function hostedSignInUrl(returnTo: string): string {
  const url = new URL("/handler/sign-in", apiOrigin());
  url.searchParams.set("project_id", INTERNAL_PROJECT_ID);
  url.searchParams.set("after_auth_return_to", returnTo);
  return url.toString();
}
