/**
 * Config changes in the audit log name the keys whose value changed (issue 37 item 7), not every key the
 * update sent: the dashboard's legacy project form sends the whole config each time.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";

describe.each(testDialects)("config change audit rows on %s", (dialect) => {
  it("records only the keys whose value changed, and never the values", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.allowClientTeamCreation": false, "auth.password.allowSignIn": true } });
    const override = (patch: Record<string, unknown>) =>
      lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify(patch) } });
    expect((await override({ "teams.allowClientTeamCreation": true, "auth.password.allowSignIn": true, "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: 2525, username: "u", password: "s3cret-pass", senderName: "A", senderEmail: "a@example.com" } })).status).toBe(200);
    const log = await lk.call("GET", "/internal/audit-log?event=project.config_changed", { access: "admin", project });
    expect(log.body.items.map((e: { payload: unknown }) => e.payload)).toEqual([{ changed_keys: ["teams.allowClientTeamCreation", "emails.server"] }]);
    expect(log.text).not.toContain("s3cret-pass");
  });
});
