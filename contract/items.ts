/**
 * Payment items: how much of an item a customer (a user, a team, or a custom customer of the app's
 * own) holds. Items are defined in the project config (`payments.items.<id>`: display name and the
 * customer type they belong to). A quantity is the sum of the customer's quantity changes that have
 * not expired; it may be negative. Clients read, servers also change quantities.
 */
import { z } from "zod";
import { customerType, nonEmptyString, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const itemId = nonEmptyString(63).meta({ description: "An item id from the project config (`payments.items`).", example: "credits" });
const customerId = nonEmptyString(255).meta({
  description: "The customer: a user id, a team id, or any id of a custom customer (at most 255 characters).",
  example: "5f0c2a7e-3b1d-4c6a-9e8f-0a1b2c3d4e5f",
});

export const item = z
  .object({
    id: z.string().meta({ example: "credits" }),
    display_name: z.string().meta({ description: "From the project config; the id when none is set.", example: "Credits" }),
    quantity: z.number().int().meta({ description: "What the customer holds now; may be negative.", example: 42 }),
  })
  .meta({ id: "Item" });

export const itemQuantityChange = z
  .strictObject({
    delta: z.number().int().meta({ description: "What to add; negative takes away.", example: -1 }),
    expires_at: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "From this instant (ISO 8601) the change no longer counts; left out: it never expires.", example: "2030-01-01T00:00:00Z" }),
    description: z.string().max(1000).optional().meta({ description: "Why the quantity changed (kept, not shown to clients).", example: "Monthly top-up" }),
  })
  .meta({ id: "ItemQuantityChange" });

const params = z.strictObject({ customer_type: customerType, customer_id: customerId, item_id: itemId });
const path = "/payments/items/{customer_type}/{customer_id}/{item_id}";
const tags = ["Payment items"];
const itemErrors = ["ITEM_NOT_FOUND", "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH", "USER_NOT_FOUND", "TEAM_NOT_FOUND"] as const;

export const getItem = defineProcedure({
  method: "GET",
  path,
  access: "client",
  summary: "Read a customer's quantity of an item",
  description:
    "Any caller of the project may read any of its customers' items, as on Stack Auth (the Stack SDK's server app reads them with client requests). Expired quantity changes do not count.",
  tags,
  successStatus: 200,
  errors: itemErrors,
  params,
  output: item,
});

export const updateItemQuantity = defineProcedure({
  method: "POST",
  path: `${path}/update-quantity`,
  access: "server",
  summary: "Change a customer's quantity of an item",
  description:
    "Adds `delta` to the quantity. With `allow_negative=false` a decrease that would take the quantity below zero now is refused (ITEM_QUANTITY_INSUFFICIENT_AMOUNT) and nothing changes; the check and the change are one transaction, so concurrent decreases never overdraw. The check counts the changes in force now: a decrease may spend a grant that expires later, after which the quantity can be negative (as on Stack Auth). Increases are never refused for a low quantity.",
  tags,
  successStatus: 200,
  errors: [...itemErrors, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", "itemQuantityOutOfRange"],
  params,
  query: z.strictObject({
    allow_negative: z.boolean().meta({ description: "Whether a decrease may take the quantity below zero. Required." }),
  }),
  body: itemQuantityChange,
  output: z.object({ id: uuid.meta({ description: "The id of the quantity change." }) }).meta({ id: "ItemQuantityChangeCreated" }),
});

export const itemProcedures = { getItem, updateItemQuantity } as const;
