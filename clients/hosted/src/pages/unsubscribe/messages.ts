/** Texts of the hosted unsubscribe page (English and German). */
import { defineMessages } from "../../react.js";

export const unsubscribeMessages = defineMessages({
  en: {
    title: "Unsubscribe",
    marketing: "marketing",
    otherCategory: "optional",
    question: "Stop receiving {category} e-mails from {project}?",
    stillReceive: "You will still get the e-mails you need to use your account, such as sign-in links and security alerts.",
    confirm: "Unsubscribe",
    doneTitle: "You are unsubscribed",
    doneText: "You will no longer receive {category} e-mails from {project}. You can turn them back on in your account settings.",
    invalidTitle: "Link not valid",
    invalidText: "This unsubscribe link is not valid. Use the link from the latest e-mail, or change your e-mail settings in your account.",
    failed: "Something went wrong. Please try again.",
    checking: "Checking the link…",
  },
  de: {
    title: "Abmelden",
    marketing: "Marketing-",  // joined to "E-Mails" in the texts
    otherCategory: "optionalen ",
    question: "Keine {category}E-Mails mehr von {project} erhalten?",
    stillReceive: "E-Mails, die Sie für Ihr Konto brauchen, etwa Anmeldelinks und Sicherheitshinweise, erhalten Sie weiterhin.",
    confirm: "Abmelden",
    doneTitle: "Sie sind abgemeldet",
    doneText: "Sie erhalten keine {category}E-Mails mehr von {project}. In Ihren Kontoeinstellungen können Sie sie wieder einschalten.",
    invalidTitle: "Link ungültig",
    invalidText: "Dieser Abmeldelink ist nicht gültig. Verwenden Sie den Link aus der neuesten E-Mail oder ändern Sie Ihre E-Mail-Einstellungen in Ihrem Konto.",
    failed: "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
    checking: "Link wird geprüft…",
  },
});

/** Puts `{name}` values into a text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
