import { useId, useState, type FormEvent } from "react";
import type { ApiKey } from "@latchkey/js";
import { format, useMessages } from "../../../i18n/index.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Badge, Button, ConfirmButton, Field, LoadState, SecretOnce, useFormatDate } from "../ui.js";

const expiryChoices = [null, 7, 30, 90, 365] as const;

/** Lists, creates (showing the secret once) and revokes the API keys of a user or a team. */
export function ApiKeysPanel({ list, create, help }: { list: () => Promise<ApiKey[]>; create: (options: { description: string; expiresAt: Date | null }) => Promise<ApiKey<true>>; help: string }) {
  const t = useMessages(accountMessages);
  const formatDate = useFormatDate();
  const keys = useLoad(list, [list]);
  const createAction = useAction();
  const rowAction = useAction();
  const expiryId = useId();
  const [description, setDescription] = useState("");
  const [days, setDays] = useState<string>("90");
  const [created, setCreated] = useState<string | null>(null);
  const [showInvalid, setShowInvalid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = days === "" ? null : new Date(Date.now() + Number(days) * 86_400_000);
    let value: string | null = null;
    const done = await createAction.run(async () => {
      value = (await create({ description: description.trim(), expiresAt })).value;
    });
    if (done) {
      setCreated(value);
      setDescription("");
    }
  };

  return (
    <div className="lk-acc-keys">
      <p className="lk-acc-muted">{help}</p>
      {created && (
        <div className="lk-acc-new-secret" data-testid="lk-new-api-key">
          <p role="status">{t.apiKeyCreated}</p>
          <SecretOnce label={t.apiKeyValue} value={created} />
          <div className="lk-acc-actions"><Button onClick={() => setCreated(null)}>{t.done}</Button></div>
        </div>
      )}
      <LoadState loaded={keys}>
        {(all) => {
          const shown = showInvalid ? all : all.filter((k) => k.isValid());
          return (
            <>
              {shown.length === 0 ? <p className="lk-acc-muted">{t.emptyList}</p> : (
                <ul className="lk-acc-list">
                  {shown.map((key) => {
                    const why = key.whyInvalid();
                    return (
                      <li className="lk-acc-item" key={key.id}>
                        <div className="lk-acc-item-main">
                          <span className="lk-acc-item-title lk-acc-break">{key.description}</span>
                          <span className="lk-acc-muted lk-acc-mono">{format(t.apiKeyEnding, { last: key.value.lastFour })}</span>
                          <span className="lk-acc-muted">{key.expiresAt ? format(t.apiKeyExpires, { date: formatDate(key.expiresAt) }) : t.apiKeyNoExpiry}</span>
                          {why && <span className="lk-acc-badges"><Badge tone="warn">{why === "expired" ? t.apiKeyExpired : t.apiKeyRevoked}</Badge></span>}
                        </div>
                        {!why && (
                          <div className="lk-acc-item-actions">
                            <ConfirmButton label={t.revoke} accessibleLabel={`${t.revoke}: ${key.description}`} question={format(t.apiKeyRevokeConfirm, { name: key.description })} busy={rowAction.busy} onConfirm={() => rowAction.run(() => key.revoke())} />
                          </div>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
              {all.some((k) => !k.isValid()) && (
                <label className="lk-acc-check">
                  <input type="checkbox" checked={showInvalid} onChange={(e) => setShowInvalid(e.target.checked)} /> {t.apiKeyShowRevoked}
                </label>
              )}
            </>
          );
        }}
      </LoadState>
      <ActionNotices action={rowAction} />
      <form className="lk-acc-form lk-acc-inline-form" onSubmit={(e) => void submit(e)}>
        <Field label={t.apiKeyDescription} required maxLength={256} value={description} onChange={(e) => setDescription(e.target.value)} />
        <div className="lk-acc-field">
          <label className="lk-acc-label" htmlFor={expiryId}>{t.apiKeyExpiry}</label>
          <select className="lk-acc-input" id={expiryId} value={days} onChange={(e) => setDays(e.target.value)}>
            {expiryChoices.map((choice) => <option key={String(choice)} value={choice === null ? "" : String(choice)}>{choice === null ? t.apiKeyNever : format(t.apiKeyDays, { days: choice })}</option>)}
          </select>
        </div>
        <Button type="submit" variant="primary" busy={createAction.busy}>{t.apiKeyCreate}</Button>
      </form>
      <ActionNotices action={createAction} />
    </div>
  );
}
