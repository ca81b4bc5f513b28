/** The text shown for a failed action: known errors in the active language, untrusted redirects by address. */
import { format, useErrorText, useMessages } from "../i18n/index.js";
import { authMessages } from "./messages.js";
import { UntrustedRedirectError } from "./redirects.js";

export function useFailureText(): (error: unknown) => string {
  const errorText = useErrorText();
  const t = useMessages(authMessages);
  return (error) => (error instanceof UntrustedRedirectError ? format(t.untrustedRedirect, { url: error.url }) : errorText(error));
}
