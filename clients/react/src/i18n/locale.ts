/**
 * Message catalogues and the active locale. Each component area keeps its English texts in its
 * `messages.ts`, made with `defineMessages(en, { de: () => import(...), fr: ..., ... })`, and every other
 * language in a module of its own that is loaded only when a page shows that language. Each translation
 * is declared `satisfies Translation<Key>`, so a missing or an extra key is a type error, and
 * `defineMessages` wants a loader for every shipped locale.
 *
 * The locale comes from `LocaleProvider`'s `locale` prop (or StackProvider's `lang`), else the project's
 * setting (`projectLocale`), else the browser's `navigator.languages`, else English. The provider renders
 * its children once that language's texts are loaded.
 */
import { createContext, createElement, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useThenable } from "../hooks/use-thenable.js";

/** The shipped languages: English, German, French, Spanish, Portuguese (Brazil), Italian, Japanese, Simplified Chinese. */
export const locales = ["en", "de", "fr", "es", "pt-BR", "it", "ja", "zh-CN"] as const;
export type Locale = (typeof locales)[number];
/** The locales whose texts load on demand (all but English, which is built in). */
export type LoadedLocale = Exclude<Locale, "en">;
export const defaultLocale: Locale = "en";

export type Messages<K extends string = string> = Readonly<Record<K, string>>;

/** The texts of one language for a catalogue with keys `K`: use as `{ ... } satisfies Translation<Key>`. */
export type Translation<K extends string> = Readonly<Record<K, string>>;

/** How a catalogue gets one language's texts (usually `() => import("./locales/fr.js").then((m) => m.auth)`). */
export type TranslationLoader<K extends string> = () => Promise<Translation<K>>;

/**
 * A catalogue: its texts in every locale. English is always there; another locale's texts are there once
 * `load(locale)` has settled (before that, reading them gives English).
 */
export type Catalogue<K extends string> = { readonly [L in Locale]: Messages<K> } & {
  /** Loads `locale`'s texts (once; a failed load keeps English for that locale). */
  load(locale: Locale): Promise<Messages<K>>;
  /** Whether `locale`'s texts are loaded. */
  isLoaded(locale: Locale): boolean;
  /** The loaders of the other locales (for tests that check every translation). */
  readonly loaders: { readonly [L in LoadedLocale]: TranslationLoader<K> };
};

type AnyCatalogue = Catalogue<string>;
type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T };

/** Every catalogue defined so far: what a LocaleProvider loads before it renders. */
const registry = new Set<AnyCatalogue>();

/** A promise marked as settled, so React's `use` reads it without suspending. */
function settled<T>(value: T): Tracked<T> {
  const promise: Tracked<T> = Promise.resolve(value);
  promise.status = "fulfilled";
  promise.value = value;
  return promise;
}

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Tracked<T>;
  tracked.status = "pending";
  void tracked.then((value) => {
    tracked.status = "fulfilled";
    tracked.value = value;
  });
  return tracked;
}

/**
 * Declares a component area's texts: English in full, every other shipped locale as a loader of its
 * module. Leaving out a locale is a type error; so is a translation that misses a key (and, through its
 * `satisfies Translation<Key>`, one with an extra key).
 *
 * @example
 * ```ts
 * const en = { title: "Sign in" };
 * export type TitleKey = keyof typeof en;
 * export const titleMessages = defineMessages(en, {
 *   de: () => import("./locales/de.js").then((m) => m.title),
 *   // … fr, es, pt-BR, it, ja, zh-CN
 * });
 * // locales/de.ts: export const title = { title: "Anmelden" } satisfies Translation<TitleKey>;
 * ```
 */
export function defineMessages<const E extends Record<string, string>>(
  en: E,
  loaders: { readonly [L in LoadedLocale]: TranslationLoader<Extract<keyof E, string>> },
): Catalogue<Extract<keyof E, string>> {
  type K = Extract<keyof E, string>;
  const loaded = new Map<Locale, Messages<K>>([["en", en]]);
  const pending = new Map<Locale, Tracked<Messages<K>>>([["en", settled<Messages<K>>(en)]]);
  const catalogue = {
    en,
    loaders,
    isLoaded: (locale: Locale) => loaded.has(locale),
    load(locale: Locale): Promise<Messages<K>> {
      const known = pending.get(locale);
      if (known) return known;
      const promise = track(
        loaders[locale as LoadedLocale]().then(
          (texts) => texts,
          // The language's module could not be fetched: the page stays usable in English.
          () => en,
        ),
      );
      void promise.then((texts) => loaded.set(locale, texts));
      pending.set(locale, promise);
      return promise;
    },
  };
  for (const locale of locales) {
    if (locale !== "en") Object.defineProperty(catalogue, locale, { enumerable: true, get: () => loaded.get(locale) ?? en });
  }
  registry.add(catalogue as unknown as AnyCatalogue);
  return catalogue as unknown as Catalogue<K>;
}

