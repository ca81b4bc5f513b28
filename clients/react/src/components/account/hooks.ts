/**
 * Small data hooks of the account components: a list or value loaded through the SDK with its loading,
 * error and data states (loaded again after every change made in the settings), and an action runner
 * that keeps its busy state, error and success note.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { describeError, format, useLocale } from "../../i18n/index.js";
import { accountMessages } from "./messages.js";

/** Counts the changes made through the account components; loaders run again when it moves. */
export const ChangeContext = createContext<{ version: number; changed: () => void }>({ version: 0, changed: () => undefined });

/**
 * Set while the account is being deleted: the settings stop sending a signed-out visitor to the sign-in
 * page (with a return address to these settings), as the deleting section leaves on its own.
 */
export const LeavingContext = createContext<(leaving: boolean) => void>(() => undefined);

export function useChangeCounter() {
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  return useMemo(() => ({ version, changed }), [version, changed]);
}

export type Loaded<T> = { state: "loading" } | { state: "error"; error: unknown } | { state: "ready"; data: T };

/** Loads `load()` on mount and after every change; keeps the last data while loading again (no layout shift). */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> & { reload: () => void } {
  const { version } = useContext(ChangeContext);
  const [local, setLocal] = useState(0);
  const [value, setValue] = useState<Loaded<T>>({ state: "loading" });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (data) => live && setValue({ state: "ready", data }),
      (error: unknown) => live && setValue({ state: "error", error }),
    );
    return () => {
      live = false;
    };
    // The caller lists what the loader depends on; the loader itself is read through a ref.
  }, [version, local, ...deps]);
  const reload = useCallback(() => setLocal((n) => n + 1), []);
  return { ...value, reload };
}

/** Texts for errors: an error's own `lkText` (set by the components), the known-error catalogue, a few account codes. */
export function useDescribeError(): (error: unknown) => string {
  const locale = useLocale();
  return useCallback((error: unknown) => {
    const own = (error as { lkText?: unknown } | null)?.lkText;
    if (typeof own === "string") return own;
    const code = (error as { errorCode?: unknown } | null)?.errorCode;
    if (code === "TEAM_PERMISSION_REQUIRED" || code === "PROJECT_PERMISSION_REQUIRED") {
      // The server names the permission the refused action needs; say which.
      const permission = (error as { details?: { permission_id?: unknown } }).details?.permission_id;
      const texts = accountMessages[locale];
      return typeof permission === "string" ? format(texts.teamPermissionNeeded, { permission }) : texts.teamNoPermission;
    }
    return describeError(error, locale);
  }, [locale]);
}

export interface Action {
  busy: boolean;
  error: string | null;
  note: string | null;
  /** Runs `task`; on success shows `note` (if any) and tells the other sections to load again. */
  run: (task: () => Promise<unknown>, note?: string) => Promise<boolean>;
  clear: () => void;
}

export function useAction(): Action {
  const { changed } = useContext(ChangeContext);
  const describe = useDescribeError();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (task: () => Promise<unknown>, doneNote?: string) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await task();
      if (mounted.current) setNote(doneNote ?? null);
      changed();
      return true;
    } catch (caught) {
      if (mounted.current) setError(describe(caught));
      return false;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, [changed, describe]);
  const clear = useCallback(() => {
    setError(null);
    setNote(null);
  }, []);
  return { busy, error, note, run, clear };
}
