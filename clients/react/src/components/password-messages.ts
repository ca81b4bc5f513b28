/** The texts of the password rules and of the refusals that name one. */
import { defineMessages } from "../i18n/index.js";

export const passwordMessages = defineMessages({
  en: {
    rulesTitle: "Your password needs:",
    ruleLength: "{min} to {max} characters",
    ruleGuessable: "not to be a common password or an easy pattern (a word with a digit, a keyboard row, a repeat, a date)",
    ruleFailed: "Not met:",
    failedShort: "Too short: the password needs at least {min} characters.",
    failedLong: "Too long: the password may have at most {max} characters.",
    failedCommon: "Too common: this password is one of the most used ones. Choose another one.",
    failedGuessable: "Too easy to guess: it follows a pattern people often use. Try a few unrelated words, or a longer mix of letters, digits and symbols.",
  },
  de: {
    rulesTitle: "Ihr Passwort braucht:",
    ruleLength: "{min} bis {max} Zeichen",
    ruleGuessable: "kein häufiges Passwort und kein einfaches Muster zu sein (ein Wort mit Ziffer, eine Tastaturreihe, eine Wiederholung, ein Datum)",
    ruleFailed: "Nicht erfüllt:",
    failedShort: "Zu kurz: Das Passwort braucht mindestens {min} Zeichen.",
    failedLong: "Zu lang: Das Passwort darf höchstens {max} Zeichen haben.",
    failedCommon: "Zu häufig: Dieses Passwort gehört zu den meistverwendeten. Wählen Sie ein anderes.",
    failedGuessable: "Zu leicht zu erraten: Es folgt einem Muster, das viele verwenden. Versuchen Sie einige unzusammenhängende Wörter oder eine längere Mischung aus Buchstaben, Ziffern und Zeichen.",
  },
});