const localeLoads = new Map<Locale, { size: number; promise: Tracked<unknown> }>();

/** Whether every catalogue defined so far has `locale`'s texts. */
export function isLocaleLoaded(locale: Locale): boolean {
  for (const catalogue of registry) if (!catalogue.isLoaded(locale)) return false;
  return true;
}

/** Loads `locale`'s texts of every catalogue defined so far (a page's catalogues load together, in parallel). */
export function loadLocale(locale: Locale): Promise<unknown> {
  const known = localeLoads.get(locale);
  if (known && (known.size === registry.size || known.promise.status === "pending")) return known.promise;
  const promise = isLocaleLoaded(locale) ? settled(undefined) : track(Promise.all([...registry].map((catalogue) => catalogue.load(locale))));
  localeLoads.set(locale, { size: registry.size, promise });
  return promise;
}

const traditionalChinese = new Set(["hant", "tw", "hk", "mo"]);

/** The shipped locale for one language tag, or undefined. */
function localeOf(tag: string): Locale | undefined {
  const [base, ...rest] = tag.toLowerCase().split(/[-_]/);
  if (base === "pt") return "pt-BR";
  if (base === "zh") {
    // Simplified Chinese unless the tag asks for the traditional script (zh-Hant, zh-TW, zh-HK, zh-MO).
    if (rest.includes("hans")) return "zh-CN";
    return rest.some((part) => traditionalChinese.has(part)) ? undefined : "zh-CN";
  }
  return locales.find((locale) => locale === base);
}

/**
 * The best supported locale for a list of language tags (e.g. `navigator.languages`), or undefined.
 * Regions map to their language (`fr-CA` → `fr`); any Portuguese is `pt-BR`; Chinese is `zh-CN` unless
 * the tag names the traditional script, which goes on to the next tag.
 */
export function matchLocale(tags: readonly (string | null | undefined)[]): Locale | undefined {
  for (const tag of tags) {
    const found = tag ? localeOf(tag) : undefined;
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
  /** A locale given by the app (wins over everything else), e.g. "fr", "pt-BR", "zh-CN". */
  locale?: string | null | undefined;
  /** The project's configured language, when it has one. */
  projectLocale?: string | null | undefined;
  children?: ReactNode;
}

/**
 * Sets the locale of every component below it, and renders them once that language's texts are loaded
 * (at first it suspends; on a later change of language it keeps the previous one until the new one is there).
 * Without a `locale` of its own it keeps the locale of a LocaleProvider above it.
 */
export function LocaleProvider({ locale, projectLocale, children }: LocaleProviderProps) {
  const outer = useContext(LocaleContext);
  const wanted = useMemo(() => resolveLocale(locale ?? outer, projectLocale), [locale, outer, projectLocale]);
  const [shown, setShown] = useState<Locale | null>(null);
  const ready = isLocaleLoaded(wanted);
  const value = ready || shown === null ? wanted : shown;
  // The first render waits (suspends) for the language; later ones keep showing the previous language.
  useThenable(loadLocale(value));
  useEffect(() => {
    let live = true;
    void loadLocale(wanted).then(() => {
      if (live) setShown(wanted);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return createElement(LocaleContext.Provider, { value }, children);
}

/** The active locale: the nearest LocaleProvider's (StackProvider includes one), else the browser's, else English. */
export function useLocale(): Locale {
  return useContext(LocaleContext) ?? resolveLocale();
}

/** The active locale's texts of a catalogue (suspends while a catalogue loaded later fetches them). */
export function useMessages<K extends string>(catalogue: Catalogue<K>): Messages<K> {
  return useThenable(catalogue.load(useLocale()));
}

/**
 * Fills `{name}` placeholders of a text.
 * @example `format("Signed in as {email}", { email })`
 */
export function format(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
