/**
 * E-mail answers as Stack's backend gives them (backend-fidelity-2.md §3): render-email with an unknown
 * theme or template id is a 400 with Stack's text, and changing a preference of `me` without a user is
 * CANNOT_GET_OWN_USER_WITHOUT_USER (reading stays USER_AUTHENTICATION_REQUIRED).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";

const VERIFICATION = "e7d009ce-8d47-4528-b245-5bf119f2ffa3";
const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";

describe.each(testDialects)("e-mail endpoints as Stack answers them on %s", (dialect) => {
  it("render-email: an unknown theme_id is 400 `No theme found with given id`, an unknown template 400", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const render = (body: Record<string, unknown>) => lk.call("POST", "/emails/render-email", { access: "admin", project, body });
    const theme = await render({ template_id: VERIFICATION, theme_id: UNKNOWN });
    expectStatusError(theme, 400, "renderThemeNotFound");
    expect(theme.text).toBe("No theme found with given id");
    expectStatusError(await render({ template_id: UNKNOWN }), 400, "renderTemplateNotFound");
  });

  it("PATCH /emails/notification-preference/me/… without a user: 400 CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("PATCH", `/emails/notification-preference/me/${MARKETING}`, { access: "client", project, body: { enabled: false } });
    expectKnownError(res, 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expectKnownError(await lk.call("GET", "/emails/notification-preference/me", { access: "client", project }), 401, "USER_AUTHENTICATION_REQUIRED");
  });
});
