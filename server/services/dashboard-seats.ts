/**
 * Dashboard seats (teams-and-permissions.md §5): a team of the internal project owns projects, and each
 * of its members is a dashboard admin of them. The team's `dashboard_admins` item counts its seats: the
 * item's quantity plus what the internal project's default offers include (the `free` plan: one seat).
 * A team may not grow past its seats. Without the item in the internal project's config there is no
 * limit (internal projects made before the item existed keep inviting freely).
 */
import { knownError } from "../../contract/known-error.js";
import type { ConfigOffer } from "../../contract/payments-config.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { renderProjectConfig } from "./config/project-config.js";
import { readItem, type Customer } from "./payments/items.js";
import { activePurchases } from "./payments/purchases.js";

export const DASHBOARD_ADMINS_ITEM = "dashboard_admins";

/**
 * What the offers included by default give the customer of `itemId`: an offer without a group always
 * counts; one of a group counts while the customer holds no purchase of that group.
 */
async function includedByDefault(deps: AppDeps, project: ProjectRow, customer: Customer, itemId: string): Promise<number> {
  const offers = Object.values(renderProjectConfig(project).payments.offers) as ConfigOffer[];
  const defaults = offers.filter((offer) => offer.prices === "include-by-default" && offer.customerType === customer.type && Object.hasOwn(offer.includedItems, itemId));
  if (defaults.length === 0) return 0;
  const heldGroups = new Set((await activePurchases(deps, project.id, customer)).map((purchase) => purchase.offer.groupId));
  return defaults
    .filter((offer) => offer.groupId === undefined || !heldGroups.has(offer.groupId))
    .reduce((sum, offer) => sum + offer.includedItems[itemId]!.quantity, 0);
}

/** The team's dashboard seats, or null when the project defines no `dashboard_admins` item. */
export async function dashboardSeats(deps: AppDeps, project: ProjectRow, teamId: string): Promise<number | null> {
  if (!Object.hasOwn(renderProjectConfig(project).payments.items, DASHBOARD_ADMINS_ITEM)) return null;
  const customer: Customer = { type: "team", id: teamId };
  const { quantity } = await readItem(deps, project, customer, DASHBOARD_ADMINS_ITEM);
  return quantity + (await includedByDefault(deps, project, customer, DASHBOARD_ADMINS_ITEM));
}

/**
 * Throws ITEM_QUANTITY_INSUFFICIENT_AMOUNT (as Stack does: `quantity: -1`, the one seat asked for) when
 * one more member would take the team past its seats. `seats` comes from `dashboardSeats`.
 */
export async function assertSeatForOneMore(deps: AppDeps, project: ProjectRow, teamId: string, seats: number | null, db: Db): Promise<void> {
  if (seats === null) return;
  const members = (await deps.queries.teams.memberRecords(project.id, { teamId }, db)).length;
  if (members + 1 > seats) {
    throw knownError("ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: DASHBOARD_ADMINS_ITEM, customer_id: teamId, quantity: -1 });
  }
}
