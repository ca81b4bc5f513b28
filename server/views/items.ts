/** A customer's item and its quantity. */
import type { z } from "zod";
import type { item } from "../../contract/items.js";
import type { ItemView } from "../services/payments/items.js";

export function itemToJson(value: ItemView): z.input<typeof item> {
  return { id: value.id, display_name: value.displayName, quantity: value.quantity };
}
