/** French texts of the hosted app and of its checkout, billing and unsubscribe pages, loaded when a page shows French. */
import type { HostedKey } from "../messages-en.js";
import type { PaymentKey } from "../pages/checkout/messages-en.js";
import type { UnsubscribeKey } from "../pages/unsubscribe/messages-en.js";
import type { Translation } from "../react.js";

export const hosted = {
  missingTitle: "Application introuvable",
  missingText: "Cette application n’existe pas. Vérifiez le lien que vous avez suivi.",
} satisfies Translation<HostedKey>;

export const unsubscribe = {
  title: "Se désabonner",
  marketing: "marketing",
  otherCategory: "facultatifs",
  question: "Ne plus recevoir les e-mails {category} de {project} ?",
  stillReceive: "Vous recevrez toujours les e-mails nécessaires à l’utilisation de votre compte, comme les liens de connexion et les alertes de sécurité.",
  confirm: "Se désabonner",
  doneTitle: "Vous êtes désabonné",
  doneText: "Vous ne recevrez plus les e-mails {category} de {project}. Vous pouvez les réactiver dans les paramètres de votre compte.",
  invalidTitle: "Lien non valide",
  invalidText: "Ce lien de désabonnement n’est pas valide. Utilisez le lien du dernier e-mail reçu, ou modifiez vos préférences d’e-mail dans votre compte.",
  failed: "Une erreur s’est produite. Veuillez réessayer.",
  checking: "Vérification du lien…",
} satisfies Translation<UnsubscribeKey>;

export const payment = {
  checkoutTitle: "Paiement",
  loading: "Chargement de l’offre…",
  invalidTitle: "Ce lien de paiement ne fonctionne pas",
  invalidText: "Il a peut-être expiré (les liens sont valables 24 heures) ou a déjà été utilisé. Demandez-en un nouveau.",
  loadFailed: "L’offre n’a pas pu être chargée. Vérifiez votre connexion et réessayez.",
  retry: "Réessayer",
  offeredBy: "Proposé par {project}",
  choosePrice: "Choisissez un prix",
  quantity: "Quantité",
  included: "Inclus",
  noItems: "Aucun article n’est inclus.",
  everyInterval: "chaque {interval}",
  expiresWhenRepeated: "jusqu’au prochain crédit",
  expiresWithPurchase: "tant que l’achat est actif",
  freeTrial: "Essai gratuit : {interval}",
  testModeNote: "Mode test : cet achat est finalisé sans paiement.",
  testModeAdminOnly: "Mode test : les achats de test sont finalisés par les administrateurs de l’application, pas sur cette page.",
  completeTest: "Finaliser l’achat de test",
  continueToPayment: "Continuer vers le paiement",
  notPayable: "Les paiements ne sont pas encore configurés pour cette application.",
  purchaseFailed: "L’achat n’a pas abouti : {reason}",
  successTitle: "Achat effectué",
  successText: "Merci ! {offer} est désormais à vous.",
  paymentReceived: "Paiement reçu. L’affichage de votre achat peut prendre quelques instants.",
  cancelledText: "Le paiement a été annulé. Vous pouvez faire un nouveau choix ci-dessous.",
  billingTitle: "Facturation",
  billingLoading: "Chargement de vos achats…",
  activeOffers: "Offres actives",
  noOffers: "Vous n’avez aucune offre active.",
  balances: "Soldes des articles",
  noBalances: "Aucun article n’est configuré.",
  cancel: "Résilier l’abonnement",
  cancelConfirm: "Résilier {offer} ? Il ne sera plus renouvelé à partir de maintenant.",
  confirmCancel: "Oui, résilier",
  keep: "Le conserver",
  cancelled: "{offer} a été résilié.",
  renews: "Renouvellement le {date}",
  testBadge: "Test",
  oneTime: "Achat unique",
  subscription: "Abonnement",
  billingFailed: "Vos achats n’ont pas pu être chargés.",
  signInNeeded: "Connectez-vous pour voir vos achats.",
} satisfies Translation<PaymentKey>;
