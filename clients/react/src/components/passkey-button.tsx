/** Sign-in with a passkey of this device (shown when the project enables passkeys). */
import { useState } from "react";
import { KnownError } from "@latchkey/js";
import { format, useMessages } from "../i18n/index.js";
import { useStackApp } from "../provider.js";
import { useHandler } from "./handler-context.js";
import { authMessages } from "./messages.js";
import { isIpAddress, passkeyMessages } from "./passkey-messages.js";
import { rememberReturnTo, storeMfaAttempt } from "./sdk.js";
import { Alert, Button } from "./ui.js";
import { useFailureText } from "./failure.js";

export function PasskeySignInButton() {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const p = useMessages(passkeyMessages);
  const errorText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    rememberReturnTo();
    try {
      // The handler decides where to go next (its after-sign-in page may be another origin's address).
      const result = await app.signInWithPasskey({ noRedirect: true });
      if (result.status === "error") throw result.error;
      handler.afterAuth(false);
    } catch (caught) {
      if (storeMfaAttempt(caught)) return handler.go(handler.urls.mfa);
      // Browsers have no relying-party id for an IP address: say so rather than "could not use the passkey".
      const host = window.location.hostname;
      if (isIpAddress(host)) return setError(format(p.ipAddress, { host }));
      // The user closed the browser's prompt (WebAuthn reports it as NotAllowedError).
      if (caught instanceof Error && caught.name === "NotAllowedError") return setError(t.passkeyCancelled);
      setError(caught instanceof KnownError || !(caught instanceof Error) || caught.name === "UntrustedRedirectError" ? errorText(caught) : errorText({ errorCode: "PASSKEY_AUTHENTICATION_FAILED" }));
    }
  };
  return (
    <div className="lk-stack">
      <Alert>{error}</Alert>
      <Button
        variant="secondary"
        busy={busy}
        onClick={() => {
          setBusy(true);
          void start().finally(() => setBusy(false));
        }}
      >
        {t.signInWithPasskey}
      </Button>
    </div>
  );
}
