import { Suspense } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { StackProvider } from "../provider.js";
import { json, known, userJson } from "../test-support/fake-server.js";
import { fakeJwt } from "../test-support/fake-server.js";
import { useUser } from "../hooks/use-user.js";
import { StackClientApp, StackServerApp } from "./apps.js";

async function render(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return (await new Response(prelude).text()).replaceAll("<!-- -->", "");
}

const teamJson = (id: string, name: string) => ({ id, display_name: name, profile_image_url: null, client_metadata: null, client_read_only_metadata: null });

function routed(routes: Record<string, (init: RequestInit, url: URL) => Response>, log: string[]) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? "GET"} ${url.pathname.replace("/api/v1", "")}`;
    log.push(`${key}${url.search}`);
    const route = routes[key];
    if (!route) throw new Error(`no route for ${key}`);
    return route(init ?? {}, url);
  };
}

describe("hooks on SDK objects", () => {
  it("user.useTeams(), team.useUsers() and user.usePermission() read through the app's cache", async () => {
    const log: string[] = [];
    const fetchImpl = routed({
      "GET /users/me": () => json(userJson),
      "GET /teams": () => json({ items: [teamJson("t1", "Lab"), teamJson("t2", "Ops")], is_paginated: false }),
      "GET /team-member-profiles": (_init, url) => json({ items: [{ team_id: url.searchParams.get("team_id"), user_id: "u1", display_name: `member of ${url.searchParams.get("team_id")}`, profile_image_url: null, user: userJson }], is_paginated: false }),
      "GET /team-permissions": (_init, url) => json({ items: url.searchParams.get("team_id") === "t1" ? [{ id: "editor", user_id: "u1", team_id: "t1" }] : [], is_paginated: false }),
    }, log);
    const app = new StackClientApp({ baseUrl: "http://api.test", projectId: "p1", publishableClientKey: "pck", tokenStore: { accessToken: fakeJwt(Date.now() + 600_000), refreshToken: "r1" }, fetch: fetchImpl as typeof fetch });
    function Team({ team }: { team: ReturnType<ReturnType<NonNullable<ReturnType<typeof useUser>>["useTeams"]>["at"]> }) {
      if (!team) return null;
      const members = team.useUsers();
      return <li>{team.displayName}: {members.map((m) => m.teamProfile.displayName).join(", ")}</li>;
    }
    function Teams() {
      const user = useUser({ or: "throw" });
      const teams = user.useTeams();
      const editor = user.usePermission(teams[0], "editor");
      return <div><p>editor in first team: {String(editor !== null)}</p><ul>{teams.map((team) => <Team key={team.id} team={team} />)}</ul></div>;
    }
    const html = await render(<StackProvider app={app}><Suspense fallback="loading"><Teams /></Suspense></StackProvider>);
    expect(html).toContain("editor in first team: true");
    expect(html).toContain("Lab: member of t1");
    expect(html).toContain("Ops: member of t2");
    // Each read was fetched once, however often the components rendered.
    expect(log.filter((line) => line.startsWith("GET /teams"))).toHaveLength(1);
    expect(log.filter((line) => line.startsWith("GET /team-member-profiles"))).toHaveLength(2);
  });

  it("app hooks: useProject on the client app; useUser(id) and useTeams on the server app", async () => {
    const log: string[] = [];
    const fetchImpl = routed({
      "GET /users/u7": () => json({ ...userJson, id: "u7", display_name: "Grace", last_active_at_millis: 0, primary_email_auth_enabled: true, server_metadata: null }),
      "GET /users/nobody": () => known("USER_NOT_FOUND", 404),
      "GET /teams": () => json({ items: [{ ...teamJson("t1", "Lab"), created_at_millis: 0, server_metadata: null }], is_paginated: false }),
    }, log);
    const app = new StackServerApp({ baseUrl: "http://api.test", projectId: "p1", publishableClientKey: "pck", secretServerKey: "ssk", tokenStore: "memory", fetch: fetchImpl as typeof fetch });
    function Admin() {
      const grace = app.useUser("u7");
      const nobody = app.useUser("nobody");
      const teams = app.useTeams();
      return <p>{grace?.displayName} / {String(nobody)} / {teams.map((t) => t.displayName).join()}</p>;
    }
    expect(await render(<Suspense fallback="loading"><Admin /></Suspense>)).toContain("Grace / null / Lab");
  });
});

describe("data vault hooks", () => {
  it("app.useDataVaultStore(id).useValue(key, { secret }) reads and decrypts a stored value", async () => {
    const stored = new Map<string, string>();
    const fetchImpl = routed({
      "POST /data-vault/stores/notes/set": (init) => {
        const body = JSON.parse(String(init.body)) as { hashed_key: string; encrypted_value: string };
        stored.set(body.hashed_key, body.encrypted_value);
        return json({ success: true });
      },
      "POST /data-vault/stores/notes/get": (init) => {
        const { hashed_key } = JSON.parse(String(init.body)) as { hashed_key: string };
        const value = stored.get(hashed_key);
        return value === undefined ? known("DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST", 400) : json({ encrypted_value: value });
      },
    }, []);
    const app = new StackServerApp({ baseUrl: "http://api.test", projectId: "p1", publishableClientKey: "pck", secretServerKey: "ssk", tokenStore: "memory", fetch: fetchImpl as typeof fetch });
    await (await app.getDataVaultStore("notes")).setValue("diary", "Dear diary", { secret: "s" });
    function Diary() {
      const store = app.useDataVaultStore("notes");
      return <p>{store.useValue("diary", { secret: "s" })} / {String(store.useValue("missing", { secret: "s" }))}</p>;
    }
    expect(await render(<Suspense fallback="loading"><Diary /></Suspense>)).toContain("Dear diary / null");
  });
});
