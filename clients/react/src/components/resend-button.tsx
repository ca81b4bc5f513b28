/**
 * "Send again" for a code or link page: disabled with a countdown after each send (so a person cannot
 * flood the inbox or hit the server's send limit), then enabled; says so when the new mail is on its way.
 */
import { useEffect, useState } from "react";
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

export function ResendButton({ onResend, waitSeconds = RESEND_WAIT_SECONDS, label }: ResendButtonProps) {
  const t = useMessages(resendMessages);
  const [left, setLeft] = useState(waitSeconds);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const resend = () => {
    setBusy(true);
    setSent(false);
    onResend()
      .then(() => setSent(true), () => undefined)
      .finally(() => {
        setBusy(false);
        setLeft(waitSeconds);
      });
  };
  return (
    <div className="lk-resend">
      <Button variant="secondary" busy={busy} disabled={left > 0} onClick={resend}>
        {left > 0 ? format(t.resendIn, { seconds: left }) : (label ?? t.resend)}
      </Button>
      <span className="lk-muted lk-small" role="status">
        {sent ? t.resent : ""}
      </span>
    </div>
  );
}
