/**
 * Purchases and the grants of their included items (payments.md §4). A purchase keeps a snapshot of
 * its offer; each included item is granted into the item ledger (item_quantity_changes) at purchase,
 * and again every `repeat` interval while the purchase is in force. Grants carry their `expires` rule:
 * `never`, `when-purchase-expires` (their expiry is set when the purchase ends) or `when-repeated`
 * (they stop counting when the next grant falls due). Repeating grants are made lazily: every read or
 * change of a customer's items first catches up on the grants that fell due (`catchUpGrants`), in the
 * same transaction, and a unique grant key makes each grant at most once. The clock is `deps.clock`.
 *
 * Rules at purchase: the price must be one of the offer's; a quantity above 1, or a second purchase
 * while one is in force, needs a stackable offer; an add-on needs one of its base offers in force; an
 * offer of a group replaces the customer's other offers of that group (one per group).
 */
import { randomUUID } from "node:crypto";
import type { ConfigOffer, ConfigPrice } from "../../../contract/payments-config.js";
import type { PurchaseRow } from "../../db/queries/purchases.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import type { Customer } from "../../db/queries/items.js";
import { addIntervals, isRecurring } from "./intervals.js";

/** At most this many periods are granted in one catch-up (a purchase idle for years with a daily repeat). */
const MAX_PERIODS_PER_CATCH_UP = 5000;

export interface NewPurchase {
  projectId: string;
  customer: Customer;
  offerId: string | null;
  offer: ConfigOffer;
  priceId: string;
  quantity: number;
  testMode: boolean;
  stripe?: { subscriptionId: string | null; sessionId: string | null; periodEnd: Date | null; status?: string };
}

export function priceOf(offer: ConfigOffer, priceId: string): ConfigPrice {
  if (offer.prices === "include-by-default") throw statusError("purchaseOfferNotBuyable");
  const price = Object.hasOwn(offer.prices, priceId) ? offer.prices[priceId] : undefined;
  if (!price) throw statusError("purchasePriceNotFound", { priceId });
  return price;
}

export async function activePurchases(deps: AppDeps, projectId: string, customer: Customer, db: Db = deps.store.db): Promise<PurchaseRow[]> {
  return deps.queries.purchases.active(projectId, customer, db);
}

/** When the purchase next needs attention: a repeating grant falls due, or a test-mode period ends. */
function nextDueAt(purchase: Pick<PurchaseRow, "offer" | "startedAt" | "repeatState" | "endedAt" | "kind" | "testMode" | "currentPeriodEnd" | "stripeSubscriptionId">): Date | null {
  if (purchase.endedAt) return null;
  let due: number | null = null;
  for (const [itemId, included] of Object.entries(purchase.offer.includedItems)) {
    if (!isRecurring(included.repeat)) continue;
    const at = addIntervals(purchase.startedAt, included.repeat, purchase.repeatState[itemId] ?? 1).getTime();
    due = due === null ? at : Math.min(due, at);
  }
  if (purchase.kind === "subscription" && purchase.stripeSubscriptionId === null && purchase.currentPeriodEnd) {
    const at = purchase.currentPeriodEnd.getTime();
    due = due === null ? at : Math.min(due, at);
  }
  return due === null ? null : new Date(due);
}

interface Grant {
  itemId: string;
  delta: number;
  period: number;
  createdAt: Date;
  expiresAt: Date | null;
  expiry: string;
}

async function insertGrants(deps: AppDeps, tx: Db, purchase: PurchaseRow, grants: Grant[]): Promise<void> {
  if (grants.length === 0) return;
  const customer = { type: purchase.customerType, id: purchase.customerId };
  await deps.queries.purchases.insertGrants(
    grants.map((g) => ({
      id: randomUUID(),
      projectId: purchase.projectId,
      customerType: customer.type,
      customerId: customer.id,
      userId: purchase.userId,
      teamId: purchase.teamId,
      itemId: g.itemId,
      delta: g.delta,
      description: null,
      createdAt: g.createdAt,
      expiresAt: g.expiresAt,
      purchaseId: purchase.id,
      grantExpiry: g.expiry,
      grantKey: `${purchase.id}:${g.itemId}:${g.period}`,
    })),
    tx,
  );
}

