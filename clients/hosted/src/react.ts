/**
 * The parts of @latchkey/react the hosted app uses, in one place. The sign-in page's script does not
 * carry the account components: StackHandler loads them on demand, and the package's index is free of
 * side effects, so the bundler leaves out what the hosted app does not import.
 */
export {
  defineMessages, MessageCard, StackClientApp, StackHandler, StackProvider, StackTheme, useLocale, useMessages,
  type Branding, type HandlerRoute, type RedirectPolicy, type Translation,
} from "@latchkey/react";
