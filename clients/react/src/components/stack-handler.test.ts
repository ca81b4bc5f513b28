import type { HandlerUrls } from "@latchkey/js";
import { describe, expect, it } from "vitest";
import { handlerPageOf } from "./stack-handler.js";

const names = { signIn: "sign-in", signUp: "sign-up", signOut: "sign-out", emailVerification: "email-verification", passwordReset: "password-reset", forgotPassword: "forgot-password", oauthCallback: "oauth-callback", magicLinkCallback: "magic-link-callback", accountSettings: "account-settings", teamInvitation: "team-invitation", mfa: "mfa", error: "error", cliAuthConfirm: "cli-auth-confirm" };
function handlerUrls({ handler = "/handler" }: { handler?: string } = {}): HandlerUrls {
  const pages = Object.fromEntries(Object.entries(names).map(([key, name]) => [key, `${handler}/${name}`]));
  return { handler, home: "/", afterSignIn: "/", afterSignUp: "/", afterSignOut: "/", ...pages } as HandlerUrls;
}

describe("the handler router's pages", () => {
  it("finds pages under the default and a configured base path, with the rest of the path", () => {
    const standard = handlerUrls();
    expect(handlerPageOf("/handler/sign-in", standard)).toEqual({ name: "sign-in", rest: "" });
    expect(handlerPageOf("/handler/purchase/abc%20d", standard)).toEqual({ name: "purchase", rest: "abc d" });
    expect(handlerPageOf("/elsewhere", standard)).toBeNull();
    const custom = handlerUrls({ handler: "/auth" });
    expect(handlerPageOf("/auth/password-reset/", custom)).toEqual({ name: "password-reset", rest: "" });
    expect(handlerPageOf("/handler/sign-in", custom)).toBeNull();
    // A page moved to an address of its own is found there.
    expect(handlerPageOf("/login", { ...standard, signIn: "/login?x=1" })).toEqual({ name: "sign-in", rest: "" });
  });
});
