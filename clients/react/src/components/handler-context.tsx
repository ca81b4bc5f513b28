/**
 * What the sign-in components need besides the app: the handler URLs, which redirect targets are trusted,
 * and how to navigate. Apps get sensible defaults (the app's `urls`, relative targets only, full page
 * loads); the hosted pages pass the project's trusted domains.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { HandlerUrls } from "@latchkey/js";
import { useStackApp } from "../provider.js";
import { carryReturnTo, isTrustedTarget, relativeOnly, UntrustedRedirectError, type RedirectPolicy } from "./redirects.js";

export interface HandlerSettings {
  /** The handler pages' addresses (default: the app's `urls`). */
  urls?: Partial<HandlerUrls>;
  /** Which absolute targets are trusted besides this origin (default: none). */
  redirectPolicy?: RedirectPolicy;
  /** How to go to an address (default: a full page load). */
  navigate?: (url: string, options: { replace: boolean }) => void;
  /** The OAuth providers to offer, by config id (default: the project's enabled preset providers). */
  oauthProviders?: readonly string[];
}

const SettingsContext = createContext<HandlerSettings>({});

/** Gives the components below it handler settings (StackHandler and the hosted app use it). */
export function HandlerSettingsProvider({ children, urls, redirectPolicy, navigate, oauthProviders }: HandlerSettings & { children?: ReactNode }) {
  const value = useMemo(() => ({ urls, redirectPolicy, navigate, oauthProviders }), [urls, redirectPolicy, navigate, oauthProviders]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

const browserNavigate = (url: string, { replace }: { replace: boolean }) => {
  if (replace) window.location.replace(url);
  else window.location.assign(url);
};

export interface HandlerTools {
  urls: HandlerUrls;
  policy: RedirectPolicy;
  /** The OAuth providers given by the settings, or null (then the project's enabled ones). */
  oauthProviders: readonly string[] | null;
  /** The current page's address. */
  current(): URL;
  /** Whether `url` may be followed. */
  isTrusted(url: string): boolean;
  /** Goes to `url`; throws UntrustedRedirectError (and stays) when it is not trusted. */
  go(url: string, options?: { replace?: boolean }): void;
  /** A handler page's address with `after_auth_return_to` carried over. */
  link(url: string): string;
  /** The redirect target after signing in or up: `after_auth_return_to`, else the configured page. */
  afterAuthTarget(isNewUser: boolean): string;
  /** Goes to the target after signing in or up. */
  afterAuth(isNewUser: boolean): void;
  /** The `after_auth_return_to` of this page when it is not trusted (shown as a warning), else null. */
  untrustedReturnTo(): string | null;
}

/** The handler tools of the nearest settings, with the app's defaults. */
export function useHandler(): HandlerTools {
  const app = useStackApp();
  const settings = useContext(SettingsContext);
  return useMemo(() => {
    const urls: HandlerUrls = { ...app.urls, ...settings.urls };
    const policy = settings.redirectPolicy ?? relativeOnly;
    const navigate = settings.navigate ?? browserNavigate;
    const current = () => new URL(window.location.href);
    const isTrusted = (url: string) => isTrustedTarget(url, policy, window.location.origin);
    const go = (url: string, options: { replace?: boolean } = {}) => {
      if (!isTrusted(url)) throw new UntrustedRedirectError(url);
      navigate(url, { replace: options.replace ?? false });
    };
    const afterAuthTarget = (isNewUser: boolean) => current().searchParams.get("after_auth_return_to") ?? (isNewUser ? urls.afterSignUp : urls.afterSignIn);
    return {
      urls,
      policy,
      oauthProviders: settings.oauthProviders ?? null,
      current,
      isTrusted,
      go,
      link: (url: string) => carryReturnTo(url, current()),
      afterAuthTarget,
      afterAuth: (isNewUser: boolean) => go(afterAuthTarget(isNewUser), { replace: true }),
      untrustedReturnTo: () => {
        const returnTo = current().searchParams.get("after_auth_return_to");
        return returnTo !== null && !isTrusted(returnTo) ? returnTo : null;
      },
    };
  }, [app, settings]);
}
