/**
 * The owner's session in the internal project, kept by @latchkey/js: its cookie token store (the cookies
 * the Stack SDK and the hosted pages use, so a sign-in on the hosted pages signs the dashboard in too),
 * its sessions (access tokens refreshed at the token endpoint shortly before they expire; a refresh token
 * the server no longer knows ends the session) and its typed transport for the sign-in calls.
 */
import { SessionRegistry, Transport, typedApi, type ClientPaths, type Session, type TypedApi } from "@latchkey/js/internal";
import { apiOrigin, INTERNAL_PROJECT_ID, publishableClientKey } from "./config.js";

interface Owner {
  key: string | null;
  sessions: SessionRegistry;
  api: TypedApi<ClientPaths>;
}

let owner: Owner | null = null;

/** The transport and sessions for the publishable key known now (the sign-in form may learn it late). */
function current(): Owner {
  const key = publishableClientKey();
  if (owner?.key !== key) {
    const transport = new Transport({ baseUrl: apiOrigin(), projectId: INTERNAL_PROJECT_ID, clientVersion: "dashboard", ...(key && { publishableClientKey: key }) });
    owner = { key, sessions: new SessionRegistry(transport, INTERNAL_PROJECT_ID, "cookie"), api: typedApi<ClientPaths>(transport, "client") };
  }
  return owner;
}

/** The owner's session (one without tokens when signed out). */
function session(): Session {
  return current().sessions.session();
}

function keep(tokens: { access_token: string; refresh_token: string } | null): void {
  current().sessions.signIn({ accessToken: tokens?.access_token ?? null, refreshToken: tokens?.refresh_token ?? null });
}

/** Whether the owner holds a session (a refresh token). */
export function isSignedIn(): boolean {
  return current().sessions.store()?.get().refreshToken != null;
}

/** Hears sign-ins and sign-outs, here, in other tabs and on the hosted pages (the cookies change). */
export function onSessionChange(listener: () => void): () => void {
  return current().sessions.store()?.onChange(listener) ?? (() => undefined);
}

/** A current access token for the owner, refreshed when it is about to expire; null when signed out. */
export async function currentAccessToken(): Promise<string | null> {
  return (await session().getLikelyValidTokens())?.accessToken ?? null;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  keep(await current().api("post", "/auth/password/sign-in", { body: { email, password } }, null));
}

export async function signUpWithPassword(email: string, password: string): Promise<void> {
  keep(await current().api("post", "/auth/password/sign-up", { body: { email, password } }, null));
}

export async function signOut(): Promise<void> {
  const owned = session();
  try {
    if (await owned.getLikelyValidTokens()) await current().api("delete", "/auth/sessions/current", {}, owned);
  } catch {
    // signing out locally is what matters
  } finally {
    keep(null);
  }
}
