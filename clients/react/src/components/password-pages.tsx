/** Forgot password (mails a reset link) and password reset (sets a new password with the link's code). */
import { useEffect, useId, useState } from "react";
import { format, useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useFailureText } from "./failure.js";
import { useHandler } from "./handler-context.js";
import { MessageCard } from "./message-card.js";
import { authMessages } from "./messages.js";
import { PASSWORD_MIN_LENGTH, PasswordRules, passwordFailureOf, usePasswordFailureText, type PasswordRule } from "./password-rules.js";
import { ResendButton } from "./resend-button.js";
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
        <Alert>{error}</Alert>
        <ResendButton
          onResend={async () => {
            setError(null);
            const callbackUrl = new URL(handler.urls.passwordReset, window.location.href).toString();
            await app.sendForgotPasswordEmail(sentTo, { callbackUrl }).catch((caught: unknown) => {
              setError(failureText(caught));
              throw caught;
            });
          }}
        />
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

/**
 * Whether a link's code has the form the server issues (45 letters and digits). A cut or mistyped link
 * is answered as an unknown code, with its own words, rather than as a malformed request.
 */
export function isWellFormedCode(code: string): boolean {
  return /^[a-z0-9]{45}$/i.test(code);
}

/** An error standing for a code the server would not know. */
export const unknownCode = { errorCode: "VERIFICATION_CODE_NOT_FOUND" } as const;

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
    if (!isWellFormedCode(code)) return setChecked({ code, error: failureText(unknownCode) });
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
  const [failedRule, setFailedRule] = useState<PasswordRule | null>(null);
  const rulesId = useId();
  const passwordFailureText = usePasswordFailureText();
  const refuse = (caught: unknown) => {
    setFailedRule(passwordFailureOf(caught)?.rule ?? null);
    setError(passwordFailureText(caught) ?? failureText(caught));
  };
  const { busy, onSubmit } = useSubmit(
    async () => {
      setError(null);
      setFailedRule(null);
      if (password !== repeat) return setMismatch(true);
      setMismatch(false);
      const result = await app.resetPassword({ code, password });
      if (result.status === "error") return refuse(result.error);
      setDone(true);
    },
    refuse,
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
        <Field
          label={t.newPassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-describedby={rulesId}
          aria-invalid={failedRule !== null || undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordRules id={rulesId} failed={failedRule} />
        <Field label={t.repeatPassword} type="password" name="repeat-password" autoComplete="new-password" required value={repeat} error={mismatch ? t.passwordsDiffer : null} onChange={(e) => setRepeat(e.target.value)} />
        <Button type="submit" busy={busy}>
          {busy ? t.saving : t.setPassword}
        </Button>
      </form>
    </Card>
  );
}
