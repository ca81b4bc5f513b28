/**
 * The handler router (Stack's `StackHandler`): renders the page for the current address under the
 * handler base path (`urls.handler`, default /handler). Account settings, team invitations and the CLI
 * confirmation are loaded on demand, so the sign-in page's script stays small.
 */
import { lazy, Suspense, type ReactNode } from "react";
import type { HandlerUrls } from "@latchkey/js";
import { useStackApp } from "../provider.js";
import { SignIn, SignUp } from "./auth-page.js";
import { EmailVerification, ErrorPage, MagicLinkCallback, NotFoundPage, OAuthCallback, SignOutPage } from "./callback-pages.js";
import { MfaPage } from "./mfa-page.js";
import { HandlerSettingsProvider, type HandlerSettings } from "./handler-context.js";
import { ForgotPassword, PasswordReset } from "./password-pages.js";
import { LoadingCard } from "./ui.js";

const AccountSettings = lazy(() => import("./account/index.js").then((m) => ({ default: m.AccountSettings })));
const TeamInvitation = lazy(() => import("./account/index.js").then((m) => ({ default: m.TeamInvitation })));
const CliAuthConfirmation = lazy(() => import("./account/index.js").then((m) => ({ default: m.CliAuthConfirmation })));

/** A page of the router: gets the path after the page's name (e.g. a purchase code) and the page mode. */
export type HandlerRoute = (props: { rest: string; fullPage: boolean }) => ReactNode;

export interface StackHandlerProps extends HandlerSettings {
  /** The path to render (default: the browser's). */
  location?: string;
  /** Pages of their own (default: true). */
  fullPage?: boolean;
  /** More pages by name, e.g. `{ purchase: ({ rest }) => <Checkout code={rest} /> }`. */
  routes?: Record<string, HandlerRoute>;
}

const pages: Record<string, keyof HandlerUrls> = {
  "sign-in": "signIn",
  "sign-up": "signUp",
  "sign-out": "signOut",
  "email-verification": "emailVerification",
  "password-reset": "passwordReset",
  "forgot-password": "forgotPassword",
  "oauth-callback": "oauthCallback",
  "magic-link-callback": "magicLinkCallback",
  "account-settings": "accountSettings",
  "team-invitation": "teamInvitation",
  mfa: "mfa",
  error: "error",
  "cli-auth-confirm": "cliAuthConfirm",
};

function pathOf(url: string): string {
  return new URL(url, "http://x").pathname.replace(/\/+$/, "");
}

/** The page a path shows: the name of the handler page whose URL it is, or its first segment under the base. */
export function handlerPageOf(path: string, urls: HandlerUrls): { name: string; rest: string } | null {
  const clean = path.replace(/\/+$/, "");
  for (const [name, key] of Object.entries(pages)) if (pathOf(urls[key]) === clean) return { name, rest: "" };
  const base = pathOf(urls.handler);
  if (clean !== base && !clean.startsWith(`${base}/`)) return null;
  const [name = "", ...rest] = clean.slice(base.length + 1).split("/");
  return { name, rest: rest.map(decodeURIComponent).join("/") };
}

/** @example `<StackHandler fullPage />` on the app's `/handler/*` route */
export function StackHandler({ location, fullPage = true, routes = {}, urls, redirectPolicy, navigate, oauthProviders }: StackHandlerProps) {
  const app = useStackApp();
  const allUrls = { ...app.urls, ...urls };
  const page = handlerPageOf(location ?? window.location.pathname, allUrls);
  const name = page?.name ?? "";
  const own = routes[name];
  let content: ReactNode;
  if (own) content = own({ rest: page?.rest ?? "", fullPage });
  else {
    switch (name) {
      case "sign-in":
        content = <SignIn fullPage={fullPage} />;
        break;
      case "sign-up":
        content = <SignUp fullPage={fullPage} />;
        break;
      case "sign-out":
        content = <SignOutPage fullPage={fullPage} />;
        break;
      case "email-verification":
        content = <EmailVerification fullPage={fullPage} />;
        break;
      case "password-reset":
        content = <PasswordReset fullPage={fullPage} />;
        break;
      case "forgot-password":
        content = <ForgotPassword fullPage={fullPage} />;
        break;
      case "oauth-callback":
        content = <OAuthCallback fullPage={fullPage} />;
        break;
      case "magic-link-callback":
        content = <MagicLinkCallback fullPage={fullPage} />;
        break;
      case "mfa":
        content = <MfaPage fullPage={fullPage} />;
        break;
      case "error":
        content = <ErrorPage fullPage={fullPage} />;
        break;
      case "account-settings":
        content = <AccountSettings fullPage={fullPage} />;
        break;
      case "team-invitation":
        content = <TeamInvitation fullPage={fullPage} />;
        break;
      case "cli-auth-confirm":
        content = <CliAuthConfirmation fullPage={fullPage} />;
        break;
      default:
        content = <NotFoundPage fullPage={fullPage} />;
    }
  }
  return (
    <HandlerSettingsProvider urls={urls} redirectPolicy={redirectPolicy} navigate={navigate} oauthProviders={oauthProviders}>
      <Suspense fallback={<LoadingCard fullPage={fullPage} />}>{content}</Suspense>
    </HandlerSettingsProvider>
  );
}