/** The grant of `itemId` for period `period` (0: at purchase). */
function grantFor(purchase: PurchaseRow, itemId: string, period: number): Grant {
  const included = purchase.offer.includedItems[itemId]!;
  const expiry = included.expires ?? "never";
  const repeat = isRecurring(included.repeat) ? included.repeat : null;
  const createdAt = repeat ? addIntervals(purchase.startedAt, repeat, period) : purchase.startedAt;
  let expiresAt: Date | null = null;
  if (expiry === "when-repeated" && repeat) expiresAt = addIntervals(purchase.startedAt, repeat, period + 1);
  if (expiry === "when-purchase-expires" && purchase.endedAt) expiresAt = purchase.endedAt;
  return { itemId, delta: included.quantity * purchase.quantity, period, createdAt, expiresAt, expiry };
}

/**
 * Brings one purchase up to `now`: grants the repeating periods that fell due before now (and before
 * the purchase ended), renews an unpaid test-mode subscription's period, or ends it when it was set to
 * cancel at the period's end.
 */
async function catchUpPurchase(deps: AppDeps, tx: Db, purchase: PurchaseRow, now: Date): Promise<void> {
  let current = purchase;
  if (current.kind === "subscription" && current.stripeSubscriptionId === null && current.currentPeriodEnd && current.endedAt === null) {
    const price = current.offer.prices === "include-by-default" ? undefined : current.offer.prices[current.priceId];
    if (current.cancelAtPeriodEnd && current.currentPeriodEnd <= now) {
      await endPurchase(deps, tx, current, current.currentPeriodEnd);
      current = { ...current, endedAt: current.currentPeriodEnd, status: "canceled" };
    } else if (isRecurring(price?.interval)) {
      // Test mode has nobody to charge: an unpaid subscription simply renews period after period.
      const interval = price.interval;
      current = { ...current, currentPeriodEnd: addIntervals(current.startedAt, interval, countPeriods(current.startedAt, interval, now) + 1) };
    }
  }
  const limit = current.endedAt && current.endedAt < now ? current.endedAt : now;
  const repeatState = { ...current.repeatState };
  const grants: Grant[] = [];
  for (const [itemId, included] of Object.entries(current.offer.includedItems)) {
    if (!isRecurring(included.repeat)) continue;
    let period = repeatState[itemId] ?? 1;
    while (addIntervals(current.startedAt, included.repeat, period) <= limit && grants.length < MAX_PERIODS_PER_CATCH_UP) {
      // A grant made at the very instant the purchase ended does not count.
      if (current.endedAt && addIntervals(current.startedAt, included.repeat, period) >= current.endedAt) break;
      grants.push(grantFor(current, itemId, period));
      period += 1;
    }
    repeatState[itemId] = period;
  }
  await insertGrants(deps, tx, current, grants);
  const updated = { ...current, repeatState };
  await deps.queries.purchases.update(current.id, { repeatState, nextGrantAt: nextDueAt(updated), currentPeriodEnd: updated.currentPeriodEnd }, tx);
}

/** How many whole intervals lie between `start` and `at` (at least the count whose end is not after `at`). */
function countPeriods(start: Date, interval: [number, "day" | "week" | "month" | "year"], at: Date): number {
  let n = 0;
  while (addIntervals(start, interval, n + 1) <= at && n < MAX_PERIODS_PER_CATCH_UP) n += 1;
  return n;
}

/** Catches up outside any transaction, opening one only when some purchase of the customer is due (one indexed lookup otherwise). */
export async function catchUpGrantsIfDue(deps: AppDeps, projectId: string, customer: Customer, now: Date): Promise<void> {
  if (await deps.queries.purchases.anyDue(projectId, customer, now)) await deps.store.transaction((tx) => catchUpGrants(deps, tx, projectId, customer, now));
}

/** Makes the grants that fell due for the customer's purchases; call inside the transaction that reads or changes items. */
export async function catchUpGrants(deps: AppDeps, tx: Db, projectId: string, customer: Customer, now: Date): Promise<void> {
  const due = await deps.queries.purchases.due(projectId, customer, now, tx);
  for (const purchase of due) await catchUpPurchase(deps, tx, purchase, now);
}

