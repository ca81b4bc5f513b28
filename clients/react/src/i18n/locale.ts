/**
 * Message catalogues and the active locale. Each component area keeps its own `messages.ts` made with
 * `defineMessages({ en: {...}, de: {...} })`; German must have exactly English's keys (checked by the
 * type checker). Components read their texts with `useMessages(catalogue)`.
 *
 * The locale comes from `LocaleProvider`'s `locale` prop (or StackProvider's `lang`), else the project's
 * setting (`projectLocale`), else the browser's `navigator.languages`, else English.
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { useStackLang } from "../provider.js";

export const locales = ["en", "de"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export type Messages<K extends string = string> = Readonly<Record<K, string>>;

/** A catalogue: one set of texts per locale, all with the same keys. */
export interface Catalogue<K extends string> {
  readonly en: Messages<K>;
  readonly de: Messages<K>;
}

/**
 * Declares a component area's texts. The German set must have exactly the English keys: a missing key
 * and an extra key are both type errors.
 *
 * @example
 * ```ts
 * export const messages = defineMessages({ en: { title: "Sign in" }, de: { title: "Anmelden" } });
 * ```
 */
export function defineMessages<const E extends Record<string, string>, const D extends { [K in keyof E]: string }>(catalogue: {
  en: E;
  de: D & Record<Exclude<keyof D, keyof E>, never>;
}): Catalogue<Extract<keyof E, string>> {
  return catalogue as unknown as Catalogue<Extract<keyof E, string>>;
}

/** The best supported locale for a list of language tags (e.g. `navigator.languages`), or undefined. */
export function matchLocale(tags: readonly (string | null | undefined)[]): Locale | undefined {
  for (const tag of tags) {
    if (!tag) continue;
    const base = tag.toLowerCase().split(/[-_]/)[0];
    const found = locales.find((locale) => locale === base);
    if (found) return found;
  }
  return undefined;
}

/** The browser's preferred supported locale, or undefined (also outside a browser). */
export function browserLocale(): Locale | undefined {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  if (!nav) return undefined;
  return matchLocale(nav.languages && nav.languages.length > 0 ? nav.languages : [nav.language]);
}

/** Chooses the locale: the explicit one, the project's, the browser's, then English. */
export function resolveLocale(explicit?: string | null, projectLocale?: string | null): Locale {
  return matchLocale([explicit]) ?? matchLocale([projectLocale]) ?? browserLocale() ?? defaultLocale;
}

const LocaleContext = createContext<Locale | null>(null);

export interface LocaleProviderProps {
  /** A locale given by the app (wins over everything else). */
  locale?: string | null | undefined;
  /** The project's configured language, when it has one. */
  projectLocale?: string | null | undefined;
  children?: ReactNode;
}

/** Sets the locale of every component below it. */
export function LocaleProvider({ locale, projectLocale, children }: LocaleProviderProps) {
  const value = useMemo(() => resolveLocale(locale, projectLocale), [locale, projectLocale]);
  return createElement(LocaleContext.Provider, { value }, children);
}

/** The active locale: the nearest LocaleProvider's, else StackProvider's `lang`, else the browser's, else English. */
export function useLocale(): Locale {
  const fromProvider = useContext(LocaleContext);
  const stackLang = useStackLang();
  return fromProvider ?? resolveLocale(stackLang);
}

/** The active locale's texts of a catalogue. */
export function useMessages<K extends string>(catalogue: Catalogue<K>): Messages<K> {
  return catalogue[useLocale()];
}

/**
 * Fills `{name}` placeholders of a text.
 * @example `format("Signed in as {email}", { email })`
 */
export function format(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

