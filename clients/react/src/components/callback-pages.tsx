/**
 * The pages links and redirects open: e-mail verification and magic link (both ask for a click before
 * using the code, so mail scanners that open links cannot burn it), the OAuth callback, sign-out and
 * the error page (the MFA step is in mfa-page.tsx).
 */
import { useEffect, useRef, useState } from "react";
import { HttpError, KnownErrors } from "@latchkey/js";
import { useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useFailureText } from "./failure.js";
import { useHandler } from "./handler-context.js";
import { MessageCard } from "./message-card.js";
import { authMessages } from "./messages.js";
import { isWellFormedCode, unknownCode, useCodeParameter } from "./password-pages.js";
import { ResendButton } from "./resend-button.js";
import { resendMessages } from "./resend-messages.js";
import { callOAuthCallback, rememberReturnTo, storeMfaAttempt } from "./sdk.js";
import { Alert, Button, Card, LoadingCard, useSubmit } from "./ui.js";

interface PageProps {
  fullPage?: boolean;
  searchParams?: Record<string, string>;
}

/** @example `<EmailVerification fullPage />` (reads `?code=`) */
export function EmailVerification({ fullPage, searchParams }: PageProps) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const code = useCodeParameter(searchParams);
  const [state, setState] = useState<{ done: boolean; error: string | null; needsSignIn?: boolean }>({ done: false, error: null });
  const { busy, run } = useSubmit(
    async () => {
      if (!isWellFormedCode(code ?? "")) return setState({ done: false, error: failureText(unknownCode) });
      const result = await app.verifyEmail(code ?? "");
      if (result.status === "error") {
        // A second click on a used link: the address is verified already, which is what the person wants to know.
        if (result.error.errorCode === "VERIFICATION_CODE_ALREADY_USED") return setState({ done: true, error: null });
        return setState({ done: false, error: failureText(result.error) });
      }
      setState({ done: true, error: null });
    },
    (caught) => {
      // An address added to an existing account is confirmed only in that account's session: the server
      // says so (403), and the way on is signing in to it and coming back to this link.
      if (caught instanceof HttpError && caught.status === 403) return setState({ done: false, error: caught.body, needsSignIn: true });
      setState({ done: false, error: failureText(caught) });
    },
  );
  const signInAndReturn = () => handler.go(`${handler.urls.signIn}${handler.urls.signIn.includes("?") ? "&" : "?"}after_auth_return_to=${encodeURIComponent(window.location.href)}`);
  const home = () => handler.go(handler.urls.home);
  if (!code) return <MessageCard title={t.verifyTitle} fullPage={fullPage}>{t.missingCode}</MessageCard>;
  if (state.done) {
    return (
      <MessageCard title={t.verifyTitle} fullPage={fullPage} primaryButtonText={t.continue} primaryAction={home}>
        <Alert kind="success">{t.verified}</Alert>
      </MessageCard>
    );
  }
  return (
    <Card title={t.verifyTitle} subtitle={t.verifyIntro} fullPage={fullPage}>
      <Alert>{state.error}</Alert>
      {state.needsSignIn ? (
        <Button onClick={signInAndReturn}>{t.verifySignIn}</Button>
      ) : state.error !== null ? (
        <NewVerificationLink />
      ) : (
        <Button busy={busy} onClick={run}>
          {busy ? t.verifying : t.verifyButton}
        </Button>
      )}
    </Card>
  );
}

/**
 * The way on from a dead verification link: a new link to the signed-in user's primary address, or
 * signing in first (back to the account settings' e-mails, where a new link is one click away).
 */
function NewVerificationLink() {
  const app = useStackApp();
  const handler = useHandler();
  const r = useMessages(resendMessages);
  const failureText = useFailureText();
  const [user, setUser] = useState<Awaited<ReturnType<typeof app.getUser>> | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    app.getUser().then(setUser, () => setUser(null));
  }, [app]);
  if (user === undefined) return null;
  if (user === null) {
    const back = new URL(handler.urls.accountSettings, window.location.href).toString();
    return <Button onClick={() => handler.go(`${handler.link(handler.urls.signIn)}${handler.link(handler.urls.signIn).includes("?") ? "&" : "?"}after_auth_return_to=${encodeURIComponent(back)}`)}>{r.signInForNewLink}</Button>;
  }
  const resend = async () => {
    setError(null);
    try {
      const unverified = (await user.listContactChannels()).filter((c) => !c.isVerified);
      const channel = unverified.find((c) => c.isPrimary) ?? unverified[0];
      await channel?.sendVerificationEmail({ callbackUrl: new URL(handler.urls.emailVerification, window.location.href).toString() });
    } catch (caught) {
      setError(failureText(caught));
      throw caught;
    }
  };
  return (
    <>
      <Alert>{error}</Alert>
      <ResendButton onResend={resend} waitSeconds={0} label={r.newVerificationLink} />
    </>
  );
}

