import type { KnownError } from "../core/errors/known-error.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import type { Tokens } from "../core/tokens/session.js";
import type { TokenStoreInit } from "../core/tokens/token-store.js";
import { catchKnown, error, ok, type Result } from "../result.js";
import type { CliLoginOptions } from "./cli-login.js";
import type { GetUserOptions } from "./client-app-core.js";
import { ClientAppSignIn } from "./client-app-sign-in.js";
import { getClientItem, type Item, type ItemOwner } from "./objects/item.js";
import { projectOf, type Project } from "./objects/project.js";
import type { CurrentUser } from "./objects/user.js";

export type { ClientAppOptions, GetUserOptions, RedirectOptions } from "./client-app-core.js";

/**
 * The client app: signs users in and reads and changes what the signed-in user may, with the publishable
 * client key. The same public surface as Stack's `StackClientApp`.
 *
 * @example
 * ```ts
 * const app = new LatchkeyClientApp({ baseUrl: "http://localhost:8102", projectId, publishableClientKey, tokenStore: "cookie" });
 * await app.signInWithCredential({ email, password });
 * const user = await app.getUser({ or: "redirect" });
 * ```
 */
export class LatchkeyClientApp extends ClientAppSignIn {
  /**
   * The signed-in user, or what `or` says when there is none: null ("return-null", the default), an error
   * ("throw"), a redirect to the sign-in page ("redirect"), or a new anonymous user ("anonymous").
   * Anonymous users count as signed out unless `or` is "anonymous".
   *
   * @example
   * ```ts
   * const user = await app.getUser({ or: "throw" });
   * console.log(user.primaryEmail);
   * ```
   */
  async getUser(options: GetUserOptions & { or: "redirect" | "throw" | "anonymous" }): Promise<CurrentUser>;
  async getUser(options?: GetUserOptions): Promise<CurrentUser | null>;
  async getUser(options: GetUserOptions = {}): Promise<CurrentUser | null> {
    const session = this._session(options.tokenStore);
    const json = await this._currentUserJson(session);
    const keepsAnonymous = options.or === "anonymous" || options.or === "anonymous-if-exists[deprecated]";
    if (json && (!json.is_anonymous || keepsAnonymous)) return this._currentUserFromJson(session, json);
    switch (options.or) {
      case "throw":
        throw new Error("No user is signed in, but getUser was called with { or: 'throw' }");
      case "redirect":
        await this.redirectToSignIn({ replace: true });
        throw new Error("No user is signed in; redirected to the sign-in page");
      case "anonymous": {
        const tokens = await this._context.client("post", "/auth/anonymous/sign-up", {}, this._context.noSession);
        this._signIn(tokens, options.tokenStore);
        const session = this._session(options.tokenStore);
        const created = await this._currentUserJson(session);
        if (!created) throw new Error("The anonymous sign-up succeeded, but its user could not be read");
        return this._currentUserFromJson(session, created);
      }
      default:
        return null;
    }
  }

  /**
   * The project's public configuration (which sign-in methods are on, whether sign-ups are open); cached,
   * needs no session.
   * @example
   * ```ts
   * const { config } = await app.getProject();
   * if (!config.signUpEnabled) console.log("Sign-ups are closed");
   * ```
   */
  async getProject(): Promise<Project> {
    return projectOf(await this._projectCache().get([]));
  }

  /**
   * How much of an item a user, a team or a custom customer holds, read with the signed-in user's session;
   * throws `ItemNotFound` for an item the project does not define.
   * @example
   * ```ts
   * const credits = await app.getItem({ itemId: "credits", userId: user.id });
   * ```
   */
  getItem(owner: ItemOwner): Promise<Item> {
    return getClientItem(this._context, owner, this._session());
  }

  /** Verifies an e-mail address with the code from its mail; an unknown, used or expired code is a `VerificationCodeError` result. @example `const result = await app.verifyEmail(code);` */
  async verifyEmail(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/contact-channels/verify", { body: { code } }, this._session()));
  }

