/**
 * The client app's sign-in flows: password, magic link, social sign-in (OAuth with PKCE), passkeys and
 * the second factor (TOTP, recovery code, passkey), each keeping the session and going where a sign-in
 * goes afterwards.
 */
import { HttpError } from "../core/errors/http-errors.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import type { CookieJar } from "../core/tokens/cookie-store.js";
import { sleep } from "../core/transport/retry.js";
import type { AuthorizationCodeTokens } from "../core/transport/transport.js";
import { catchKnown, error, ok, type Result } from "../result.js";
import { ClientAppCore } from "./client-app-core.js";
import { absoluteRedirectUrl, consumeVerifier } from "./oauth.js";
import { browserWindow, redirectTo } from "./urls.js";

/** The passkey ceremonies, loaded on first use (passkeys.ts). */
const passkeys = () => import("./passkeys.js");

/** The sign-in methods of the client app (see client-app.ts for the public class). */
export class ClientAppSignIn extends ClientAppCore {
  protected async afterAuth(tokens: { access_token: string; refresh_token: string; is_new_user?: boolean }, noRedirect?: boolean): Promise<void> {
    this._signIn(tokens);
    if (!noRedirect) await (tokens.is_new_user ? this.redirectToAfterSignUp() : this.redirectToAfterSignIn());
  }

  /**
   * A second factor is needed: keeps the attempt code in `sessionStorage["stack_mfa_attempt_code"]` (read by
   * the MFA page, which calls `signInWithMfa`) and opens the MFA page, unless `noRedirect` (the caller
   * then gets the error, whose `details.attempt_code` it passes to `signInWithMfa`). Other errors pass through.
   */
  protected async handleMfa(caught: unknown, noRedirect = false): Promise<never> {
    if (caught instanceof KnownErrors.MultiFactorAuthenticationRequired) {
      const attemptCode = caught.details?.attempt_code;
      const storage = (globalThis as { sessionStorage?: { setItem(key: string, value: string): void } }).sessionStorage;
      if (typeof attemptCode === "string") storage?.setItem(mfaAttemptCodeKey, attemptCode);
      if (!noRedirect) await this.redirectToMfa();
    }
    throw caught;
  }

  /**
   * Signs in with a social provider: a PKCE verifier goes into a cookie tied to a fresh state (one hour),
   * and the browser goes to the provider through the server. The OAuth callback page then calls
   * `callOAuthCallback`. Browsers only; the promise never resolves (the page navigates away).
   * @example
   * ```ts
   * document.querySelector("#github")?.addEventListener("click", () => void app.signInWithOAuth("github"));
   * ```
   */
  async signInWithOAuth(provider: string, options?: { returnTo?: string }): Promise<void> {
    if (!browserWindow()) throw new Error("signInWithOAuth can only be called in a browser");
    const scopes = this._context.oauthScopesOnSignIn[provider];
    await this.startOAuth({
      provider,
      type: "authenticate",
      session: this._session(),
      ...(options?.returnTo !== undefined && { redirectUrl: options.returnTo }),
      ...(scopes && scopes.length > 0 && { providerScope: scopes.join(" ") }),
    });
  }

  /**
   * Finishes a social sign-in on the OAuth callback page: reads `code` and `state` from the address (and
   * removes them), takes the verifier stored for that state, trades the code for a session, and redirects
   * (to the link flow's page, after-sign-up for new users, else after-sign-in). Answers false, with a
   * warning, when there is nothing to finish (no code, or no verifier for the state: a reload, an expired
   * cookie, another OAuth client). A second factor redirects to the MFA page.
   * @example
   * ```ts
   * // on the /handler/oauth-callback page
   * if (!(await app.callOAuthCallback())) await app.redirectToSignIn();
   * ```
   */
  async callOAuthCallback(): Promise<boolean> {
    const win = browserWindow();
    const jar = (globalThis as { document?: CookieJar }).document;
    if (!win || !jar) throw new Error("callOAuthCallback can only be called in a browser");
    const href = win.location.href;
    const current = new URL(href);
    const code = current.searchParams.get("code");
    const state = current.searchParams.get("state");
    if (code === null || state === null) {
      console.warn("The OAuth callback page was opened without code and state (reopened from the history?); nothing to finish");
      return false;
    }
    const verifier = consumeVerifier(jar, state);
    if (verifier === null) {
      console.warn("No OAuth verifier is stored for this state (expired, already used, or another OAuth client's callback); nothing to finish");
      return false;
    }
    current.searchParams.delete("code");
    current.searchParams.delete("state");
    win.history?.replaceState({}, "", current.toString());
    const error = current.searchParams.get("error");
    if (error !== null) throw new Error(`The OAuth callback carries an error: ${error}`);
    let tokens: AuthorizationCodeTokens;
    try {
      tokens = await this._transport.exchangeAuthorizationCode({ code, codeVerifier: verifier, redirectUri: absoluteRedirectUrl(this.urls.oauthCallback, href) });
    } catch (caught) {
      if (caught instanceof KnownErrors.InvalidTotpCode) return false;
      return await this.handleMfa(caught);
    }
    this._signIn(tokens);
    const after = tokens.after_callback_redirect_url === null ? null : sameOriginPath(tokens.after_callback_redirect_url, win.location.origin);
    if (after !== null) await redirectTo(this._redirectMethod(), after, { replace: true }, sleep);
    else if (tokens.is_new_user) await this.redirectToAfterSignUp({ replace: true });
    else await this.redirectToAfterSignIn({ replace: true });
    return true;
  }

