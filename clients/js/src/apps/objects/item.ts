import { KnownErrors } from "../../core/errors/known-errors.js";
import { type AppContext, serverApi } from "../context.js";

export type CustomerType = "user" | "team" | "custom";

/** An item a customer holds (credits, seats, ...). */
export interface Item {
  displayName: string;
  /** May be negative. */
  quantity: number;
  /** `Math.max(0, quantity)`. */
  nonNegativeQuantity: number;
}

/** An item with the server's methods to change its quantity. */
export interface ServerItem extends Item {
  /** Adds to the quantity. @example `await credits.increaseQuantity(10);` */
  increaseQuantity(amount: number): Promise<void>;
  /** Decreases the quantity, even below zero. @example `await credits.decreaseQuantity(1);` */
  decreaseQuantity(amount: number): Promise<void>;
  /**
   * Decreases the quantity if it stays at or above zero; answers whether it did.
   * @example
   * ```ts
   * if (!(await credits.tryDecreaseQuantity(1))) throw new Error("Out of credits");
   * ```
   */
  tryDecreaseQuantity(amount: number): Promise<boolean>;
}

export interface ItemOwner {
  itemId: string;
  userId?: string;
  teamId?: string;
  customCustomerId?: string;
}

/** The customer type and id of an owner given as `{userId | teamId | customCustomerId}`. */
export function customerOf(owner: ItemOwner): { customer_type: CustomerType; customer_id: string } {
  if (owner.userId !== undefined) return { customer_type: "user", customer_id: owner.userId };
  if (owner.teamId !== undefined) return { customer_type: "team", customer_id: owner.teamId };
  if (owner.customCustomerId !== undefined) return { customer_type: "custom", customer_id: owner.customCustomerId };
  throw new Error("An item owner needs exactly one of userId, teamId and customCustomerId");
}

function itemOf(json: { display_name: string; quantity: number }): Item {
  return { displayName: json.display_name, quantity: json.quantity, nonNegativeQuantity: Math.max(0, json.quantity) };
}

/** Reads an item as a client (with the session, if any). */
export async function getClientItem(context: AppContext, owner: ItemOwner, session: Parameters<AppContext["client"]>[3]): Promise<Item> {
  const json = await context.client("get", "/payments/items/{customer_type}/{customer_id}/{item_id}", { path: { ...customerOf(owner), item_id: owner.itemId } }, session);
  return itemOf(json);
}

/** Reads an item as the server, with the methods that change it. */
export async function getServerItem(context: AppContext, owner: ItemOwner): Promise<ServerItem> {
  const api = serverApi(context);
  const path = { ...customerOf(owner), item_id: owner.itemId };
  const json = await api("get", "/payments/items/{customer_type}/{customer_id}/{item_id}", { path });
  const change = async (delta: number, allowNegative: boolean) => {
    await api("post", "/payments/items/{customer_type}/{customer_id}/{item_id}/update-quantity", { path, query: { allow_negative: allowNegative }, body: { delta } });
    context.changed();
  };
  return {
    ...itemOf(json),
    increaseQuantity: (amount) => change(amount, true),
    decreaseQuantity: (amount) => change(-amount, true),
    async tryDecreaseQuantity(amount) {
      try {
        await change(-amount, false);
        return true;
      } catch (error) {
        if (error instanceof KnownErrors.ItemQuantityInsufficientAmount) return false;
        throw error;
      }
    },
  };
}