  /** Mails a password-reset link to the e-mail if a user signs in with it; the answer is the same either way (the `UserNotFound` result stays for Stack compatibility). @example `await app.sendForgotPasswordEmail(email, { callbackUrl });` */
  async sendForgotPasswordEmail(email: string, options?: { callbackUrl?: string }): Promise<Result<undefined, KnownErrors["UserNotFound"]>> {
    return catchKnown(async () => {
      await this._context.client("post", "/auth/password/send-reset-code", { body: { email, callback_url: options?.callbackUrl ?? this._context.callbackUrl("passwordReset") } }, this._context.noSession);
      return undefined;
    }, [KnownErrors.UserNotFound]);
  }

  /** Checks a password-reset code without using it; answers a `VerificationCodeError` result when it would fail. @example `const result = await app.verifyPasswordResetCode(code);` */
  verifyPasswordResetCode(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/auth/password/reset/check-code", { body: { code } }, this._context.noSession));
  }

  /** Sets a new password with a reset code; an unknown, used or expired code is a `VerificationCodeError` result. @example `await app.resetPassword({ code, password });` */
  resetPassword(options: { code: string; password: string }): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/auth/password/reset", { body: { code: options.code, password: options.password } }, this._context.noSession));
  }

  /** Checks a team invitation code without using it; answers a `VerificationCodeError` result when it would fail. @example `const result = await app.verifyTeamInvitationCode(code);` */
  verifyTeamInvitationCode(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/team-invitations/accept/check-code", { body: { code } }, this._session()));
  }

  /** Joins the team of an invitation code as the signed-in user; an unknown, used or expired code is a `VerificationCodeError` result. @example `await app.acceptTeamInvitation(code);` */
  acceptTeamInvitation(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/team-invitations/accept", { body: { code } }, this._session()));
  }

  /** The name of the team an invitation code is for, without using the code; a bad code is a `VerificationCodeError` result. @example `const details = await app.getTeamInvitationDetails(code);` */
  async getTeamInvitationDetails(code: string): Promise<Result<{ teamDisplayName: string }, KnownErrors["VerificationCodeError"]>> {
    return catchKnown(async () => {
      const details = await this._context.client("post", "/team-invitations/accept/details", { body: { code } }, this._session());
      return { teamDisplayName: details.team_display_name };
    }, [KnownErrors.VerificationCodeError]);
  }

  private async codeCall(call: () => Promise<unknown>): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return catchKnown(async () => {
      await call();
      this.changed();
      return undefined;
    }, [KnownErrors.VerificationCodeError]);
  }

  /**
   * Logs a command-line tool in: shows a confirmation link for a signed-in browser, then polls until the
   * user confirms; answers the refresh token.
   * @example
   * ```ts
   * const result = await app.promptCliLogin({ appUrl: "https://app.example.com" });
   * if (result.status === "ok") saveRefreshToken(result.data);
   * ```
   */
  promptCliLogin(options: CliLoginOptions): Promise<Result<string, KnownErrors["CliAuthError"] | KnownErrors["CliAuthExpiredError"] | KnownErrors["CliAuthUsedError"]>> {
    // Loaded on use: only command-line tools log in this way.
    return import("./cli-login.js").then(({ promptCliLogin }) => promptCliLogin(this._context, options));
  }

  /**
   * Signs the current user out (as `user.signOut()`); with nobody signed in, only the redirect happens.
   * @example
   * ```ts
   * await app.signOut({ redirectUrl: "/" });
   * ```
   */
  async signOut(options?: { redirectUrl?: URL | string; tokenStore?: TokenStoreInit }): Promise<void> {
    const user = await this.getUser(options?.tokenStore !== undefined ? { tokenStore: options.tokenStore } : {});
    if (user) await user.signOut(options?.redirectUrl !== undefined ? { redirectUrl: options.redirectUrl } : undefined);
    else if (options?.redirectUrl !== undefined) await this._context.redirect(String(options.redirectUrl));
  }
}

export type { KnownError, Tokens };
export { ok, error };
