/**
 * Checks of the payments catalogue that span entries (SPEC §5: "customer type ... must match the item's
 * or offer's customer type"): an offer's included items must be configured items of the offer's
 * customer type, its add-on bases must be offers of the same customer type, and its group must exist.
 * Runs on the expanded (merged) override after the tree schema accepted it; the per-entry defaults of
 * offers and items are applied first, as rendering will.
 */
import { entryDefaults } from "./defaults.js";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Entry = Record<string, unknown>;

function entries(map: unknown, path: string): Map<string, Entry> {
  const result = new Map<string, Entry>();
  if (!isPlainObject(map)) return result;
  const defaults = entryDefaults[path];
  for (const [id, entry] of Object.entries(map)) {
    result.set(id, { ...(defaults ? defaults(id) : {}), ...(isPlainObject(entry) ? entry : {}) });
  }
  return result;
}

/** The first cross-entry problem of the `payments` subtree as an `[ERROR] …` message, or null. */
export function checkPaymentsCatalogue(expanded: Record<string, unknown>): string | null {
  const payments = expanded.payments;
  if (!isPlainObject(payments)) return null;
  const items = entries(payments.items, "payments.items");
  const offers = entries(payments.offers, "payments.offers");
  const groups = isPlainObject(payments.groups) ? payments.groups : {};
  for (const [offerId, offer] of offers) {
    const at = `payments.offers.${offerId}`;
    const customerType = offer.customerType as string;
    if (typeof offer.groupId === "string" && !Object.hasOwn(groups, offer.groupId)) {
      return `[ERROR] ${at}.groupId names the group "${offer.groupId}", which is not in payments.groups`;
    }
    for (const itemId of Object.keys(isPlainObject(offer.includedItems) ? offer.includedItems : {})) {
      const item = items.get(itemId);
      if (!item) return `[ERROR] ${at}.includedItems.${itemId} names an item that is not in payments.items`;
      if (item.customerType !== customerType) {
        return `[ERROR] ${at}.includedItems.${itemId}: the item's customer type (${String(item.customerType)}) must match the offer's customer type (${customerType})`;
      }
    }
    for (const baseId of Object.keys(isPlainObject(offer.isAddOnTo) ? offer.isAddOnTo : {})) {
      const base = offers.get(baseId);
      if (!base || baseId === offerId) return `[ERROR] ${at}.isAddOnTo.${baseId} names an offer that is not in payments.offers`;
      if (base.customerType !== customerType) {
        return `[ERROR] ${at}.isAddOnTo.${baseId}: the base offer's customer type (${String(base.customerType)}) must match the offer's customer type (${customerType})`;
      }
    }
  }
  return null;
}
