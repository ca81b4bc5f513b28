import type { itemProcedures } from "../../contract/items.js";
import type { HandlerMap } from "../http/handler.js";
import { changeItemQuantity, readItem, type Customer } from "../services/payments/items.js";
import { itemToJson } from "../views/items.js";

/**
 * Any caller of the project may read any customer's items, as on Stack Auth: the Stack SDK's server
 * app reads user and team items with client requests that carry neither a secret key nor a session
 * (`ServerUser.getItem`), so an ownership check would break it. Quantities stay within the project;
 * only servers and admins change them.
 */
export const itemHandlers = {
  async getItem({ auth, deps }, { params }) {
    const customer: Customer = { type: params.customer_type, id: params.customer_id };
    return itemToJson(await readItem(deps, auth.project, customer, params.item_id));
  },

  async updateItemQuantity({ auth, deps }, { params, query, body }) {
    const customer: Customer = { type: params.customer_type, id: params.customer_id };
    const change = { delta: body.delta, expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at), description: body.description ?? null };
    return { id: await changeItemQuantity(deps, auth.project, customer, params.item_id, change, query.allow_negative) };
  },
} satisfies HandlerMap<typeof itemProcedures>;
