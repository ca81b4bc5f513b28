"use client";
/**
 * The client side of @latchkey/next: everything here runs in the browser (and is rendered on the server
 * where it can be). Server components import these through `@latchkey/next`, which passes them on as
 * client references; this module names each export, as a client boundary must.
 */
import { useMemo, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { StackHandler as ReactStackHandler, StackProvider as ReactStackProvider, StackTheme, useUser as reactUseUser } from "@latchkey/react";
import type { ClientAppJson } from "./app-json.js";
import { clientOnly } from "./bailout.js";
import { clientAppFromJson } from "./client-app.js";
import type { StackHandlerProps } from "./handler-props.js";
import "@latchkey/react/style.css";

export {
  AccountSettings,
  AuthPage,
  CliAuthConfirmation,
  CredentialSignIn,
  CredentialSignUp,
  EmailVerification,
  ForgotPassword,
  MagicLinkSignIn,
  MessageCard,
  OAuthButton,
  OAuthButtonGroup,
  PasswordReset,
  SelectedTeamSwitcher,
  SignIn,
  SignUp,
  UserAvatar,
  UserButton,
  useProject,
  useStackApp,
} from "@latchkey/react";
export { StackTheme };

/**
 * The signed-in user (Stack's `useUser`). In a client component rendered on the server, the component is
 * rendered in the browser instead, where the session lives: put a `<Suspense>` around it to choose what
 * shows meanwhile.
 *
 * @example
 * ```tsx
 * "use client";
 * export function Greeting() { const user = useUser({ or: "redirect" }); return <p>Hello {user.displayName}</p>; }
 * ```
 */
export const useUser: typeof reactUseUser = ((options?: Parameters<typeof reactUseUser>[0]) => {
  clientOnly("useUser");
  return reactUseUser(options);
}) as typeof reactUseUser;

/** @internal The browser side of the server StackProvider: builds the client app from what the server sent. */
export function StackProviderFromJson({ app, lang, children }: { app: ClientAppJson; lang?: string; children?: ReactNode }) {
  const client = useMemo(() => clientAppFromJson(app), [app.baseUrl, app.projectId, app.publishableClientKey, JSON.stringify(app.urls)]);
  return <ReactStackProvider app={client} {...(lang !== undefined && { lang })}>{children}</ReactStackProvider>;
}

/**
 * The handler pages (sign-in, sign-up, account settings ...) for the route being shown, in the theme's
 * styles; always rendered in the browser. The server `StackHandler` renders it inside a `<Suspense>`.
 */
export function StackHandlerClient({ fullPage = true }: StackHandlerProps) {
  clientOnly("StackHandler");
  // The router's path, not window.location: during a client-side navigation (a <Link> to the sign-out
  // page) the new route renders before the address bar changes.
  const location = usePathname();
  return (
    <StackTheme>
      <ReactStackHandler fullPage={fullPage} location={location} />
    </StackTheme>
  );
}
