/** Italian texts of the hosted app and of its checkout, billing and unsubscribe pages, loaded when a page shows Italian. */
import type { HostedKey } from "../messages-en.js";
import type { PaymentKey } from "../pages/checkout/messages-en.js";
import type { UnsubscribeKey } from "../pages/unsubscribe/messages-en.js";
import type { Translation } from "../react.js";

export const hosted = {
  missingTitle: "App non trovata",
  missingText: "Questa app non esiste. Controlli il link che ha seguito.",
} satisfies Translation<HostedKey>;

export const unsubscribe = {
  title: "Annulla l’iscrizione",
  marketing: "di marketing",
  otherCategory: "facoltative",
  question: "Non ricevere più le e-mail {category} di {project}?",
  stillReceive: "Continuerà a ricevere le e-mail necessarie per usare l’account, come i link di accesso e gli avvisi di sicurezza.",
  confirm: "Annulla l’iscrizione",
  doneTitle: "Iscrizione annullata",
  doneText: "Non riceverà più e-mail {category} di {project}. Può riattivarle nelle impostazioni dell’account.",
  invalidTitle: "Link non valido",
  invalidText: "Questo link di annullamento dell’iscrizione non è valido. Usi il link dell’e-mail più recente oppure modifichi le preferenze e-mail nel Suo account.",
  failed: "Si è verificato un problema. Riprovi.",
  checking: "Verifica del link…",
} satisfies Translation<UnsubscribeKey>;

export const payment = {
  checkoutTitle: "Pagamento",
  loading: "Caricamento dell’offerta…",
  invalidTitle: "Questo link di acquisto non funziona",
  invalidText: "Potrebbe essere scaduto (i link valgono 24 ore) o essere già stato usato. Ne richieda uno nuovo.",
  loadFailed: "Non è stato possibile caricare l’offerta. Controlli la connessione e riprovi.",
  retry: "Riprova",
  offeredBy: "Offerto da {project}",
  choosePrice: "Scegli un prezzo",
  quantity: "Quantità",
  included: "Incluso",
  noItems: "Nessun articolo incluso.",
  everyInterval: "ogni {interval}",
  expiresWhenRepeated: "fino al prossimo accredito",
  expiresWithPurchase: "finché dura l’acquisto",
  freeTrial: "Prova gratuita: {interval}",
  testModeNote: "Modalità di test: questo acquisto si completa senza alcun pagamento.",
  testModeAdminOnly: "Modalità di test: gli acquisti di prova vengono completati dagli amministratori dell’app, non da questa pagina.",
  completeTest: "Completa l’acquisto di prova",
  continueToPayment: "Procedi al pagamento",
  notPayable: "I pagamenti non sono ancora configurati per questa app.",
  purchaseFailed: "L’acquisto non è andato a buon fine: {reason}",
  successTitle: "Acquisto completato",
  successText: "Grazie! {offer} ora è Suo.",
  paymentReceived: "Pagamento ricevuto. Potrebbe volerci un momento prima che l’acquisto compaia.",
  cancelledText: "Il pagamento è stato annullato. Può scegliere di nuovo qui sotto.",
  billingTitle: "Fatturazione",
  billingLoading: "Caricamento degli acquisti…",
  activeOffers: "Offerte attive",
  noOffers: "Non ha offerte attive.",
  balances: "Saldi degli articoli",
  noBalances: "Nessun articolo configurato.",
  cancel: "Annulla l’abbonamento",
  cancelConfirm: "Annullare {offer}? Da ora non verrà più rinnovato.",
  confirmCancel: "Sì, annulla",
  keep: "Mantieni",
  cancelled: "{offer} è stato annullato.",
  renews: "Si rinnova il {date}",
  testBadge: "Test",
  oneTime: "Acquisto singolo",
  subscription: "Abbonamento",
  billingFailed: "Non è stato possibile caricare i Suoi acquisti.",
  signInNeeded: "Acceda per vedere i Suoi acquisti.",
} satisfies Translation<PaymentKey>;
