/**
 * Issue 37 item 6: changing a member's role from the hosted account settings, in Chromium against the
 * real server. The creator (team_admin) picks a role for another member from the team's roles and the
 * list follows at once; a plain member sees the roles but no choice; members are listed as the server
 * orders them (oldest membership first, not by name). Shot light and dark at 1280 and 360 px, axe-checked
 * down to moderate findings.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, useAccountServer, type AccountServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const shoot = (page: Page, name: string) => shootThemes(page, AREA, name, { widths: ["desktop", "phone"], minImpact: "moderate" });

describe.each(dialects)("team roles in the account settings on %s", (dialect) => {
  let s: AccountServer;
  let browser: Browser;
  useAccountServer(dialect, (server, chromium) => ((s = server), (browser = chromium)));

  it("lets the creator change another member's role, and shows a plain member the roles only", { timeout: 240_000 }, async () => {
    const ada = await s.signUp("ada.roles@example.com");
    const bob = await s.signUp("bob.roles@example.com");
    const cy = await s.signUp("cy.roles@example.com");
    await s.asClient("PATCH", "/users/me", { display_name: "Ada Lovelace" }, ada);
    await s.asClient("PATCH", "/users/me", { display_name: "Bob Builder" }, bob);
    const team = (await s.asClient("POST", "/teams", { display_name: "Orbit", creator_user_id: "me" }, ada)).body.id as string;
    // Cy joins before Bob: the list keeps that order (names alone would put Bob first).
    for (const member of [cy, bob]) {
      s.lk.clock.advance(1000);
      expect((await s.lk.call("POST", `/team-memberships/${team}/${member.id}`, { access: "server", project: s.project, body: {} })).status).toBe(201);
    }
    const rolesOf = async () => (await s.asClient("GET", `/team-member-roles?team_id=${team}`, undefined, ada)).body.members as { user_id: string; role_ids: string[] }[];

    const { context, page, errors } = await s.signedInPage(browser, ada);
    await page.goto(s.pageUrl("account-settings", {}, "#teams"));
    await page.getByRole("button", { name: "Manage" }).click();
    const panel = page.getByRole("region", { name: "Team Orbit" });
    const names = panel.locator(".lk-acc-list-compact .lk-acc-item .lk-acc-item-title");
    await expect.poll(() => names.allInnerTexts()).toEqual(["Ada Lovelace (you)", "cy.roles@example.com", "Bob Builder"]);

    // Ada's own role is shown, not offered; the others' roles are choices among the roles she holds.
    expect(await panel.getByLabel("Role of Ada Lovelace").count()).toBe(0);
    await panel.locator(".lk-acc-badge", { hasText: "Team admin" }).waitFor();
    const bobRole = panel.getByLabel("Role of Bob Builder");
    expect(await bobRole.inputValue()).toBe("team_member");
    expect(await bobRole.locator("option").allInnerTexts()).toEqual(["No role", "Team admin", "Team member"]);
    await shoot(page, "team-roles");

    // The choice waits for its Save button (arrow keys on a closed select change it on the way).
    await bobRole.selectOption("team_admin");
    expect((await rolesOf()).find((m) => m.user_id === bob.id)?.role_ids).toEqual(["team_member"]);
    await shoot(page, "team-role-chosen");
    await panel.getByRole("button", { name: "Save the role of Bob Builder" }).click();
    await page.getByText("Bob Builder now has the role Team admin.").waitFor();
    expect((await rolesOf()).find((m) => m.user_id === bob.id)?.role_ids).toEqual(["team_admin"]);
    await expect.poll(() => bobRole.inputValue()).toBe("team_admin");
    await expect.poll(() => names.allInnerTexts()).toEqual(["Ada Lovelace (you)", "cy.roles@example.com", "Bob Builder"]);

    await panel.getByLabel("Role of cy.roles@example.com").selectOption("");
    await panel.getByRole("button", { name: "Save the role of cy.roles@example.com" }).click();
    await page.getByText("cy.roles@example.com no longer has a role.").waitFor();
    expect((await rolesOf()).find((m) => m.user_id === cy.id)?.role_ids).toEqual([]);
    await shoot(page, "team-role-changed");
    expect(errors).toEqual([]);
    await context.close();

    // Cy, now without a role, still belongs to the team; given $read_members alone she sees roles but no choice.
    expect((await s.lk.call("POST", `/team-permissions/${team}/${cy.id}/$read_members`, { access: "server", project: s.project, body: {} })).status).toBe(201);
    const cyView = await s.signedInPage(browser, cy, "phone");
    await cyView.page.goto(s.pageUrl("account-settings", {}, "#teams"));
    await cyView.page.getByRole("button", { name: "Manage" }).click();
    const cyPanel = cyView.page.getByRole("region", { name: "Team Orbit" });
    await cyPanel.locator(".lk-acc-list-compact .lk-acc-item").nth(2).waitFor();
    expect(await cyPanel.getByRole("combobox").count()).toBe(0);
    expect(await cyPanel.locator(".lk-acc-badge", { hasText: "Team admin" }).count()).toBe(2);
    await shoot(cyView.page, "team-roles-member-view");
    expect(cyView.errors).toEqual([]);
    await cyView.context.close();
  });
});
