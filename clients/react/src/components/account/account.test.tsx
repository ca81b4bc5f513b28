import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { LocaleProvider } from "../../i18n/index.js";
import { StackProvider } from "../../provider.js";
import { fakeApp, fakeJwt, json, known, projectJson, userJson } from "../../test-support/fake-server.js";
import { translationProblems } from "../../test-support/translations.js";
import { AccountSettings, CliAuthConfirmation, SelectedTeamSwitcher, TeamInvitation, UserButton } from "./index.js";
import { accountMessages } from "./messages.js";
import { base32, checkTotpCode, otpauthUri, totpCode } from "./totp.js";
import { initialsOf } from "./ui.js";

async function render(node: ReactNode, locale = "en"): Promise<string> {
  const { prelude } = await prerender(<LocaleProvider locale={locale}>{node}</LocaleProvider>);
  return (await new Response(prelude).text()).replaceAll("<!-- -->", "");
}

async function signedInApp(project: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  const { app, log } = fakeApp({
    "POST /auth/password/sign-in": () => json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "r1", user_id: "u1" }),
    "GET /users/me": () => json({ ...userJson, ...user }),
    "GET /projects/current": () => json({ ...projectJson, config: { ...projectJson.config, ...project } }),
    "GET /teams": () => json({ items: [], is_paginated: false }),
  });
  await app.signInWithCredential({ email: "ada@example.com", password: "pw", noRedirect: true });
  return { app, log };
}

function signedOutApp() {
  return fakeApp({
    "GET /users/me": () => known("CANNOT_GET_OWN_USER_WITHOUT_USER", 400),
    "GET /projects/current": () => json(projectJson),
  }).app;
}

describe("account messages", () => {
  it("have English's keys in every language, none empty, with the same placeholders", async () => {
    // Placeholders match, so a translation never drops a value the English text shows.
    expect(await translationProblems("account", accountMessages)).toEqual([]);
  });
});

