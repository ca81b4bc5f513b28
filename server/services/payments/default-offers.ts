/**
 * Offers included by default (payments.md §4, `prices: "include-by-default"`): nobody buys them, every
 * customer of their type holds them, and what they include counts toward the customer's quantities
 * without any row in the item ledger. An offer without a group always counts; an offer of a group counts
 * while the customer holds no purchase in force of that group (buying a plan replaces the free one).
 * Every read and check of a quantity adds `includedByDefault` to the ledger's sum.
 */
import type { ConfigOffer } from "../../../contract/payments-config.js";
import type { Customer, CustomerType } from "../../db/queries/items.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { renderProjectConfig } from "../config/project-config.js";

/** The include-by-default offers for customers of `customerType` that include `itemId` (config only, no query). */
export function defaultOffersIncluding(project: ProjectRow, customerType: CustomerType, itemId: string): ConfigOffer[] {
  const offers = Object.values(renderProjectConfig(project).payments.offers) as ConfigOffer[];
  return offers.filter((offer) => offer.prices === "include-by-default" && offer.customerType === customerType && Object.hasOwn(offer.includedItems, itemId));
}

/** What `offers` give of `itemId` to a customer holding purchases in force of the groups in `heldGroups`. */
export function defaultQuantity(offers: ConfigOffer[], itemId: string, heldGroups: ReadonlySet<string>): number {
  return offers
    .filter((offer) => offer.groupId === undefined || !heldGroups.has(offer.groupId))
    .reduce((sum, offer) => sum + (offer.includedItems[itemId]?.quantity ?? 0), 0);
}

/**
 * What the default offers give the customer of `itemId` now. No query when no default offer includes
 * the item, or none of those is in a group; else one: which of their groups the customer holds a
 * purchase of. Call after catching up on grants (a subscription that ended must not hide the default).
 */
export async function includedByDefault(deps: AppDeps, project: ProjectRow, customer: Customer, itemId: string, db: Db = deps.store.db): Promise<number> {
  const offers = defaultOffersIncluding(project, customer.type, itemId);
  if (offers.length === 0) return 0;
  const groups = [...new Set(offers.flatMap((offer) => (offer.groupId === undefined ? [] : [offer.groupId])))];
  const held = groups.length === 0 ? new Set<string>() : await deps.queries.purchases.heldGroups(project.id, customer, groups, db);
  return defaultQuantity(offers, itemId, held);
}
