/** Texts of the checkout and billing pages: English here, the other languages in ../../locales/. */
import { defineMessages } from "../../react.js";

const en = {
  checkoutTitle: "Checkout",
  loading: "Loading the offer…",
  invalidTitle: "This checkout link does not work",
  invalidText: "It may have expired (links last 24 hours) or have been used already. Ask for a new one.",
  loadFailed: "The offer could not be loaded. Check your connection and try again.",
  retry: "Try again",
  offeredBy: "Offered by {project}",
  choosePrice: "Choose a price",
  quantity: "Quantity",
  included: "Included",
  noItems: "No items are included.",
  everyInterval: "every {interval}",
  expiresWhenRepeated: "until the next grant",
  expiresWithPurchase: "while the purchase lasts",
  freeTrial: "Free trial: {interval}",
  testModeNote: "Test mode: completing this purchase takes no payment.",
  testModeAdminOnly: "Test mode: test purchases are completed by the app's administrators, not on this page.",
  completeTest: "Complete test purchase",
  continueToPayment: "Continue to payment",
  notPayable: "Payments are not set up for this app yet.",
  purchaseFailed: "The purchase did not go through: {reason}",
  successTitle: "Purchase complete",
  successText: "Thank you! {offer} is now yours.",
  paymentReceived: "Payment received. It can take a moment until your purchase shows up.",
  cancelledText: "The payment was cancelled. You can choose again below.",
  billingTitle: "Billing",
  billingLoading: "Loading your purchases…",
  activeOffers: "Active offers",
  noOffers: "You have no active offers.",
  balances: "Item balances",
  noBalances: "No items are configured.",
  cancel: "Cancel subscription",
  cancelConfirm: "Cancel {offer}? It stops renewing now.",
  confirmCancel: "Yes, cancel",
  keep: "Keep it",
  cancelled: "{offer} was cancelled.",
  renews: "Renews {date}",
  testBadge: "Test",
  oneTime: "One-time purchase",
  subscription: "Subscription",
  billingFailed: "Your purchases could not be loaded.",
  signInNeeded: "Sign in to see your purchases.",
};

export type PaymentKey = keyof typeof en;

export const paymentMessages = defineMessages(en, {
  de: () => import("../../locales/de.js").then((m) => m.payment),
  fr: () => import("../../locales/fr.js").then((m) => m.payment),
  es: () => import("../../locales/es.js").then((m) => m.payment),
  "pt-BR": () => import("../../locales/pt-BR.js").then((m) => m.payment),
  it: () => import("../../locales/it.js").then((m) => m.payment),
  ja: () => import("../../locales/ja.js").then((m) => m.payment),
  "zh-CN": () => import("../../locales/zh-CN.js").then((m) => m.payment),
});

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
