/**
 * Sign-in by e-mail (Stack's `MagicLinkSignIn`): the server mails a link and a 6-character code; the
 * person opens the link (magic-link-callback page) or types the code here.
 */
import { useState } from "react";
import { KnownErrors } from "@latchkey/js";
import { format, useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useFailureText } from "./failure.js";
import { useHandler } from "./handler-context.js";
import { authMessages } from "./messages.js";
import { ResendButton } from "./resend-button.js";
import { rememberReturnTo } from "./sdk.js";
import { Alert, Button, Field, useSubmit } from "./ui.js";

export function MagicLinkSignIn() {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const failureText = useFailureText();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<{ email: string; nonce: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onError = (caught: unknown) => {
    if (caught instanceof KnownErrors.MultiFactorAuthenticationRequired) return;
    setError(failureText(caught));
  };

  const send = useSubmit(async () => {
    setError(null);
    const callbackUrl = new URL(handler.link(handler.urls.magicLinkCallback), window.location.href).toString();
    const result = await app.sendMagicLinkEmail(email.trim(), { callbackUrl });
    if (result.status === "error") return setError(failureText(result.error));
    setSent({ email: email.trim(), nonce: result.data.nonce });
    setCode("");
  }, onError);

  const resend = async () => {
    if (!sent) return;
    setError(null);
    const callbackUrl = new URL(handler.link(handler.urls.magicLinkCallback), window.location.href).toString();
    const result = await app.sendMagicLinkEmail(sent.email, { callbackUrl }).catch((caught: unknown) => ({ status: "error" as const, error: caught }));
    if (result.status === "error") {
      setError(failureText(result.error));
      throw result.error;
    }
    // The typed code goes with the newest mail's nonce.
    setSent({ email: sent.email, nonce: result.data.nonce });
  };

  const signIn = useSubmit(async () => {
    if (!sent) return;
    setError(null);
    rememberReturnTo();
    const result = await app.signInWithMagicLink(code.trim().toLowerCase() + sent.nonce, { noRedirect: true });
    if (result.status === "error") return setError(failureText(result.error));
    handler.afterAuth(false);
  }, onError);

  if (!sent) {
    return (
      <form className="lk-form" onSubmit={send.onSubmit}>
        <Alert>{error}</Alert>
        <Field label={t.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" busy={send.busy}>
          {send.busy ? t.sendingCode : t.sendCode}
        </Button>
      </form>
    );
  }
  return (
    <form className="lk-form" onSubmit={signIn.onSubmit}>
      <Alert kind="success">{format(t.codeSent, { email: sent.email })}</Alert>
      <Alert>{error}</Alert>
      <Field
        label={t.code}
        hint={t.codeHint}
        className="lk-input-code"
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="text"
        required
        minLength={6}
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\s/g, ""))}
      />
      <Button type="submit" busy={signIn.busy}>
        {signIn.busy ? t.checkingCode : t.useCode}
      </Button>
      <ResendButton onResend={resend} />
      <button type="button" className="lk-link lk-small" onClick={() => setSent(null)}>
        {t.otherEmail}
      </button>
    </form>
  );
}
