/**
 * "Send again" for a code or link page: disabled with a countdown after each send (so a person cannot
 * flood the inbox or hit the server's send limit), then enabled; says so when the new mail is on its way.
 */
import { useCallback, useEffect, useState } from "react";
import { format, useMessages } from "../i18n/index.js";
import { resendMessages } from "./resend-messages.js";
import { Button } from "./ui.js";

export const RESEND_WAIT_SECONDS = 30;

export interface ResendButtonProps {
  /** Sends the mail again; a rejection is the caller's to show (the countdown starts anyway). */
  onResend: () => Promise<void>;
  /** Seconds before the first and every later resend (default 30). */
  waitSeconds?: number;
  /** The button's text once it can be used, e.g. "Send a new link". */
  label?: string;
}

/**
 * The countdown of a resend button: `left` seconds until it may be used (starting at `initial`), `label`
 * the button's text for that moment, and `restart()` after each send. The account settings' "send
 * verification" buttons use it with their own button style.
 */
export function useResendCountdown(waitSeconds = RESEND_WAIT_SECONDS, initial = waitSeconds) {
  const t = useMessages(resendMessages);
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const restart = useCallback(() => setLeft(waitSeconds), [waitSeconds]);
  const label = (ready: string) => (left > 0 ? format(t.resendIn, { seconds: left }) : ready);
  return { left, waiting: left > 0, restart, label };
}

export function ResendButton({ onResend, waitSeconds = RESEND_WAIT_SECONDS, label }: ResendButtonProps) {
  const t = useMessages(resendMessages);
  const countdown = useResendCountdown(waitSeconds);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const resend = () => {
    setBusy(true);
    setSent(false);
    onResend()
      .then(() => setSent(true), () => undefined)
      .finally(() => {
        setBusy(false);
        countdown.restart();
      });
  };
  return (
    <div className="lk-resend">
      <Button variant="secondary" busy={busy} disabled={countdown.waiting} onClick={resend}>
        {countdown.label(label ?? t.resend)}
      </Button>
      <span className="lk-muted lk-small" role="status">
        {sent ? t.resent : ""}
      </span>
    </div>
  );
}