/**
 * Ends a purchase at `at`: it no longer renews or repeats, and its `when-purchase-expires` grants stop
 * counting from then on.
 */
export async function endPurchase(deps: AppDeps, tx: Db, purchase: PurchaseRow, at: Date, status = "canceled"): Promise<void> {
  await deps.queries.purchases.end(purchase, at, status, tx);
}

/**
 * Records a purchase and grants its included items (period 0), after the rules in the module comment.
 * Runs inside the caller's transaction.
 */
export async function createPurchase(deps: AppDeps, tx: Db, input: NewPurchase): Promise<PurchaseRow> {
  const now = deps.clock.now();
  const { offer, customer } = input;
  const price = priceOf(offer, input.priceId);
  const stackable = offer.stackable === true;
  if (input.quantity > 1 && !stackable) throw statusError("purchaseNotStackable");
  await catchUpGrants(deps, tx, input.projectId, customer, now);
  const active = await activePurchases(deps, input.projectId, customer, tx);
  if (input.offerId !== null && !stackable && active.some((p) => p.offerId === input.offerId)) throw statusError("purchaseAlreadyHeld");
  if (offer.isAddOnTo !== false) {
    const bases = Object.keys(offer.isAddOnTo);
    if (!active.some((p) => p.offerId !== null && bases.includes(p.offerId))) throw statusError("purchaseAddOnWithoutBase");
  }
  if (offer.groupId !== undefined) {
    for (const other of active) {
      if (other.groupId === offer.groupId && other.offerId !== input.offerId) await endPurchase(deps, tx, other, now);
    }
  }
  const subscription = isRecurring(price.interval);
  const trial = price.freeTrial ?? offer.freeTrial;
  const row: PurchaseRow = {
    id: randomUUID(),
    projectId: input.projectId,
    customerType: customer.type,
    customerId: customer.id,
    userId: customer.type === "user" ? customer.id : null,
    teamId: customer.type === "team" ? customer.id : null,
    offerId: input.offerId,
    offer,
    groupId: offer.groupId ?? null,
    priceId: input.priceId,
    quantity: input.quantity,
    kind: subscription ? "subscription" : "one_time",
    status: input.stripe?.status ?? (subscription ? (trial && isRecurring(trial) ? "trialing" : "active") : "succeeded"),
    testMode: input.testMode,
    createdAt: now,
    startedAt: now,
    currentPeriodEnd: input.stripe?.periodEnd ?? (isRecurring(price.interval) ? addIntervals(now, price.interval) : null),
    cancelAtPeriodEnd: false,
    endedAt: null,
    nextGrantAt: null,
    repeatState: {},
    stripeSubscriptionId: input.stripe?.subscriptionId ?? null,
    stripeSessionId: input.stripe?.sessionId ?? null,
  };
  row.nextGrantAt = nextDueAt(row);
  await deps.queries.purchases.insert(row, tx);
  await insertGrants(deps, tx, row, Object.keys(offer.includedItems).map((itemId) => grantFor(row, itemId, 0)));
  return row;
}

/** The customer's purchase by id, or purchaseNotFound. */
export async function findPurchase(deps: AppDeps, projectId: string, customer: Customer, purchaseId: string, db: Db = deps.store.db): Promise<PurchaseRow> {
  const row = await deps.queries.purchases.find(projectId, customer, purchaseId, db);
  if (!row) throw statusError("purchaseNotFound");
  return row;
}

/** The quantities of several items for a customer now (after catching up on grants), by item id. */
export async function itemQuantities(deps: AppDeps, projectId: string, customer: Customer, itemIds: string[]): Promise<Record<string, number>> {
  if (itemIds.length === 0) return {};
  return deps.store.transaction(async (tx) => {
    const now = deps.clock.now();
    await catchUpGrants(deps, tx, projectId, customer, now);
    const rows = await deps.queries.purchases.itemSums(projectId, customer, itemIds, now, tx);
    const result = Object.fromEntries(itemIds.map((id) => [id, 0]));
    for (const row of rows) result[row.itemId] = row.quantity;
    return result;
  });
}
