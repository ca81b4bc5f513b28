import { useId, useState, type FormEvent } from "react";
import { useMessages } from "../../../i18n/index.js";
import { PasswordRules, passwordFailureOf, usePasswordFailureText, type PasswordRule } from "../../password-rules.js";
import { useAction } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Button, Field, Notice, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

export function PasswordSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  const action = useAction();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  // The rule a refusal names: marked in the rules listed under the field, and said in the error.
  const [failedRule, setFailedRule] = useState<PasswordRule | null>(null);
  const rulesId = useId();
  const failureText = usePasswordFailureText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setFailedRule(null);
    const done = await action.run(async () => {
      const error = user.hasPassword ? await user.updatePassword({ oldPassword: current, newPassword: next }) : await user.setPassword({ password: next });
      if (!error) return;
      setFailedRule(passwordFailureOf(error)?.rule ?? null);
      const text = failureText(error);
      throw text === null ? error : Object.assign(error, { lkText: text });
    }, user.hasPassword ? t.passwordChanged : t.passwordWasSet);
    if (done) {
      setCurrent("");
      setNext("");
      setRepeat("");
    }
  };

  return (
    <Section id="lk-account-password" title={t.sectionPassword} description={user.hasPassword ? t.passwordHas : t.passwordNone}>
      <form className="lk-acc-form" onSubmit={(e) => void submit(e)}>
        {/* A hidden user name helps password managers file the new password under the right account. */}
        <input type="text" className="lk-acc-visually-hidden" autoComplete="username" value={user.primaryEmail ?? ""} readOnly tabIndex={-1} aria-hidden="true" />
        {user.hasPassword && (
          <Field label={t.passwordCurrent} type="password" required autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        )}
        <Field label={t.passwordNew} type="password" required autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)}
          aria-describedby={rulesId} aria-invalid={failedRule !== null || undefined} />
        <PasswordRules id={rulesId} failed={failedRule} />
        <Field label={t.passwordRepeat} type="password" required autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} aria-invalid={mismatch || undefined} />
        {mismatch && <Notice kind="error">{t.passwordMismatch}</Notice>}
        <div className="lk-acc-actions">
          <Button type="submit" variant="primary" busy={action.busy}>{user.hasPassword ? t.passwordChange : t.passwordSet}</Button>
        </div>
        <ActionNotices action={action} />
      </form>
    </Section>
  );
}
