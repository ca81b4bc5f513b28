/**
 * The second step of a sign-in with two-factor authentication: the code from the authenticator app, or
 * (behind a visible switch) one of the user's single-use recovery codes, or (when the user has one) a
 * passkey. After a recovery code the page says how many codes remain before it moves on.
 */
import { useEffect, useState } from "react";
import { HttpError, KnownErrors } from "@latchkey/js";
import { format, useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useFailureText } from "./failure.js";
import { useHandler } from "./handler-context.js";
import { MessageCard } from "./message-card.js";
import { authMessages } from "./messages.js";
import { mfaMessages } from "./mfa-messages.js";
import { MFA_ATTEMPT_KEY, RETURN_TO_KEY } from "./sdk.js";
import { Alert, Button, Card, Field, useSubmit } from "./ui.js";

type Mode = "totp" | "recovery";

/** The MFA page (`urls.mfa`): reads the attempt code the first factor stored in `sessionStorage`. */
export function MfaPage({ fullPage }: { fullPage?: boolean }) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const m = useMessages(mfaMessages);
  const failureText = useFailureText();
  const [attempt] = useState(() => sessionStorage.getItem(MFA_ATTEMPT_KEY));
  const [mode, setMode] = useState<Mode>("totp");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [passkeyAvailable, setPasskeyAvailable] = useState(false);
  useEffect(() => {
    if (!attempt) return;
    let current = true;
    app.canUsePasskeyForMfa(attempt).then(
      (available) => current && setPasskeyAvailable(available),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [app, attempt]);

  const moveOn = () => {
    const returnTo = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
    if (returnTo !== null && handler.current().searchParams.get("after_auth_return_to") === null) handler.go(returnTo, { replace: true });
    else handler.afterAuth(false);
  };
  const refusal = (caught: unknown): string => {
    if (mode === "recovery" && caught instanceof KnownErrors.InvalidTotpCode) return m.recoveryWrong;
    if (mode === "recovery" && caught instanceof HttpError && caught.status === 409) return m.recoveryUsed;
    return failureText(caught);
  };
  const { busy, onSubmit } = useSubmit(
    async () => {
      setError(null);
      if (mode === "totp") {
        const result = await app.signInWithMfa(value.trim(), attempt ?? "", { noRedirect: true });
        if (result.status === "error") return setError(refusal(result.error));
        sessionStorage.removeItem(MFA_ATTEMPT_KEY);
        return moveOn();
      }
      const result = await app.signInWithRecoveryCode(value.trim(), attempt ?? "", { noRedirect: true });
      if (result.status === "error") return setError(refusal(result.error));
      sessionStorage.removeItem(MFA_ATTEMPT_KEY);
      setRemaining(result.data.recoveryCodesRemaining);
    },
    (caught) => setError(refusal(caught)),
  );
  const passkey = useSubmit(
    async () => {
      setError(null);
      const result = await app.signInWithPasskeyForMfa(attempt ?? "", { noRedirect: true });
      if (result.status === "error") {
        return setError(result.error instanceof KnownErrors.VerificationCodeError ? failureText(result.error) : m.passkeyFailed);
      }
      sessionStorage.removeItem(MFA_ATTEMPT_KEY);
      moveOn();
    },
    (caught) => setError(failureText(caught)),
  );
  const switchMode = () => {
    setMode(mode === "totp" ? "recovery" : "totp");
    setValue("");
    setError(null);
  };

  if (remaining !== null) {
    return (
      <MessageCard title={m.recoveryDoneTitle} fullPage={fullPage} primaryButtonText={t.continue} primaryAction={moveOn}>
        <Alert kind="success">{format(m.recoveryLeft, { count: remaining })}</Alert>
        <p className="lk-muted lk-small">{remaining === 0 ? m.recoveryNoneLeft : m.recoveryRenew}</p>
      </MessageCard>
    );
  }
  if (!attempt) {
    return <MessageCard title={t.mfaTitle} fullPage={fullPage} primaryButtonText={t.backToSignIn} primaryAction={() => handler.go(handler.link(handler.urls.signIn))}>{t.mfaMissing}</MessageCard>;
  }
  return (
    <Card title={t.mfaTitle} subtitle={mode === "totp" ? t.mfaIntro : m.recoveryIntro} fullPage={fullPage}>
      <form className="lk-form" onSubmit={onSubmit}>
        <Alert>{error}</Alert>
        {mode === "totp" ? (
          <Field
            key="totp"
            label={t.mfaCode}
            className="lk-input-code"
            name="totp"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={value}
            onChange={(e) => setValue(e.target.value.replace(/\D/g, ""))}
          />
        ) : (
          <Field
            key="recovery"
            label={m.recoveryCode}
            hint={m.recoveryHint}
            name="recovery_code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <Button type="submit" busy={busy}>
          {t.mfaVerify}
        </Button>
      </form>
      {passkeyAvailable && (
        <Button variant="secondary" busy={passkey.busy} onClick={passkey.run}>
          {m.usePasskey}
        </Button>
      )}
      <p className="lk-center lk-small">
        <button type="button" className="lk-link" onClick={switchMode}>
          {mode === "totp" ? m.useRecovery : m.useAuthenticator}
        </button>
      </p>
    </Card>
  );
}
