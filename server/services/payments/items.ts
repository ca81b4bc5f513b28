/**
 * Items with quantities (payments.md §1-2). An item is defined in the project config
 * (`payments.items.<id>`: display name, customer type); a customer's quantity is the sum of its
 * quantity changes that have not expired, plus what the offers included by default give it
 * (default-offers.ts). Rules kept here: the item must exist and belong to the
 * customer's type; user and team customers must exist; a decrease without `allowNegative` never takes
 * the quantity below zero, even under concurrent changes (check and write are one transaction).
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../../contract/known-error.js";
import type { Customer, CustomerType } from "../../db/queries/items.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { renderProjectConfig } from "../config/project-config.js";
import { includedByDefault } from "./default-offers.js";
import { catchUpGrants, catchUpGrantsIfDue } from "./purchases.js";

export type { Customer, CustomerType };

export interface ItemView {
  id: string;
  displayName: string;
  quantity: number;
}

export interface QuantityChange {
  delta: number;
  expiresAt: Date | null;
  description: string | null;
}

/** The item's definition, or ITEM_NOT_FOUND / ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH. */
function itemOf(project: ProjectRow, customer: Customer, itemId: string) {
  const items = renderProjectConfig(project).payments.items;
  const item = Object.hasOwn(items, itemId) ? items[itemId] : undefined;
  if (!item) throw knownError("ITEM_NOT_FOUND", { item_id: itemId });
  if (item.customerType !== customer.type) {
    throw knownError("ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      item_id: itemId,
      customer_id: customer.id,
      item_customer_type: item.customerType,
      actual_customer_type: customer.type,
    });
  }
  return item;
}

function customerNotFound(customer: Customer) {
  return customer.type === "team" ? knownError("TEAM_NOT_FOUND", { team_id: customer.id }) : knownError("USER_NOT_FOUND");
}

/**
 * The customer's item as of now, default offers included; a missing user or team is USER_NOT_FOUND /
 * TEAM_NOT_FOUND. One query after the config lookup (two, side by side, when a default offer of a group
 * includes the item).
 */
export async function readItem(deps: AppDeps, project: ProjectRow, customer: Customer, itemId: string): Promise<ItemView> {
  const item = itemOf(project, customer, itemId);
  const now = deps.clock.now();
  await catchUpGrantsIfDue(deps, project.id, customer, now);
  const [state, included] = await Promise.all([deps.queries.items.state(project.id, customer, itemId, now), includedByDefault(deps, project, customer, itemId)]);
  if (!state.found) throw customerNotFound(customer);
  return { id: itemId, displayName: item.displayName, quantity: state.quantity + included };
}

/**
 * Adds a quantity change and returns its id. Without `allowNegative`, a decrease that would leave the
 * quantity (default offers included, as `readItem` answers it) below zero is
 * ITEM_QUANTITY_INSUFFICIENT_AMOUNT (an increase never is, even of a quantity that is negative already).
 * A ledger sum beyond ±2^53 - 1 is refused: it could not be added up exactly.
 */
export async function changeItemQuantity(deps: AppDeps, project: ProjectRow, customer: Customer, itemId: string, change: QuantityChange, allowNegative: boolean): Promise<string> {
  itemOf(project, customer, itemId);
  return deps.store.transaction(async (tx) => {
    const now = deps.clock.now();
    await catchUpGrants(deps, tx, project.id, customer, now);
    const state = await deps.queries.items.state(project.id, customer, itemId, now, tx);
    if (!state.found) throw customerNotFound(customer);
    const ledger = state.quantity + change.delta;
    // Default offers never take anything away (their quantities are not negative): only a checked
    // decrease that the ledger alone cannot cover needs them (and their query).
    if (!allowNegative && change.delta < 0 && ledger < 0 && ledger + (await includedByDefault(deps, project, customer, itemId, tx)) < 0) {
      throw knownError("ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: itemId, customer_id: customer.id, quantity: change.delta });
    }
    if (!Number.isSafeInteger(ledger)) throw statusError("itemQuantityOutOfRange");
    const id = randomUUID();
    await deps.queries.items.insertChange(
      {
        id,
        projectId: project.id,
        customerType: customer.type,
        customerId: customer.id,
        userId: customer.type === "user" ? customer.id : null,
        teamId: customer.type === "team" ? customer.id : null,
        itemId,
        delta: change.delta,
        description: change.description,
        createdAt: now,
        expiresAt: change.expiresAt,
        purchaseId: null,
        grantExpiry: null,
        grantKey: null,
      },
      tx,
    );
    return id;
  });
}
