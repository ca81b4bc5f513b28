/** Purchases, offers and transactions as wire JSON (payments.md §3). */
import type { ConfigOffer, ConfigPrice, Currency } from "../../contract/payments-config.js";
import { currencies } from "../../contract/payments-config.js";
import type { PurchaseRow } from "../db/queries/purchases.js";
import type { ItemQuantityChangeRow } from "../db/queries/items.js";

type PriceJson = Partial<Record<Currency, string>> & { interval?: [number, "day" | "week" | "month" | "year"]; free_trial?: [number, "day" | "week" | "month" | "year"] };

export function priceToJson(price: ConfigPrice): PriceJson {
  const json: PriceJson = {};
  for (const currency of currencies) {
    const amount = price[currency];
    if (amount !== undefined) json[currency] = amount;
  }
  if (price.interval) json.interval = price.interval;
  if (price.freeTrial) json.free_trial = price.freeTrial;
  return json;
}

export function purchasePriceJson(purchase: PurchaseRow): PriceJson | null {
  const prices = purchase.offer.prices;
  if (prices === "include-by-default" || !Object.hasOwn(prices, purchase.priceId)) return null;
  return priceToJson(prices[purchase.priceId]!);
}

/** The offer as the checkout page shows it; server-only prices of config offers are left out. */
export function offerToJson(offer: ConfigOffer, inline: boolean, itemNames: Readonly<Record<string, { displayName: string }>>) {
  const prices: Record<string, PriceJson> = {};
  if (offer.prices !== "include-by-default") {
    for (const [id, price] of Object.entries(offer.prices)) if (inline || !price.serverOnly) prices[id] = priceToJson(price);
  }
  return {
    display_name: offer.displayName,
    customer_type: offer.customerType,
    stackable: offer.stackable === true,
    group_id: offer.groupId ?? null,
    free_trial: offer.freeTrial ?? null,
    prices,
    included_items: Object.fromEntries(
      Object.entries(offer.includedItems).map(([id, item]) => [
        id,
        { display_name: itemNames[id]?.displayName ?? id, quantity: item.quantity, repeat: item.repeat ?? null, expires: item.expires ?? "never" },
      ]),
    ),
  };
}

export function customerPurchaseToJson(purchase: PurchaseRow) {
  return {
    id: purchase.id,
    offer_id: purchase.offerId,
    offer_display_name: purchase.offer.displayName,
    type: purchase.kind,
    status: purchase.status,
    quantity: purchase.quantity,
    price_id: purchase.priceId,
    price: purchasePriceJson(purchase),
    test_mode: purchase.testMode,
    created_at_millis: purchase.createdAt.getTime(),
    current_period_end_millis: purchase.currentPeriodEnd?.getTime() ?? null,
  };
}

export function purchaseTransactionToJson(purchase: PurchaseRow) {
  return {
    id: purchase.id,
    type: purchase.kind,
    created_at_millis: purchase.createdAt.getTime(),
    customer_type: purchase.customerType,
    customer_id: purchase.customerId,
    quantity: purchase.quantity,
    test_mode: purchase.testMode,
    offer_display_name: purchase.offer.displayName,
    price: purchasePriceJson(purchase),
    status: purchase.status,
  };
}

export function quantityChangeTransactionToJson(change: ItemQuantityChangeRow) {
  return {
    id: change.id,
    type: "item_quantity_change" as const,
    created_at_millis: change.createdAt.getTime(),
    customer_type: change.customerType,
    customer_id: change.customerId,
    quantity: change.delta,
    test_mode: false,
    offer_display_name: null,
    price: null,
    status: null,
    item_id: change.itemId,
    expires_at_millis: change.expiresAt?.getTime() ?? null,
    description: change.description,
  };
}
