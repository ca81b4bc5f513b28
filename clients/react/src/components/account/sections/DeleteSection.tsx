import { useContext, useState, type FormEvent } from "react";
import { format, useMessages } from "../../../i18n/index.js";
import { LeavingContext, useAction } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Button, Field, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

/** Shown only when the project lets users delete themselves; the final button needs a typed word. */
export function DeleteSection({ app, user }: SectionProps) {
  const t = useMessages(accountMessages);
  const action = useAction();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const setLeaving = useContext(LeavingContext);
  const matches = typed.trim().toUpperCase() === t.deleteWord;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    // Leaving on purpose: to the after-sign-out page, not to sign-in with a way back to a deleted account's settings.
    setLeaving(true);
    if (await action.run(() => user.delete(), t.deleteDone)) await app.redirectToAfterSignOut({ replace: true }).catch(() => undefined);
    else setLeaving(false);
  };
  return (
    <Section id="lk-account-delete" title={t.sectionDelete} description={t.deleteHelp}>
      {!open ? (
        <div className="lk-acc-actions"><Button variant="danger" onClick={() => setOpen(true)}>{t.deleteStart}</Button></div>
      ) : (
        <form className="lk-acc-form" onSubmit={(e) => void submit(e)}>
          <Field label={format(t.deleteTypeToConfirm, { word: t.deleteWord })} autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus />
          <div className="lk-acc-actions">
            <Button type="submit" variant="danger" disabled={!matches} busy={action.busy}>{t.deleteFinal}</Button>
            <Button variant="ghost" onClick={() => { setOpen(false); setTyped(""); }}>{t.cancel}</Button>
          </div>
        </form>
      )}
      <ActionNotices action={action} />
    </Section>
  );
}
