/** The texts of the second-factor page (a TOTP code or one of the user's recovery codes). */
import { defineMessages } from "../i18n/index.js";

export const mfaMessages = defineMessages({
  en: {
    recoveryIntro: "Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.",
    recoveryCode: "Recovery code",
    recoveryHint: "For example abc123-def456-ghi789-jkl012 (dashes and capitals do not matter).",
    useRecovery: "Use a recovery code",
    useAuthenticator: "Use the code from your authenticator app",
    recoveryWrong: "This recovery code is not one of yours. Check it for typos, or use another one.",
    recoveryUsed: "This recovery code has already been used. Each code works once: use another one of your codes.",
    recoveryDoneTitle: "You are signed in",
    recoveryLeft: "Recovery codes still unused: {count}.",
    recoveryRenew: "Create new recovery codes in your account settings before you run out, and keep them somewhere safe.",
    recoveryNoneLeft: "That was your last recovery code. Create new ones in your account settings now.",
  },
  de: {
    recoveryIntro: "Geben Sie einen der Wiederherstellungscodes ein, die Sie beim Einrichten der Zwei-Faktor-Authentifizierung gespeichert haben. Jeder Code gilt einmal.",
    recoveryCode: "Wiederherstellungscode",
    recoveryHint: "Zum Beispiel abc123-def456-ghi789-jkl012 (Bindestriche und Großbuchstaben spielen keine Rolle).",
    useRecovery: "Wiederherstellungscode verwenden",
    useAuthenticator: "Code aus der Authenticator-App verwenden",
    recoveryWrong: "Dieser Wiederherstellungscode gehört nicht zu Ihren Codes. Prüfen Sie ihn auf Tippfehler oder verwenden Sie einen anderen.",
    recoveryUsed: "Dieser Wiederherstellungscode wurde bereits verwendet. Jeder Code gilt einmal: Verwenden Sie einen anderen Ihrer Codes.",
    recoveryDoneTitle: "Sie sind angemeldet",
    recoveryLeft: "Noch unbenutzte Wiederherstellungscodes: {count}.",
    recoveryRenew: "Erstellen Sie in Ihren Kontoeinstellungen neue Wiederherstellungscodes, bevor sie ausgehen, und bewahren Sie sie sicher auf.",
    recoveryNoneLeft: "Das war Ihr letzter Wiederherstellungscode. Erstellen Sie jetzt in Ihren Kontoeinstellungen neue.",
  },
});
