import { Suspense } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it, vi } from "vitest";
import { StackProvider } from "../provider.js";
import { fakeApp, fakeJwt, json, known, projectJson, userJson } from "../test-support/fake-server.js";
import { useProject } from "./use-project.js";
import { useUser } from "./use-user.js";

async function render(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return (await new Response(prelude).text()).replaceAll("<!-- -->", "");
}

function Profile() {
  const user = useUser();
  const project = useProject();
  return <p>{project.displayName}: {user ? `signed in as ${user.primaryEmail}` : "signed out"}</p>;
}

function Strict() {
  const user = useUser({ or: "throw" });
  return <p>{user.id}</p>;
}

describe("useUser and useProject (rendered)", () => {
  it("suspend until the user and the project are read, then render them", async () => {
    const { app } = fakeApp({
      "POST /auth/password/sign-in": () => json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "r1", user_id: "u1" }),
      "GET /users/me": () => json(userJson),
      "GET /projects/current": () => json(projectJson),
    });
    await app.signInWithCredential({ email: "ada@example.com", password: "pw", noRedirect: true });
    const html = await render(<StackProvider app={app}><Suspense fallback="loading"><Profile /></Suspense></StackProvider>);
    expect(html).toContain("Demo: signed in as ada@example.com");
  });

  it("render null for a signed-out visitor, and throw with or: 'throw'", async () => {
    const { app } = fakeApp({
      "GET /users/me": () => known("CANNOT_GET_OWN_USER_WITHOUT_USER", 400),
      "GET /projects/current": () => json(projectJson),
    });
    expect(await render(<StackProvider app={app}><Suspense fallback="loading"><Profile /></Suspense></StackProvider>)).toContain("Demo: signed out");
    const errors: unknown[] = [];
    await prerender(<StackProvider app={app}><Strict /></StackProvider>, { onError: (error) => void errors.push(error) }).catch((error: unknown) => errors.push(error));
    expect(String(errors[0])).toMatch(/No user is signed in/);
  });

  it("sign up an anonymous user with or: 'anonymous'", async () => {
    let signedUp = false;
    const { app, log } = fakeApp({
      "POST /auth/anonymous/sign-up": () => {
        signedUp = true;
        return json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "anon", user_id: "u9" });
      },
      "GET /users/me": () => (signedUp ? json({ ...userJson, id: "u9", is_anonymous: true }) : known("CANNOT_GET_OWN_USER_WITHOUT_USER", 400)),
    });
    function Anonymous() {
      const user = useUser({ or: "anonymous" });
      return <p>{user.id} anonymous={String(user.isAnonymous)}</p>;
    }
    expect(await render(<StackProvider app={app}><Suspense fallback="loading"><Anonymous /></Suspense></StackProvider>)).toContain("u9 anonymous=true");
    expect(log.filter((line) => line === "POST /auth/anonymous/sign-up")).toHaveLength(1);
  });

  it("with or: 'redirect' opens the sign-in page once and keeps the component suspended", async () => {
    const navigate = vi.fn();
    const { app } = fakeApp({ "GET /users/me": () => known("CANNOT_GET_OWN_USER_WITHOUT_USER", 400) }, { redirectMethod: { navigate } });
    function Guarded() {
      const user = useUser({ or: "redirect" });
      return <p>secret for {user.id}</p>;
    }
    const abort = new AbortController();
    const rendering = prerender(<StackProvider app={app}><Suspense fallback="loading"><Guarded /></Suspense></StackProvider>, { signal: abort.signal, onError: () => undefined });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate.mock.calls[0]![0]).toMatch(/^\/handler\/sign-in/);
    abort.abort();
    const html = (await new Response((await rendering).prelude).text()).replaceAll("<!-- -->", "");
    expect(html).not.toContain("secret for");
  });

  it("redirects with the navigate function of redirectMethod.useNavigate, called by the provider", async () => {
    const navigate = vi.fn();
    const useNavigate = vi.fn(() => navigate);
    const { app } = fakeApp({ "GET /users/me": () => known("CANNOT_GET_OWN_USER_WITHOUT_USER", 400) }, { redirectMethod: { useNavigate } });
    function Guarded() {
      return <p>{useUser({ or: "redirect" }).id}</p>;
    }
    const abort = new AbortController();
    const rendering = prerender(<StackProvider app={app}><Suspense fallback="loading"><Guarded /></Suspense></StackProvider>, { signal: abort.signal, onError: () => undefined });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(useNavigate).toHaveBeenCalled();
    abort.abort();
    await rendering;
  });

  it("useStackApp outside a provider names the missing provider", async () => {
    const errors: unknown[] = [];
    await prerender(<Profile />, { onError: (error) => void errors.push(error) }).catch((error: unknown) => errors.push(error));
    expect(String(errors[0])).toMatch(/StackProvider/);
  });
});

describe("the store layer the hooks subscribe to", () => {
  it("announces sign-in and sign-out, and hands subscribers the updated user after a change", async () => {
    let displayName = "Ada";
    const { app } = fakeApp({
      "POST /auth/password/sign-in": () => json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "r1", user_id: "u1" }),
      "GET /users/me": () => json({ ...userJson, display_name: displayName }),
      "PATCH /users/me": (init) => {
        displayName = (JSON.parse(String(init.body)) as { display_name: string }).display_name;
        return json({ ...userJson, display_name: displayName });
      },
      "DELETE /auth/sessions/current": () => json({ success: true }),
    });
    let changes = 0;
    const stop = app._onChange(() => changes++);
    const before = app._session();
    await app.signInWithCredential({ email: "ada@example.com", password: "pw", noRedirect: true });
    expect(changes).toBe(1);
    const session = app._session();
    expect(session).not.toBe(before);
    expect(app._session()).toBe(session); // a stable snapshot while the tokens stay

    const cache = app._currentUserCache();
    const seen: (string | null | undefined)[] = [];
    const unsubscribe = cache.subscribe([session], (value) => seen.push(value?.display_name));
    await expect.poll(() => seen).toEqual(["Ada"]);
    const user = await app.getUser({ or: "throw" });
    await user.update({ displayName: "Ada L." });
    await expect.poll(() => seen.at(-1), { timeout: 2_000 }).toBe("Ada L.");
    unsubscribe();
    await user.signOut();
    expect(changes).toBeGreaterThanOrEqual(3);
    expect(app._session().isKnownToBeInvalid() || app._session() !== session).toBe(true);
    stop();
  });
});