  /**
   * Signs in with a passkey of this device: the server's options get the page's hostname as relying-party
   * id, the browser asks the authenticator, the server checks the answer. Authenticator failures come back
   * as `PasskeyWebAuthnError` (its `details.code` says which), anything else as `PasskeyAuthenticationFailed`.
   * Goes to the after-sign-in page unless `noRedirect`.
   * @example
   * ```ts
   * const result = await app.signInWithPasskey();
   * if (result.status === "error") showError(result.error.message);
   * ```
   */
  async signInWithPasskey(options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["PasskeyAuthenticationFailed"] | KnownErrors["InvalidTotpCode"] | KnownErrors["PasskeyWebAuthnError"]>> {
    const session = this._session();
    let tokens: { access_token: string; refresh_token: string };
    try {
      const { options_json, code } = await this._context.client("post", "/auth/passkey/initiate-passkey-authentication", { body: {} }, session);
      const assertion = await (await passkeys()).passkeyAssertion(options_json, browserWindow()?.location.hostname ?? "");
      if (assertion.status === "error") return assertion;
      tokens = await this._context.client("post", "/auth/passkey/sign-in", { body: { authentication_response: assertion.data as never, code } }, session).catch((e: unknown) => this.handleMfa(e));
    } catch (caught) {
      if (caught instanceof KnownErrors.PasskeyAuthenticationFailed || caught instanceof KnownErrors.InvalidTotpCode) return error(caught);
      throw caught;
    }
    await this.afterAuth(tokens, options?.noRedirect);
    return ok(undefined);
  }

  /**
   * Signs in with an e-mail and a password; wrong credentials and an invalid second factor come back as
   * an error result. A user with a second factor goes to the MFA page; with `noRedirect` the result is
   * the `MultiFactorAuthenticationRequired` error instead, carrying the attempt code for `signInWithMfa`.
   * @example
   * ```ts
   * const result = await app.signInWithCredential({ email, password, noRedirect: true });
   * if (result.status === "error") console.log(result.error.message);
   * ```
   */
  async signInWithCredential(options: { email: string; password: string; noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["EmailPasswordMismatch"] | KnownErrors["InvalidTotpCode"] | KnownErrors["MultiFactorAuthenticationRequired"]>> {
    // A required second factor: with noRedirect it is the result (the caller shows its own MFA step); else
    // the browser is on its way to the MFA page and the promise rejects with it.
    const expected = options.noRedirect
      ? [KnownErrors.EmailPasswordMismatch, KnownErrors.InvalidTotpCode, KnownErrors.MultiFactorAuthenticationRequired]
      : [KnownErrors.EmailPasswordMismatch, KnownErrors.InvalidTotpCode];
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/password/sign-in", { body: { email: options.email, password: options.password } }, this._session()).catch((e: unknown) => this.handleMfa(e, options.noRedirect));
      await this.afterAuth(tokens, options.noRedirect);
      return undefined;
    }, expected);
  }

  /**
   * Creates an account with an e-mail and a password, and signs it in (an anonymous user signed in on
   * this app keeps its id). The verification mail links to `verificationCallbackUrl`.
   * @example
   * ```ts
   * const result = await app.signUpWithCredential({ email, password, verificationCallbackUrl: "https://app.example.com/handler/email-verification" });
   * ```
   */
  async signUpWithCredential(options: { email: string; password: string; noRedirect?: boolean; verificationCallbackUrl?: string }): Promise<Result<undefined, KnownErrors["UserWithEmailAlreadyExists"] | KnownErrors["PasswordRequirementsNotMet"]>> {
    return catchKnown(async () => {
      const callback = options.verificationCallbackUrl ?? (browserWindow() ? this._context.callbackUrl("emailVerification") : undefined);
      const tokens = await this._context.client("post", "/auth/password/sign-up", {
        body: { email: options.email, password: options.password, verification_callback_url: callback },
      }, this._session());
      await this.afterAuth({ ...tokens, is_new_user: true }, options.noRedirect);
      return undefined;
    }, [KnownErrors.UserWithEmailAlreadyExists, KnownErrors.PasswordRequirementsNotMet]);
  }

  /**
   * Mails a sign-in code and a link to `callbackUrl`; answers the nonce of the code, or
   * `RedirectUrlNotWhitelisted` as an error result for a callback outside the trusted domains.
   * @example
   * ```ts
   * const result = await app.sendMagicLinkEmail(email, { callbackUrl: "https://app.example.com/handler/magic-link-callback" });
   * ```
   */
  async sendMagicLinkEmail(email: string, options?: { callbackUrl?: string }): Promise<Result<{ nonce: string }, KnownErrors["RedirectUrlNotWhitelisted"]>> {
    return catchKnown(async () => {
      const answer = await this._context.client("post", "/auth/otp/send-sign-in-code", { body: { email, callback_url: options?.callbackUrl ?? this._context.callbackUrl("magicLinkCallback") } }, this._context.noSession);
      return { nonce: answer.nonce };
    }, [KnownErrors.RedirectUrlNotWhitelisted]);
  }

  /** Signs in with the code of a magic link; an unknown, used or expired code (`VerificationCodeError`) is an error result, and a needed second factor opens the MFA page. @example `await app.signInWithMagicLink(code, { noRedirect: true });` */
  async signInWithMagicLink(code: string, options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/otp/sign-in", { body: { code } }, this._session()).catch((e: unknown) => this.handleMfa(e));
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /** Completes a sign-in that needs a second factor with a TOTP code and the attempt code; a wrong TOTP (`InvalidTotpCode`) or a spent attempt (`VerificationCodeError`) is an error result. @example `await app.signInWithMfa(totp, attemptCode, { noRedirect: true });` */
  async signInWithMfa(otp: string, code: string, options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/mfa/sign-in", { body: { type: "totp", totp: otp, code } }, this._context.noSession);
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /**
   * Completes a sign-in that needs a second factor with one of the user's recovery codes (Latchkey only);
   * answers how many unused codes remain. A wrong code is an `InvalidTotpCode` result, a spent attempt a
   * `VerificationCodeError`; a code used before rejects with an `HttpError` of status 409.
   * @example `const result = await app.signInWithRecoveryCode("abc123-…", attemptCode, { noRedirect: true });`
   */
  async signInWithRecoveryCode(recoveryCode: string, code: string, options?: { noRedirect?: boolean }): Promise<Result<{ recoveryCodesRemaining: number }, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/mfa/sign-in", { body: { type: "recovery_code", recovery_code: recoveryCode, code } }, this._context.noSession);
      await this.afterAuth(tokens, options?.noRedirect);
      return { recoveryCodesRemaining: tokens.recovery_codes_remaining ?? 0 };
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /**
   * Whether the user of a sign-in waiting for its second factor can give a passkey instead of a code
   * (Latchkey only): false when they have none or the project has passkeys off.
   * @example `const offerPasskey = await app.canUsePasskeyForMfa(attemptCode);`
   */
  async canUsePasskeyForMfa(code: string): Promise<boolean> {
    try {
      await this._context.client("post", "/auth/mfa/passkey/initiate", { body: { code } }, this._context.noSession);
      return true;
    } catch (caught) {
      if (caught instanceof HttpError && caught.status === 400) return false;
      if (caught instanceof KnownErrors.PasskeyAuthenticationNotEnabled || caught instanceof KnownErrors.VerificationCodeError) return false;
      throw caught;
    }
  }

  /**
   * Completes a sign-in that needs a second factor with one of the user's passkeys (Latchkey only): a
   * challenge for the attempt, the browser's signature, the sign-in. A refused or cancelled passkey is an
   * error result; a spent attempt a `VerificationCodeError`.
   * @example `const result = await app.signInWithPasskeyForMfa(attemptCode, { noRedirect: true });`
   */
  async signInWithPasskeyForMfa(
    code: string,
    options?: { noRedirect?: boolean },
  ): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["PasskeyAuthenticationFailed"] | KnownErrors["PasskeyWebAuthnError"]>> {
    let options_json: unknown;
    try {
      ({ options_json } = await this._context.client("post", "/auth/mfa/passkey/initiate", { body: { code } }, this._context.noSession));
    } catch (caught) {
      if (caught instanceof KnownErrors.VerificationCodeError) return error(caught);
      throw caught;
    }
    const assertion = await (await passkeys()).passkeyAssertion(options_json, browserWindow()?.location.hostname ?? "");
    if (assertion.status === "error") return assertion;
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/mfa/sign-in", { body: { type: "passkey", authentication_response: assertion.data as never, code } }, this._context.noSession);
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.PasskeyAuthenticationFailed]);
  }
}

/** The key under which the MFA page finds the attempt code (as Stack's SDK stores it). */
export const mfaAttemptCodeKey = "stack_mfa_attempt_code";

/** `url` as a path when it is on `origin` (or already relative); null for other sites. */
function sameOriginPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : null;
  } catch {
    return null;
  }
}
