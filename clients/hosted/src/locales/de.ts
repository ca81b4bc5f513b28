/** German texts of the hosted app and of its checkout, billing and unsubscribe pages, loaded when a page shows German. */
import type { HostedKey } from "../messages-en.js";
import type { PaymentKey } from "../pages/checkout/messages-en.js";
import type { UnsubscribeKey } from "../pages/unsubscribe/messages-en.js";
import type { Translation } from "../react.js";

export const hosted = {
  missingTitle: "App nicht gefunden",
  missingText: "Diese App existiert nicht. Prüfen Sie den Link, dem Sie gefolgt sind.",
} satisfies Translation<HostedKey>;

export const unsubscribe = {
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
} satisfies Translation<UnsubscribeKey>;

export const payment = {
  checkoutTitle: "Kasse",
  loading: "Angebot wird geladen…",
  invalidTitle: "Dieser Kauf-Link funktioniert nicht",
  invalidText: "Er ist vielleicht abgelaufen (Links gelten 24 Stunden) oder wurde schon benutzt. Fordern Sie einen neuen an.",
  loadFailed: "Das Angebot konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  retry: "Erneut versuchen",
  offeredBy: "Angeboten von {project}",
  choosePrice: "Preis wählen",
  quantity: "Menge",
  included: "Enthalten",
  noItems: "Es sind keine Artikel enthalten.",
  everyInterval: "alle {interval}",
  expiresWhenRepeated: "bis zur nächsten Gutschrift",
  expiresWithPurchase: "solange der Kauf besteht",
  freeTrial: "Kostenlos testen: {interval}",
  testModeNote: "Testmodus: Dieser Kauf wird ohne Zahlung abgeschlossen.",
  testModeAdminOnly: "Testmodus: Testkäufe schließen die Administratoren der App ab, nicht diese Seite.",
  completeTest: "Testkauf abschließen",
  continueToPayment: "Weiter zur Zahlung",
  notPayable: "Zahlungen sind für diese App noch nicht eingerichtet.",
  purchaseFailed: "Der Kauf ist fehlgeschlagen: {reason}",
  successTitle: "Kauf abgeschlossen",
  successText: "Vielen Dank! {offer} gehört jetzt Ihnen.",
  paymentReceived: "Zahlung erhalten. Es kann einen Moment dauern, bis Ihr Kauf erscheint.",
  cancelledText: "Die Zahlung wurde abgebrochen. Sie können unten erneut wählen.",
  billingTitle: "Abrechnung",
  billingLoading: "Ihre Käufe werden geladen…",
  activeOffers: "Aktive Angebote",
  noOffers: "Sie haben keine aktiven Angebote.",
  balances: "Guthaben",
  noBalances: "Es sind keine Artikel eingerichtet.",
  cancel: "Abonnement kündigen",
  cancelConfirm: "{offer} kündigen? Es verlängert sich ab sofort nicht mehr.",
  confirmCancel: "Ja, kündigen",
  keep: "Behalten",
  cancelled: "{offer} wurde gekündigt.",
  renews: "Verlängert sich am {date}",
  testBadge: "Test",
  oneTime: "Einmalkauf",
  subscription: "Abonnement",
  billingFailed: "Ihre Käufe konnten nicht geladen werden.",
  signInNeeded: "Melden Sie sich an, um Ihre Käufe zu sehen.",
} satisfies Translation<PaymentKey>;
