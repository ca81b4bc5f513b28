/**
 * A customer's own view of payments (the hosted billing page): the purchases in force with the
 * balances of every configured item (by item id) of the customer's type (default offers included, as
 * items.ts reads them), and cancelling a subscription. Clients act only for themselves (user `me` or
 * their own id) and for teams they belong to; custom customers are the app's own ids, so only servers
 * act for them.
 */
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { renderProjectConfig } from "../config/project-config.js";
import { requireCustomer, type Caller } from "./checkout.js";
import { defaultOffersIncluding, defaultQuantity } from "./default-offers.js";
import type { Customer, CustomerType } from "./items.js";
import type { PurchaseRow } from "../../db/queries/purchases.js";
import { activePurchases, catchUpGrants, endPurchase, findPurchase, itemQuantities } from "./purchases.js";
import { cancelStripeSubscription } from "./stripe.js";

/** The customer a request names, with `me` resolved; refuses clients acting for someone else. */
export async function customerFor(deps: AppDeps, project: ProjectRow, caller: Caller, type: CustomerType, id: string): Promise<Customer> {
  const customer: Customer = { type, id: type === "user" && id === "me" && caller.userId ? caller.userId : id };
  if (caller.accessType === "client") {
    const allowed =
      caller.userId !== null &&
      ((type === "user" && customer.id === caller.userId) || (type === "team" && (await deps.queries.teams.isMember(project.id, customer.id, caller.userId))));
    if (!allowed) throw statusError("purchasesOwnOnly");
  }
  await requireCustomer(deps, project.id, customer);
  return customer;
}

export async function customerOverview(deps: AppDeps, project: ProjectRow, customer: Customer): Promise<{ purchases: PurchaseRow[]; items: { id: string; displayName: string; quantity: number }[] }> {
  const configured = Object.entries(renderProjectConfig(project).payments.items).filter(([, item]) => item.customerType === customer.type)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const quantities = await itemQuantities(deps, project.id, customer, configured.map(([id]) => id));
  const purchases = await activePurchases(deps, project.id, customer);
  const held = new Set(purchases.flatMap((purchase) => (purchase.groupId === null ? [] : [purchase.groupId])));
  const quantityOf = (id: string) => (quantities[id] ?? 0) + defaultQuantity(defaultOffersIncluding(project, customer.type, id), id, held);
  return { purchases, items: configured.map(([id, item]) => ({ id, displayName: item.displayName, quantity: quantityOf(id) })) };
}

/** Ends a purchase now (cancelling its Stripe subscription first, if it has one). */
export async function cancelCustomerPurchase(deps: AppDeps, project: ProjectRow, customer: Customer, purchaseId: string): Promise<void> {
  const purchase = await findPurchase(deps, project.id, customer, purchaseId);
  if (purchase.endedAt) return;
  await cancelStripeSubscription(deps, purchase);
  await deps.store.transaction(async (tx) => {
    const now = deps.clock.now();
    await catchUpGrants(deps, tx, project.id, customer, now);
    const current = await deps.queries.purchases.findById(purchase.id, tx);
    if (current && !current.endedAt) await endPurchase(deps, tx, current, now);
  });
}
