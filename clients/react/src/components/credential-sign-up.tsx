/** E-mail and password sign-up (Stack's `CredentialSignUp`); the verification mail links to the e-mail-verification page. */
import { useId, useState } from "react";
import { KnownErrors } from "@latchkey/js";
import { useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useFailureText } from "./failure.js";
import { useHandler } from "./handler-context.js";
import { authMessages } from "./messages.js";
import { PASSWORD_MIN_LENGTH, PasswordRules, passwordFailureOf, usePasswordFailureText, type PasswordRule } from "./password-rules.js";
import { rememberReturnTo } from "./sdk.js";
import { Alert, Button, Field, useSubmit } from "./ui.js";

export function CredentialSignUp() {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
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
      rememberReturnTo();
      const verificationCallbackUrl = new URL(handler.urls.emailVerification, window.location.href).toString();
      const result = await app.signUpWithCredential({ email: email.trim(), password, noRedirect: true, verificationCallbackUrl });
      if (result.status === "error") return refuse(result.error);
      handler.afterAuth(true);
    },
    (caught) => {
      if (caught instanceof KnownErrors.MultiFactorAuthenticationRequired) return;
      refuse(caught);
    },
  );
  return (
    <form className="lk-form" onSubmit={onSubmit}>
      <Alert>{error}</Alert>
      <Field label={t.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Field
        label={t.password}
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
      <Field
        label={t.repeatPassword}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        required
        value={repeat}
        error={mismatch ? t.passwordsDiffer : null}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <Button type="submit" busy={busy}>
        {busy ? t.signingUp : t.signUp}
      </Button>
    </form>
  );
}
