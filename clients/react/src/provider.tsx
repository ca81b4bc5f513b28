import { createContext, useContext, type ReactNode } from "react";
import type { LatchkeyClientApp } from "@latchkey/js";
import { LocaleProvider } from "./i18n/locale.js";

const AppContext = createContext<LatchkeyClientApp | null>(null);
const LangContext = createContext<string | undefined>(undefined);

export interface StackProviderProps {
  /** The app every hook below reads through (a client, server or admin app). */
  app: LatchkeyClientApp;
  /**
   * The language of the components below: "en", "de", "fr", "es", "pt-BR", "it", "ja" or "zh-CN" (other tags
   * map to these: "fr-CA" is French, "pt" Brazilian Portuguese, "zh-Hans" Simplified Chinese); by default
   * the browser's preferred one, then English. The components render once that language's texts are loaded.
   */
  lang?: string;
  children?: ReactNode;
}

/**
 * Makes `app` available to the hooks and components below it. Stack's `StackProvider`.
 *
 * @example
 * ```tsx
 * const app = new StackClientApp({ baseUrl: "http://localhost:8102", projectId, publishableClientKey, tokenStore: "cookie" });
 * createRoot(root).render(<StackProvider app={app}><App /></StackProvider>);
 * ```
 */
export function StackProvider({ app, lang, children }: StackProviderProps) {
  // `redirectMethod: { useNavigate }` (React Router and the like): the hook is called here, on every render
  // (a hook of this component), and its navigate function used for the app's redirects.
  // Kept during render (idempotent), so redirects asked for by children in the same render can use it.
  const useNavigate = app._useNavigateHook();
  if (useNavigate) app._navigate = useNavigate();
  return (
    <AppContext.Provider value={app}>
      <LangContext.Provider value={lang}>
        <LocaleProvider locale={lang}>{children}</LocaleProvider>
      </LangContext.Provider>
    </AppContext.Provider>
  );
}

/**
 * The app of the nearest `StackProvider`; throws when there is none.
 *
 * @example
 * ```tsx
 * const app = useStackApp();
 * return <button onClick={() => void app.redirectToSignIn()}>Sign in</button>;
 * ```
 */
export function useStackApp<App extends LatchkeyClientApp = LatchkeyClientApp>(): App {
  const app = useContext(AppContext);
  if (!app) throw new Error("useStackApp must be used inside a <StackProvider app={...}>");
  return app as App;
}

/** The `lang` given to the nearest `StackProvider`, if any (read by the components' i18n). */
export function useStackLang(): string | undefined {
  return useContext(LangContext);
}

