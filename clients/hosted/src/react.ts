/**
 * The parts of @latchkey/react the hosted app uses, imported from their modules rather than the package's
 * index: the index also re-exports the account components statically, which would put them in the
 * sign-in page's script; through StackHandler they load on demand instead.
 */
export { StackClientApp } from "../../react/src/app/apps.js";
export { StackProvider } from "../../react/src/provider.js";
export { StackHandler, type HandlerRoute } from "../../react/src/components/stack-handler.js";
export { StackTheme } from "../../react/src/components/theme.js";
export type { Branding } from "../../react/src/components/branding.js";
export { MessageCard } from "../../react/src/components/message-card.js";
export type { RedirectPolicy } from "../../react/src/components/redirects.js";
export { defineMessages, useLocale, useMessages, type Translation } from "../../react/src/i18n/index.js";
