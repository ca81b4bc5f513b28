/**
 * Each of the twelve provider presets, once, end to end through its local stand-in: authorize, the
 * provider's consent, the callback (token exchange with the provider's client authentication and PKCE,
 * profile read in the provider's own JSON shape) and our code grant; the new user shows the mapping.
 */
import { describe, expect, it } from "vitest";
import type { OAuthProviderId } from "../../../../contract/project-config.js";
import { testDialects } from "../../../support/databases.js";
import { oauthWorld, signInWith } from "./support.js";

const account = { id: "4711", email: "ada@example.com", emailVerified: true, name: "Ada Lovelace", picture: "https://img.example.com/ada.png" };

/** What each provider's profile maps to (some providers never vouch for e-mails, X gives none, Apple no picture). */
const expected: Record<OAuthProviderId, { email: string | null; verified: boolean; picture: string | null; accountId?: string }> = {
  google: { email: account.email, verified: true, picture: account.picture },
  github: { email: account.email, verified: true, picture: account.picture },
  microsoft: { email: account.email, verified: false, picture: null },
  spotify: { email: account.email, verified: false, picture: account.picture },
  facebook: { email: account.email, verified: false, picture: account.picture },
  discord: { email: account.email, verified: true, picture: `https://cdn.discordapp.com/avatars/${account.id}/avatarhash.png` },
  gitlab: { email: account.email, verified: true, picture: account.picture },
  bitbucket: { email: account.email, verified: true, picture: account.picture, accountId: `{${account.id}}` },
  linkedin: { email: account.email, verified: true, picture: account.picture },
  apple: { email: account.email, verified: true, picture: null },
  x: { email: null, verified: false, picture: account.picture },
  twitch: { email: account.email, verified: false, picture: account.picture },
};

describe.each(testDialects)("provider presets on %s", (dialect) => {
  it.each(Object.keys(expected) as OAuthProviderId[])("%s signs up a new user with its profile mapped", async (provider) => {
    await using world = await oauthWorld(dialect, [provider]);
    world.standIns.next(provider, account);
    const { token } = await signInWith(world, provider);
    expect(token!.status, token!.text).toBe(200);
    expect(token!.body).toMatchObject({ token_type: "Bearer", is_new_user: true, after_callback_redirect_url: null, scope: "legacy" });
    expect(world.standIns.tokenRequests).toEqual([{ provider, grantType: "authorization_code", clientAuth: provider === "facebook" || provider === "linkedin" || provider === "apple" || provider === "twitch" ? "post" : "basic" }]);

    const user = await world.lk.call("GET", `/users/${token!.body.user_id}`, { access: "server", project: world.project });
    const want = expected[provider];
    expect(user.body).toMatchObject({
      display_name: account.name,
      primary_email: want.email,
      primary_email_verified: want.email === null ? false : want.verified,
      profile_image_url: want.picture,
      oauth_providers: [{ id: provider, account_id: want.accountId ?? account.id, email: want.email }],
    });
  });
});
