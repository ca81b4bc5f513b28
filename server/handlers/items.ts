import type { itemProcedures } from "../../contract/items.js";
import { requireUser, type Auth } from "../http/auth.js";
import type { HandlerMap } from "../http/handler.js";
import { StatusError } from "../http/status-error.js";
import { changeItemQuantity, readItem, type Customer, type ItemView } from "../services/payments/items.js";

const NOT_OWN_ITEMS = "Clients can only read the items of their own user and of the teams they are members of.";

/**
 * What a client must be to read a customer's items: signed in as that user, or (team customers) a
 * member of the team, whose id is returned for the read to check. Custom customers' items are open to
 * every client of the project, as on Stack Auth: their ids are the app's own. Servers read anything.
 */
function requiredMember(auth: Auth, customer: Customer): string | undefined {
  if (auth.accessType !== "client" || customer.type === "custom") return undefined;
  const userId = requireUser(auth).user.id;
  if (customer.type === "team") return userId;
  if (customer.id !== userId) throw new StatusError(403, NOT_OWN_ITEMS);
  return undefined;
}

const itemToJson = (item: ItemView) => ({ id: item.id, display_name: item.displayName, quantity: item.quantity });

export const itemHandlers: HandlerMap<typeof itemProcedures> = {
  async getItem({ auth, deps }, { params }) {
    const customer: Customer = { type: params.customer_type, id: params.customer_id };
    const item = await readItem(deps, auth.project, customer, params.item_id, requiredMember(auth, customer));
    if (!item) throw new StatusError(403, NOT_OWN_ITEMS);
    return itemToJson(item);
  },

  async updateItemQuantity({ auth, deps }, { params, query, body }) {
    const customer: Customer = { type: params.customer_type, id: params.customer_id };
    const change = { delta: body.delta, expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at), description: body.description ?? null };
    return { id: await changeItemQuantity(deps, auth.project, customer, params.item_id, change, query.allow_negative) };
  },
};