/** @example `<MagicLinkCallback fullPage />` (reads `?code=`) */
export function MagicLinkCallback({ fullPage, searchParams }: PageProps) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const r = useMessages(resendMessages);
  const failureText = useFailureText();
  const code = useCodeParameter(searchParams);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmit(
    async () => {
      setError(null);
      if (!isWellFormedCode(code ?? "")) return setError(failureText(unknownCode));
      rememberReturnTo();
      const result = await app.signInWithMagicLink(code ?? "", { noRedirect: true });
      if (result.status === "error") return setError(failureText(result.error));
      handler.afterAuth(false);
    },
    (caught) => {
      if (caught instanceof KnownErrors.MultiFactorAuthenticationRequired) return;
      setError(failureText(caught));
    },
  );
  if (!code) return <MessageCard title={t.magicTitle} fullPage={fullPage}>{t.missingCode}</MessageCard>;
  return (
    <Card title={t.magicTitle} subtitle={t.magicIntro} fullPage={fullPage}>
      <Alert>{error}</Alert>
      {error === null ? (
        <Button busy={busy} onClick={run}>
          {busy ? t.signingIn : t.magicButton}
        </Button>
      ) : (
        // A dead link: the way on is a new one, asked for on the sign-in page.
        <Button onClick={() => handler.go(handler.link(handler.urls.signIn))}>{r.newSignInLink}</Button>
      )}
    </Card>
  );
}

/**
 * The OAuth callback: redeems `code` and `state` (removed from the address first), then goes to
 * `after_callback_redirect_url`, or the after-sign-up or after-sign-in page.
 */
export function OAuthCallback({ fullPage }: PageProps) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    rememberReturnTo();
    callOAuthCallback(app).then(
      (result) => {
        if (result.status === "ignored") return setMessage(t.oauthNoFlow);
        try {
          if (result.afterCallbackRedirectUrl !== null) handler.go(result.afterCallbackRedirectUrl, { replace: true });
          else handler.afterAuth(result.isNewUser);
        } catch (caught) {
          setMessage(failureText(caught));
        }
      },
      (caught: unknown) => {
        if (storeMfaAttempt(caught)) return handler.go(handler.urls.mfa, { replace: true });
        console.error(caught);
        setMessage(caught instanceof KnownErrors.InvalidTotpCode ? t.oauthInvalidTotp : t.oauthError);
      },
    );
  }, [app, handler, t, failureText]);
  if (message === null) return <LoadingCard fullPage={fullPage} />;
  return (
    <MessageCard title={t.errorTitle} fullPage={fullPage} primaryButtonText={t.backToSignIn} primaryAction={() => handler.go(handler.link(handler.urls.signIn))}>
      <Alert>{message}</Alert>
    </MessageCard>
  );
}

/** Signs the user out, then goes to the after-sign-out page. */
export function SignOutPage({ fullPage }: PageProps) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const [state, setState] = useState<"working" | "done" | string>("working");
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const user = await app.getUser();
      if (user) await user.signOut();
      setState("done");
      handler.go(handler.urls.afterSignOut, { replace: true });
    })().catch((caught: unknown) => setState(failureText(caught)));
  }, [app, handler, failureText]);
  if (state === "working") return <LoadingCard fullPage={fullPage} />;
  return (
    <MessageCard title={state === "done" ? t.signedOut : t.errorTitle} fullPage={fullPage} primaryButtonText={t.signInLink} primaryAction={() => handler.go(handler.urls.signIn)}>
      {state !== "done" && <Alert>{state}</Alert>}
    </MessageCard>
  );
}

/** The error page the server's OAuth flow sends people to (`?errorCode=&message=&details=`). */
export function ErrorPage({ fullPage, searchParams }: PageProps) {
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const params = new URL(window.location.href).searchParams;
  const errorCode = searchParams?.errorCode ?? params.get("errorCode");
  const text = errorCode ? failureText({ errorCode }) : t.errorDefault;
  return (
    <MessageCard title={t.errorTitle} fullPage={fullPage} primaryButtonText={t.backToSignIn} primaryAction={() => handler.go(handler.urls.signIn)} secondaryButtonText={t.goHome} secondaryAction={() => handler.go(handler.urls.home)}>
      <Alert>{text}</Alert>
    </MessageCard>
  );
}

/** A handler path that names no page. */
export function NotFoundPage({ fullPage }: PageProps) {
  const handler = useHandler();
  const t = useMessages(authMessages);
  return (
    <MessageCard title={t.notFoundTitle} fullPage={fullPage} primaryButtonText={t.goHome} primaryAction={() => handler.go(handler.urls.home)}>
      {t.notFoundText}
    </MessageCard>
  );
}

