/**
 * The small building blocks of the account components: sections, buttons, labelled fields, notices,
 * inline confirmation, a once-shown secret, loading states and the avatar. Class names start with
 * `lk-`; colours come from the `--lk-*` variables of account.css.
 */
import "../../styles/account.css";
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from "react";
import { format, useLocale, useMessages } from "../../i18n/index.js";
import type { Action, Loaded } from "./hooks.js";
import { useDescribeError } from "./hooks.js";
import { accountMessages } from "./messages.js";

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ");

export function Section({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <section className="lk-acc-section" id={id} aria-labelledby={headingId}>
      <h2 className="lk-acc-section-title" id={headingId}>{title}</h2>
      {description !== undefined && <p className="lk-acc-muted">{description}</p>}
      {children}
    </section>
  );
}

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

export function Button({ variant = "secondary", busy = false, className, children, disabled, type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; busy?: boolean }) {
  return (
    <button {...rest} type={type} className={cx("lk-acc-button", `lk-acc-button-${variant}`, className)} disabled={disabled || busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}

export function Field({ label, hint, className, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cx("lk-acc-field", className)}>
      <label className="lk-acc-label" htmlFor={id}>{label}</label>
      <input className="lk-acc-input" id={id} aria-describedby={hintId} {...input} />
      {hint && <p className="lk-acc-hint" id={hintId}>{hint}</p>}
    </div>
  );
}

export function Notice({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <p className={cx("lk-acc-notice", `lk-acc-notice-${kind}`)} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** The error or success note of an action, in a live region that keeps its place. */
export function ActionNotices({ action }: { action: Action }) {
  if (action.error) return <Notice kind="error">{action.error}</Notice>;
  if (action.note) return <Notice kind="success">{action.note}</Notice>;
  return null;
}

/** A button that asks first: the question and the confirm and cancel buttons replace it until answered. */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, busy, variant = "danger", accessibleLabel }: {
  label: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => unknown;
  busy?: boolean;
  variant?: ButtonVariant;
  accessibleLabel?: string;
}) {
  const t = useMessages(accountMessages);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return <Button variant={variant === "danger" ? "ghost" : variant} className={variant === "danger" ? "lk-acc-text-danger" : undefined} onClick={() => setAsking(true)} busy={busy} aria-label={accessibleLabel}>{label}</Button>;
  }
  return (
    <span className="lk-acc-confirm" role="group" aria-label={question}>
      <span className="lk-acc-confirm-question">{question}</span>
      <Button variant={variant} autoFocus busy={busy} onClick={() => { setAsking(false); void onConfirm(); }}>{confirmLabel ?? t.confirm}</Button>
      <Button variant="ghost" onClick={() => setAsking(false)}>{t.cancel}</Button>
    </span>
  );
}

/** A secret shown once (a new API key, recovery codes), with a copy button. */
export function SecretOnce({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const t = useMessages(accountMessages);
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    const clipboard = (globalThis as { navigator?: { clipboard?: { writeText(text: string): Promise<void> } } }).navigator?.clipboard;
    if (!clipboard) return;
    clipboard.writeText(value).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="lk-acc-secret">
      <label className="lk-acc-label" htmlFor={id}>{label}</label>
      <div className="lk-acc-secret-row">
        {multiline
          ? <textarea className="lk-acc-input lk-acc-mono" id={id} readOnly value={value} rows={value.split("\n").length} />
          : <input className="lk-acc-input lk-acc-mono" id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />}
        <Button onClick={copy}>{copied ? t.copied : t.copy}</Button>
      </div>
    </div>
  );
}

export function Badge({ tone = "neutral", children }: { tone?: "neutral" | "good" | "warn"; children: ReactNode }) {
  return <span className={cx("lk-acc-badge", `lk-acc-badge-${tone}`)}>{children}</span>;
}

/** The loading line (a status region, so screen readers hear it). */
export function Loading() {
  const t = useMessages(accountMessages);
  return <p className="lk-acc-loading" role="status" aria-live="polite">{t.loading}</p>;
}

/** Renders the loading, error or ready state of a loaded value; loading keeps a row's height. */
export function LoadState<T>({ loaded, children }: { loaded: Loaded<T> & { reload: () => void }; children: (data: T) => ReactNode }) {
  const t = useMessages(accountMessages);
  const describe = useDescribeError();
  switch (loaded.state) {
    case "loading":
      return <Loading />;
    case "error":
      return (
        <div className="lk-acc-load-error">
          <Notice kind="error">{describe(loaded.error)}</Notice>
          <Button variant="ghost" onClick={loaded.reload}>{t.retry}</Button>
        </div>
      );
    case "ready":
      return <>{children(loaded.data)}</>;
  }
}

/** Initials of a name or e-mail address, for avatars without an image. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").replace(/@.*$/, "").split(/[\s._-]+/).filter(Boolean);
  const letters = words.length >= 2 ? [words[0]![0], words[1]![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

/** A person's or team's image, or their initials; `decorative` when the name is written beside it. */
export function Avatar({ name, imageUrl, size = 40, decorative = false }: { name: string; imageUrl: string | null | undefined; size?: number; decorative?: boolean }) {
  const t = useMessages(accountMessages);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (imageUrl) return <img className="lk-acc-avatar" src={imageUrl} alt={decorative ? "" : format(t.avatarAlt, { name })} width={size} height={size} style={style} />;
  return <span className="lk-acc-avatar lk-acc-avatar-initials" aria-hidden="true" style={style}>{initialsOf(name)}</span>;
}

/** A date in the active language, e.g. "24 Nov 2026, 14:05". */
export function useFormatDate(): (date: Date) => string {
  const locale = useLocale();
  return (date) => date.toLocaleString(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}
