/** E-mail and password sign-in (Stack's `CredentialSignIn`). */
import { useState } from "react";
import { useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useFailureText } from "./failure.js";
import { useHandler } from "./handler-context.js";
import { authMessages } from "./messages.js";
import { rememberReturnTo, storeMfaAttempt } from "./sdk.js";
import { Alert, Button, Field, useSubmit } from "./ui.js";

export function CredentialSignIn() {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { busy, onSubmit } = useSubmit(
    async () => {
      setError(null);
      rememberReturnTo();
      const result = await app.signInWithCredential({ email: email.trim(), password, noRedirect: true });
      // A second factor is needed: the SDK kept the attempt code; the MFA page asks for the factor.
      if (result.status === "error" && storeMfaAttempt(result.error)) return handler.go(handler.urls.mfa);
      if (result.status === "error") return setError(failureText(result.error));
      handler.afterAuth(false);
    },
    (caught) => setError(failureText(caught)),
  );
  return (
    <form className="lk-form" onSubmit={onSubmit} noValidate={false}>
      <Alert>{error}</Alert>
      <Field label={t.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Field
        label={t.password}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aside={
          <a className="lk-link lk-small" href={handler.link(handler.urls.forgotPassword)}>
            {t.forgotPassword}
          </a>
        }
      />
      <Button type="submit" busy={busy}>
        {busy ? t.signingIn : t.signIn}
      </Button>
    </form>
  );
}
