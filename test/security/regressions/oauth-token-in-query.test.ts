/**
 * Issue 35, finding 11: `GET /auth/oauth/authorize` takes the user's access token in the query string
 * (`token`, for linking a provider and upgrading an anonymous user) because Stack's SDK sends it there
 * (wire reference, OAuth §1.2); SECURITY.md records why it is accepted. It must never be written to the
 * log: request lines name the procedure (or the path), never the query.
 */
import { describe, expect, it } from "vitest";
import { createLogger } from "../../../server/services/log.js";
import { testDialects } from "../../support/databases.js";
import { oauthWorld, signInWith } from "../../api/v1/oauth/support.js";

describe.each(testDialects)("the OAuth link token in a query string on %s", (dialect) => {
  it("is never logged, even at debug level", async () => {
    await using world = await oauthWorld(dialect, ["github", "google"]);
    world.standIns.next("github", { id: "1001", email: "ada@example.com", emailVerified: true, name: "Ada" });
    const { token } = await signInWith(world, "github");
    const accessToken = token!.body.access_token as string;

    const lines: string[] = [];
    (world.lk.deps as { log: unknown }).log = createLogger("debug", (line) => lines.push(line));
    world.standIns.next("google", { id: "g-1", email: "ada@gmail.example", emailVerified: true });
    const link = await signInWith(world, "google", { type: "link", token: accessToken });
    expect(link.token!.body).toMatchObject({ user_id: token!.body.user_id });

    // The authorize request was logged (so this checks something), without its query.
    expect(lines.filter((line) => line.includes('"procedure":"oauthAuthorize"'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(accessToken) || line.includes(accessToken.split(".")[2]!))).toEqual([]);
  }, 60_000);
});
