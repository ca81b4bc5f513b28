/** The building blocks of the sign-in components: card, fields, buttons, alerts, tabs. */
import { useEffect, useId, useState, type ButtonHTMLAttributes, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { useMessages } from "../i18n/index.js";
import { BrandHeader } from "./branding.js";
import { authMessages } from "./messages.js";

export interface CardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** A page of its own (centred on the background, with an h1) rather than a card inside the app's page. */
  fullPage?: boolean;
  loading?: boolean;
  children?: ReactNode;
}

/** A card with a title; on a page of its own when `fullPage`. */
export function Card({ title, subtitle, fullPage, loading, children }: CardProps) {
  const Heading = fullPage ? "h1" : "h2";
  // A page of its own is named after its card (browser tabs, history, screen readers).
  useEffect(() => {
    if (fullPage && typeof title === "string") document.title = title;
  }, [fullPage, title]);
  const card = (
    <section className={loading ? "lk-card lk-card-loading" : "lk-card"} aria-busy={loading || undefined}>
      {title !== undefined && <Heading className="lk-title">{title}</Heading>}
      {subtitle !== undefined && <p className="lk-subtitle">{subtitle}</p>}
      {children}
    </section>
  );
  return fullPage ? (
    <main className="lk-page">
      <BrandHeader />
      {card}
    </main>
  ) : card;
}

/** A card while something loads: the same size as the form it makes room for. */
export function LoadingCard({ fullPage }: { fullPage?: boolean }) {
  const t = useMessages(authMessages);
  return (
    <Card fullPage={fullPage} loading>
      <div className="lk-spinner" role="status" aria-label={t.loading} />
    </Card>
  );
}

export function Alert({ kind = "error", children }: { kind?: "error" | "success"; children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p className={`lk-alert lk-alert-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  hint?: string;
  error?: string | null;
  /** Something shown at the label's end (e.g. "Forgot your password?"). */
  aside?: ReactNode;
}

export function Field({ label, hint, error, aside, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="lk-field">
      <div className="lk-label-row">
        <label className="lk-label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      <input id={id} className={className ? `lk-input ${className}` : "lk-input"} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <span id={hintId} className="lk-muted lk-small">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="lk-small" style={{ color: "var(--lk-danger)" }}>
          {error}
        </span>
      )}
    </div>
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary";
  busy?: boolean;
}

export function Button({ variant = "primary", busy, disabled, className, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button type={type} className={`lk-button lk-button-${variant}${className ? ` ${className}` : ""}`} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}

/** A form whose submit handler is async: errors are handed to `onError`, and `busy` is set meanwhile. */
export function useSubmit(action: () => Promise<void>, onError: (error: unknown) => void): { busy: boolean; onSubmit: (event?: FormEvent) => void; run: () => void } {
  const [busy, setBusy] = useState(false);
  const run = () => {
    if (busy) return;
    setBusy(true);
    action().then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        onError(error);
      },
    );
  };
  return {
    busy,
    run,
    onSubmit: (event) => {
      event?.preventDefault();
      run();
    },
  };
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
}

/** A row of tabs (ARIA tabs pattern, arrow keys move between them). */
export function Tabs<T extends string>({ label, tabs, selected, onSelect }: TabsProps<T>) {
  const id = useId();
  return (
    <div className="lk-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          id={`${id}-${tab.id}`}
          type="button"
          role="tab"
          className="lk-tab"
          aria-selected={tab.id === selected}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => {
            if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
            const next = tabs[(index + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]!;
            onSelect(next.id);
            document.getElementById(`${id}-${next.id}`)?.focus();
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function Separator({ children }: { children?: ReactNode }) {
  return (
    <div className="lk-separator" role="separator">
      {children}
    </div>
  );
}
