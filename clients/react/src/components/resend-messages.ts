/** The texts of the resend button and of the pages that offer a new code or link. */
import { defineMessages } from "../i18n/index.js";

export const resendMessages = defineMessages({
  en: {
    resend: "Send it again",
    resendIn: "Send again in {seconds} s",
    resent: "A new mail is on its way.",
    newSignInLink: "Ask for a new sign-in link",
    newVerificationLink: "Send me a new link",
    signInForNewLink: "Sign in to ask for a new link",
    noMailYet: "No mail? Look in the spam folder, or send it again.",
  },
  de: {
    resend: "Erneut senden",
    resendIn: "Erneut senden in {seconds} s",
    resent: "Eine neue E-Mail ist unterwegs.",
    newSignInLink: "Neuen Anmeldelink anfordern",
    newVerificationLink: "Neuen Link senden",
    signInForNewLink: "Anmelden, um einen neuen Link anzufordern",
    noMailYet: "Keine E-Mail? Sehen Sie im Spam-Ordner nach oder senden Sie sie erneut.",
  },
});
