/** Forgot password (mails a reset link) and password reset (sets a new password with the link's code). */
import { useEffect, useState } from "react";
import { format, useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useFailureText } from "./failure.js";
import { useHandler } from "./handler-context.js";
import { MessageCard } from "./message-card.js";
import { authMessages } from "./messages.js";
import { Alert, Button, Card, Field, LoadingCard, useSubmit } from "./ui.js";

/** @example `<ForgotPassword fullPage />` */
export function ForgotPassword({ fullPage }: { fullPage?: boolean }) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, onSubmit } = useSubmit(
    async () => {
      setError(null);
      const callbackUrl = new URL(handler.urls.passwordReset, window.location.href).toString();
      const result = await app.sendForgotPasswordEmail(email.trim(), { callbackUrl });
      // "No such user" is answered like success: the page must not tell who has an account.
      if (result.status === "error" && result.error.errorCode !== "USER_NOT_FOUND") return setError(failureText(result.error));
      setSentTo(email.trim());
    },
    (caught) => setError(failureText(caught)),
  );
  const back = (
    <p className="lk-small lk-center">
      <a className="lk-link" href={handler.link(handler.urls.signIn)}>
        {t.backToSignIn}
      </a>
    </p>
  );
  if (sentTo !== null) {
    return (
      <Card title={t.forgotTitle} fullPage={fullPage}>
        <Alert kind="success">{format(t.resetSent, { email: sentTo })}</Alert>
        {back}
      </Card>
    );
  }
  return (
    <Card title={t.forgotTitle} subtitle={t.forgotIntro} fullPage={fullPage}>
      <form className="lk-form" onSubmit={onSubmit}>
        <Alert>{error}</Alert>
        <Field label={t.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" busy={busy}>
          {busy ? t.sendingCode : t.sendReset}
        </Button>
      </form>
      {back}
    </Card>
  );
}

/** The `code` query parameter of the page (links in e-mails carry it). */
export function useCodeParameter(searchParams?: Record<string, string>): string | null {
  return searchParams?.code ?? new URL(window.location.href).searchParams.get("code");
}

/** @example `<PasswordReset fullPage />` (reads `?code=`) */
export function PasswordReset({ fullPage, searchParams }: { fullPage?: boolean; searchParams?: Record<string, string> }) {
  const app = useStackApp();
  const t = useMessages(authMessages);
  const handler = useHandler();
  const failureText = useFailureText();
  const code = useCodeParameter(searchParams);
  // The code is checked (not used) first, so a dead link says so before a password is typed.
  const [checked, setChecked] = useState<{ code: string; error: string | null } | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    app.verifyPasswordResetCode(code).then(
      (result) => current && setChecked({ code, error: result.status === "error" ? failureText(result.error) : null }),
      (caught: unknown) => current && setChecked({ code, error: failureText(caught) }),
    );
    return () => {
      current = false;
    };
  }, [app, code]);
  if (!code) {
    return <MessageCard title={t.resetTitle} fullPage={fullPage} primaryButtonText={t.backToSignIn} primaryAction={() => handler.go(handler.urls.signIn)}>{t.missingCode}</MessageCard>;
  }
  if (checked?.code !== code) return <LoadingCard fullPage={fullPage} />;
  if (checked.error !== null) {
    return (
      <MessageCard title={t.resetTitle} fullPage={fullPage} primaryButtonText={t.newLink} primaryAction={() => handler.go(handler.link(handler.urls.forgotPassword))}>
        <Alert>{checked.error}</Alert>
      </MessageCard>
    );
  }
  return <PasswordResetForm code={code} fullPage={fullPage} />;
}

function PasswordResetForm({ code, fullPage }: { code: string; fullPage?: boolean }) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { busy, onSubmit } = useSubmit(
    async () => {
      setError(null);
      if (password !== repeat) return setMismatch(true);
      setMismatch(false);
      const result = await app.resetPassword({ code, password });
      if (result.status === "error") return setError(failureText(result.error));
      setDone(true);
    },
    (caught) => setError(failureText(caught)),
  );
  const toSignIn = () => handler.go(handler.urls.signIn);
  if (done) {
    return (
      <MessageCard title={t.resetTitle} fullPage={fullPage} primaryButtonText={t.signIn} primaryAction={toSignIn}>
        <Alert kind="success">{t.resetDone}</Alert>
      </MessageCard>
    );
  }
  return (
    <Card title={t.resetTitle} fullPage={fullPage}>
      <form className="lk-form" onSubmit={onSubmit}>
        <Alert>{error}</Alert>
        <Field label={t.newPassword} hint={t.passwordHint} type="password" name="new-password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label={t.repeatPassword} type="password" name="repeat-password" autoComplete="new-password" required value={repeat} error={mismatch ? t.passwordsDiffer : null} onChange={(e) => setRepeat(e.target.value)} />
        <Button type="submit" busy={busy}>
          {busy ? t.saving : t.setPassword}
        </Button>
      </form>
    </Card>
  );
}
