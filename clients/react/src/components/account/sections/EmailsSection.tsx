import { useState, type FormEvent } from "react";
import type { ContactChannel } from "@latchkey/js";
import { format, useMessages } from "../../../i18n/index.js";
import { RESEND_WAIT_SECONDS, useResendCountdown } from "../../resend-button.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Badge, Button, ConfirmButton, Field, LoadState, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

/** `justSent`: the section sent this address its verification mail a moment ago (it was just added). */
function EmailRow({ channel, action, justSent }: { channel: ContactChannel; action: ReturnType<typeof useAction>; justSent: boolean }) {
  const t = useMessages(accountMessages);
  // Like the code pages' resend button: wait after each send, so nobody floods the inbox or meets the send limit.
  const countdown = useResendCountdown(RESEND_WAIT_SECONDS, justSent ? RESEND_WAIT_SECONDS : 0);
  const sendVerification = async () => {
    await action.run(() => channel.sendVerificationEmail(), format(t.emailVerificationSent, { email: channel.value }));
    countdown.restart();
  };
  return (
    <li className="lk-acc-item">
      <div className="lk-acc-item-main">
        <span className="lk-acc-item-title lk-acc-break">{channel.value}</span>
        <span className="lk-acc-badges">
          {channel.isPrimary && <Badge tone="good">{t.emailPrimary}</Badge>}
          {channel.isVerified ? <Badge tone="good">{t.emailVerified}</Badge> : <Badge tone="warn">{t.emailUnverified}</Badge>}
          {channel.usedForAuth && <Badge>{t.emailUsedForSignIn}</Badge>}
        </span>
      </div>
      <div className="lk-acc-item-actions" role="group" aria-label={format(t.emailActionsFor, { email: channel.value })}>
        {!channel.isVerified && (
          <Button busy={action.busy} disabled={countdown.waiting} onClick={() => void sendVerification()}>
            {countdown.label(t.emailSendVerification)}
          </Button>
        )}
        {!channel.isPrimary && channel.isVerified && (
          <Button busy={action.busy} onClick={() => void action.run(() => channel.update({ isPrimary: true }), t.saved)}>{t.emailMakePrimary}</Button>
        )}
        {/* The primary address keeps signing in (turning it off could lock the user out). */}
        {!(channel.isPrimary && channel.usedForAuth) && (
          <Button variant="ghost" busy={action.busy} onClick={() => void action.run(() => channel.update({ usedForAuth: !channel.usedForAuth }), t.saved)}>
            {channel.usedForAuth ? t.emailStopSignIn : t.emailUseForSignIn}
          </Button>
        )}
        {!channel.isPrimary && (
          <ConfirmButton label={t.remove} question={format(t.emailRemoveConfirm, { email: channel.value })} busy={action.busy} onConfirm={() => action.run(() => channel.delete())} />
        )}
      </div>
    </li>
  );
}

export function EmailsSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  // The primary address first, the others as the server lists them.
  const channels = useLoad(async () => (await user.listContactChannels()).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)), [user.id]);
  const rowAction = useAction();
  const addAction = useAction();
  const [email, setEmail] = useState("");
  const [justSent, setJustSent] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const added = await addAction.run(async () => {
      const channel = await user.createContactChannel({ type: "email", value, usedForAuth: false });
      setJustSent(channel.id);
      await channel.sendVerificationEmail();
    }, format(t.emailVerificationSent, { email: value }));
    if (added) setEmail("");
  };

  return (
    <Section id="lk-account-emails" title={t.sectionEmails}>
      <LoadState loaded={channels}>
        {(list) => list.length === 0
          ? <p className="lk-acc-muted">{t.emptyList}</p>
          : <ul className="lk-acc-list">{list.map((c) => <EmailRow key={c.id} channel={c} action={rowAction} justSent={c.id === justSent} />)}</ul>}
      </LoadState>
      <ActionNotices action={rowAction} />
      <form className="lk-acc-form lk-acc-inline-form" onSubmit={(e) => void add(e)}>
        <Field label={t.emailAddress} type="email" required maxLength={256} autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" variant="primary" busy={addAction.busy}>{addAction.busy ? t.emailAdding : t.emailAdd}</Button>
      </form>
      <ActionNotices action={addAction} />
    </Section>
  );
}
