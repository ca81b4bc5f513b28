import type { ReactNode } from "react";
import { LatchkeyClientApp } from "@latchkey/js";
import { StackProviderFromJson } from "@latchkey/next/client";
import type { ClientAppJson } from "../app-json.js";

export interface StackProviderProps {
  /** The app (usually the server app); the browser gets a client app of the same project. */
  app: LatchkeyClientApp;
  /** The language of the components ("en", "de"); by default the browser's, then English. */
  lang?: string;
  /** Accepted for Stack compatibility; the components' texts come from `lang`. */
  translationOverrides?: Record<string, string>;
  children?: ReactNode;
}

/** What the browser needs of `app`: never its secret keys. */
function clientJsonOf(app: LatchkeyClientApp): ClientAppJson {
  if (!(app instanceof LatchkeyClientApp)) throw new Error("StackProvider needs the app object itself (a StackServerApp or StackClientApp made on the server)");
  const configured = app._options.baseUrl;
  return {
    baseUrl: typeof configured === "object" ? configured.browser : app._transport.options.baseUrl,
    projectId: app.projectId,
    publishableClientKey: app._transport.options.publishableClientKey ?? null,
    urls: { ...app.urls },
  };
}

/**
 * Stack's `StackProvider` for the root layout (a server component): the hooks and components below it
 * use a client app of `app`'s project, whose tokens live in the browser's cookies.
 *
 * @example
 * ```tsx
 * <StackProvider app={stackServerApp}><StackTheme>{children}</StackTheme></StackProvider>
 * ```
 */
export function StackProvider({ app, lang, children }: StackProviderProps) {
  return <StackProviderFromJson app={clientJsonOf(app)} {...(lang !== undefined && { lang })}>{children}</StackProviderFromJson>;
}