describe("TOTP enrolment helpers", () => {
  const rfcSecret = new TextEncoder().encode("12345678901234567890");

  it("computes RFC 6238's SHA-1 test vectors (last six digits) and base-32 encodes the secret", async () => {
    expect(base32(rfcSecret)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(await totpCode(rfcSecret, 59_000)).toBe("287082");
    expect(await totpCode(rfcSecret, 1_111_111_109_000)).toBe("081804");
    expect(await totpCode(rfcSecret, 20_000_000_000_000)).toBe("353130");
  });

  it("accepts the current code and its neighbours, and nothing else", async () => {
    const now = 1_700_000_000_000;
    expect(await checkTotpCode(rfcSecret, await totpCode(rfcSecret, now), now)).toBe(true);
    expect(await checkTotpCode(rfcSecret, await totpCode(rfcSecret, now - 30_000), now)).toBe(true);
    expect(await checkTotpCode(rfcSecret, await totpCode(rfcSecret, now + 30_000), now)).toBe(true);
    expect(await checkTotpCode(rfcSecret, await totpCode(rfcSecret, now - 90_000), now)).toBe(false);
    expect(await checkTotpCode(rfcSecret, "12345", now)).toBe(false);
  });

  it("builds the otpauth address authenticator apps read", () => {
    const uri = new URL(otpauthUri(rfcSecret, "Demo App", "ada@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Demo App:ada@example.com");
    expect(uri.searchParams.get("secret")).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(uri.searchParams.get("issuer")).toBe("Demo App");
  });

  it("makes initials for avatars without an image", () => {
    expect(initialsOf("Ada Lovelace")).toBe("AL");
    expect(initialsOf("grace.hopper@example.com")).toBe("GH");
    expect(initialsOf("")).toBe("?");
  });
});

describe("AccountSettings (rendered on the server)", () => {
  it("lists the sections the project enables, and shows the profile first", async () => {
    const { app } = await signedInApp();
    const html = await render(<StackProvider app={app}><AccountSettings /></StackProvider>);
    expect(html).toContain("<h1 class=\"lk-acc-title\">Account settings</h1>");
    for (const shown of ["Profile", "E-mails", "Password", "Two-factor authentication", "Connected accounts", "Active sessions", "API keys", "Teams", "Notifications"]) expect(html).toContain(`>${shown}</button>`);
    // Passkeys and account deletion are off in this project.
    expect(html).not.toContain(">Passkeys</button>");
    expect(html).not.toContain(">Delete account</button>");
    expect(html).toMatch(/aria-current="page"[^>]*>Profile</);
    expect(html).toContain('value="Ada"');
  });

  it("adds the passkey and deletion sections when the project allows them, and hides API keys when it does not", async () => {
    const { app } = await signedInApp({ passkey_enabled: true, client_user_deletion_enabled: true, allow_user_api_keys: false, enabled_oauth_providers: [] });
    const html = await render(<StackProvider app={app}><AccountSettings initialSection="delete" /></StackProvider>);
    expect(html).toContain(">Passkeys</button>");
    expect(html).toMatch(/aria-current="page"[^>]*>Delete account</);
    expect(html).toContain("Delete my account");
    expect(html).not.toContain(">API keys</button>");
    expect(html).not.toContain(">Connected accounts</button>");
  });

  it("speaks German when the locale is German", async () => {
    const { app } = await signedInApp();
    const html = await render(<StackProvider app={app}><AccountSettings initialSection="password" /></StackProvider>, "de");
    expect(html).toContain("Kontoeinstellungen");
    expect(html).toContain("Aktuelles Passwort");
    expect(html).toContain("Passwort ändern");
  });

  it("offers to set a password (no current-password field) to a user without one", async () => {
    const { app } = await signedInApp({}, { has_password: false });
    const html = await render(<StackProvider app={app}><AccountSettings initialSection="password" /></StackProvider>);
    expect(html).toContain("Set password");
    expect(html).not.toContain("Current password");
  });
});

describe("signed-in components", () => {
  it("UserButton shows the avatar menu button for a user and a sign-in button otherwise", async () => {
    const { app } = await signedInApp();
    const html = await render(<StackProvider app={app}><UserButton /></StackProvider>);
    expect(html).toContain('aria-label="Account menu for Ada"');
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain(">AD<");
    // Showing the name, the button is named by what it shows, then what it does.
    const withInfo = await render(<StackProvider app={app}><UserButton showUserInfo /></StackProvider>);
    expect(withInfo).not.toContain("aria-label=");
    expect(withInfo).toContain('<span class="lk-acc-item-title">Ada</span><span class="lk-acc-muted">ada@example.com</span><span class="lk-acc-visually-hidden"> Account menu</span>');
    expect(await render(<StackProvider app={signedOutApp()}><UserButton /></StackProvider>)).toContain(">Sign in</button>");
  });

  it("SelectedTeamSwitcher renders a labelled select", async () => {
    const { app } = await signedInApp();
    const html = await render(<StackProvider app={app}><SelectedTeamSwitcher /></StackProvider>);
    expect(html).toMatch(/<label class="lk-acc-label" for="([^"]+)">Team<\/label><select class="lk-acc-input" id="\1"/);
    expect(html).toContain("No team selected");
  });

  it("CliAuthConfirmation asks the signed-in user, and explains a missing code or a signed-out visitor", async () => {
    const { app } = await signedInApp();
    const asking = await render(<StackProvider app={app}><CliAuthConfirmation loginCode="abc" /></StackProvider>);
    expect(asking).toContain("A command-line tool asks to sign in as ada@example.com.");
    expect(asking).toContain(">Allow</button>");
    expect(await render(<StackProvider app={app}><CliAuthConfirmation /></StackProvider>)).toContain("This link has no login code.");
    expect(await render(<StackProvider app={signedOutApp()}><CliAuthConfirmation loginCode="abc" /></StackProvider>)).toContain("Sign in to confirm the command-line login.");
  });

  it("TeamInvitation asks a signed-out visitor to sign in first, and explains a missing code", async () => {
    expect(await render(<StackProvider app={signedOutApp()}><TeamInvitation code="abc" /></StackProvider>)).toContain("Sign in to accept the invitation.");
    const { app } = await signedInApp();
    expect(await render(<StackProvider app={app}><TeamInvitation /></StackProvider>, "de")).toContain("Dieser Link enthält keinen Einladungscode.");
  });
});
