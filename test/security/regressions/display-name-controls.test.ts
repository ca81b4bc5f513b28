/**
 * Issue 35, finding 7 (its API side): `users import` now holds lines to `POST /users`' field rules, and
 * one of them is new. A display name with a NUL byte answered 500 on PostgreSQL (its text cannot hold
 * NUL) and was stored on SQLite; other control characters were stored everywhere. Display names of
 * users, teams and team member profiles now refuse C0 control characters and DEL with SCHEMA_ERROR.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse } from "../../support/instance.js";

function expectRefused(res: ApiResponse) {
  expect([res.status, res.headers.get("x-stack-known-error")], res.text.slice(0, 300)).toEqual([400, "SCHEMA_ERROR"]);
  expect(res.text).toContain("display_name must not contain control characters");
}

describe.each(testDialects)("display names without control characters on %s", (dialect) => {
  it("refuses NUL, bell, line breaks and DEL in user, team and member display names, and keeps other text", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = { access: "server" as const, project };
    for (const name of ["Ada\u0000Lovelace", "Ada\u0007", "Ada\nLovelace", "Ada\u007f"]) {
      expectRefused(await lk.call("POST", "/users", { ...server, body: { primary_email: "nul@example.com", display_name: name } }));
      expectRefused(await lk.call("POST", "/teams", { ...server, body: { display_name: name } }));
    }
    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "ada@example.com", display_name: "Ada Lovelace — 愛達 🚀" } });
    expect(user.status, user.text).toBe(201);
    expect(user.body.display_name).toBe("Ada Lovelace — 愛達 🚀");
    expectRefused(await lk.call("PATCH", `/users/${user.body.id}`, { ...server, body: { display_name: "x\u0000" } }));
    const session = await lk.call("POST", "/auth/sessions", { ...server, body: { user_id: user.body.id } });
    const me = { access: "client" as const, project, headers: { "x-stack-access-token": session.body.access_token as string } };
    expectRefused(await lk.call("PATCH", "/users/me", { ...me, body: { display_name: "x\u001b[31m" } }));
    const team = await lk.call("POST", "/teams", { ...server, body: { display_name: "Team", creator_user_id: user.body.id } });
    expect(team.status, team.text).toBe(201);
    expectRefused(await lk.call("PATCH", `/team-member-profiles/${team.body.id}/me`, { ...me, body: { display_name: "x\u0000" } }));
    expect((await lk.call("GET", `/users/${user.body.id}`, server)).body.display_name).toBe("Ada Lovelace — 愛達 🚀");
  });
});
