/**
 * Issue 37 item 6: managing a team from the hosted account settings, in Chromium against the real server.
 * Members show with name and e-mail (an unnamed member by address, never "Member without a name"); the
 * creator renames the team and removes a member, and the page follows each change without a reload; a
 * plain member sees no rename or remove; a refusal names the permission the server asked for; a member
 * leaves. Shot light and dark at 1280 and 360 px, axe-checked down to moderate findings.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, useAccountServer, type AccountServer, type SignedUp } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const shoot = (page: Page, name: string) => shootThemes(page, AREA, name, { widths: ["desktop", "phone"], minImpact: "moderate" });

describe.each(dialects)("team management in the account settings on %s", (dialect) => {
  let s: AccountServer;
  let browser: Browser;
  useAccountServer(dialect, (server, chromium) => ((s = server), (browser = chromium)));

  const server = (method: string, path: string) => s.lk.call(method, path, { access: "server", project: s.project, ...(method !== "GET" && { body: {} }) });
  const memberIds = async (teamId: string, user: SignedUp) =>
    ((await s.asClient("GET", `/team-member-profiles?team_id=${teamId}`, undefined, user)).body.items as { user_id: string }[]).map((p) => p.user_id);

  it("lists members by name and e-mail, renames, removes and leaves, following the team permissions", { timeout: 240_000 }, async () => {
    const ada = await s.signUp("ada.crew@example.com");
    const bob = await s.signUp("bob.crew@example.com");
    const cy = await s.signUp("cy.crew@example.com");
    await s.asClient("PATCH", "/users/me", { display_name: "Ada Lovelace" }, ada);
    await s.asClient("PATCH", "/users/me", { display_name: "Bob Builder" }, bob);
    const team = (await s.asClient("POST", "/teams", { display_name: "Rocketry", creator_user_id: "me" }, ada)).body.id as string;
    for (const member of [bob, cy]) expect((await server("POST", `/team-memberships/${team}/${member.id}`)).status).toBe(201);

    // The creator: every member with name and e-mail, the rename form and remove buttons.
    const { context, page, errors } = await s.signedInPage(browser, ada);
    await page.goto(s.pageUrl("account-settings", {}, "#teams"));
    await page.getByRole("button", { name: "Manage" }).click();
    const panel = page.getByRole("region", { name: "Team Rocketry" });
    const rows = panel.locator(".lk-acc-list-compact .lk-acc-item");
    await expect.poll(() => rows.count()).toBe(3);
    // Each row: the name, then the e-mail under it (Cy has no name: the address stands in, once).
    const texts = (await rows.locator(".lk-acc-item-main").allInnerTexts()).map((text) => text.split("\n"));
    expect(texts).toHaveLength(3);
    expect(texts).toEqual(expect.arrayContaining([
      ["Ada Lovelace (you)", "ada.crew@example.com"],
      ["Bob Builder", "bob.crew@example.com"],
      ["cy.crew@example.com"],
    ]));
    expect(await panel.textContent()).not.toContain("Member without a name");
    await shoot(page, "team-manage");

    // Rename: the row's title follows at once.
    await panel.getByLabel("Team name").fill("Rocket Lab");
    await panel.getByRole("button", { name: "Rename" }).click();
    await page.getByText("The team is now called Rocket Lab.").waitFor();
    await page.locator(".lk-acc-item-title", { hasText: "Rocket Lab" }).first().waitFor();
    expect((await server("GET", `/teams/${team}`)).body.display_name).toBe("Rocket Lab");

    // Remove Cy: asked first, then gone from the list without a reload.
    const lab = page.getByRole("region", { name: "Team Rocket Lab" });
    await lab.getByRole("button", { name: "Remove cy.crew@example.com from the team" }).click();
    await lab.getByText("Remove cy.crew@example.com from Rocket Lab?").waitFor();
    await shoot(page, "team-remove-confirm");
    await lab.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("cy.crew@example.com was removed from the team.").waitFor();
    await expect.poll(() => lab.locator(".lk-acc-list-compact .lk-acc-item").count()).toBe(2);
    expect((await memberIds(team, ada)).sort()).toEqual([ada.id, bob.id].sort());
    await shoot(page, "team-member-removed");
    expect(errors).toEqual([]);
    await context.close();

    // A plain member: no rename form, no remove buttons, but the members and the leave button.
    const bobView = await s.signedInPage(browser, bob, "phone");
    const bobPage = bobView.page;
    await bobPage.goto(s.pageUrl("account-settings", {}, "#teams"));
    await bobPage.getByRole("button", { name: "Manage" }).click();
    const bobPanel = bobPage.getByRole("region", { name: "Team Rocket Lab" });
    await expect.poll(() => bobPanel.locator(".lk-acc-list-compact .lk-acc-item").count()).toBe(2);
    expect(await bobPanel.getByLabel("Team name").count()).toBe(0);
    expect(await bobPanel.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    await shoot(bobPage, "team-member-view");

    // Given $remove_members, Bob sees the button; taken away before he uses it, the server's reason is shown.
    expect((await server("POST", `/team-permissions/${team}/${bob.id}/$remove_members`)).status).toBe(201);
    await bobPage.reload();
    await bobPage.getByRole("button", { name: "Manage" }).click();
    const removeAda = bobPanel.getByRole("button", { name: "Remove Ada Lovelace from the team" });
    await removeAda.waitFor();
    expect((await server("DELETE", `/team-permissions/${team}/${bob.id}/$remove_members`)).status).toBe(200);
    await removeAda.click();
    await bobPanel.getByRole("button", { name: "Confirm" }).click();
    await bobPage.getByText("Your role in this team does not allow this (it needs the team permission “$remove_members”).").waitFor();
    // The refusal reads Bob's permissions again: the button he may no longer use goes away.
    await removeAda.waitFor({ state: "detached" });
    expect((await memberIds(team, ada)).sort()).toEqual([ada.id, bob.id].sort());
    await shoot(bobPage, "team-remove-refused");

    // Bob leaves: his list empties without a reload, and the server agrees.
    await bobPage.getByRole("button", { name: "Leave team: Rocket Lab" }).click();
    await bobPage.getByRole("button", { name: "Confirm" }).click();
    await bobPage.getByText("You left the team Rocket Lab.").waitFor();
    await bobPage.getByText("You are not a member of any team.").waitFor();
    expect(await memberIds(team, ada)).toEqual([ada.id]);
    expect(bobView.errors).toEqual([]);
    await bobView.context.close();
  });
});
