/**
 * Payments administration (payments.md §3): Stripe Connect onboarding, the connected account's state,
 * an account session for Stripe's embedded components, and the transaction list.
 */
import { z } from "zod";
import { customerType } from "./fields.js";
import { priceView } from "./payments.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Payments administration"];

export const setupPayments = defineProcedure({
  method: "POST",
  path: "/internal/payments/setup",
  access: "admin",
  summary: "Start (or continue) Stripe onboarding",
  description: "Creates the project's Stripe connected account if it has none, and answers a Stripe Connect onboarding link.",
  tags,
  successStatus: 200,
  errors: ["stripeNotConfigured"],
  body: z.strictObject({}).optional(),
  output: z.object({ url: z.string().meta({ description: "Stripe's onboarding page." }) }),
});

export const stripeAccountInfo = defineProcedure({
  method: "GET",
  path: "/internal/payments/stripe/account-info",
  access: "admin",
  summary: "The project's Stripe account",
  tags,
  successStatus: 200,
  errors: ["STRIPE_ACCOUNT_INFO_NOT_FOUND", "stripeNotConfigured"],
  output: z.object({
    account_id: z.string(),
    charges_enabled: z.boolean(),
    details_submitted: z.boolean(),
    payouts_enabled: z.boolean(),
  }),
});

export const stripeAccountSession = defineProcedure({
  method: "POST",
  path: "/internal/payments/stripe-widgets/account-session",
  access: "admin",
  summary: "An account session for Stripe's embedded components",
  tags,
  successStatus: 200,
  errors: ["stripeAccountIdNotSet", "stripeNotConfigured"],
  body: z.strictObject({}).optional(),
  output: z.object({ client_secret: z.string() }),
});

export const transactionTypes = ["subscription", "one_time", "item_quantity_change"] as const;

export const transaction = z
  .object({
    id: z.string(),
    type: z.enum(transactionTypes),
    created_at_millis: z.number().int(),
    customer_type: customerType,
    customer_id: z.string(),
    quantity: z.number().int(),
    test_mode: z.boolean(),
    offer_display_name: z.string().nullable(),
    price: priceView.nullable(),
    status: z.string().nullable(),
    item_id: z.string().optional(),
    expires_at_millis: z.number().int().nullable().optional(),
    description: z.string().nullable().optional().meta({ description: "Item quantity changes: the `description` given with the change (null: none)." }),
  })
  .meta({ id: "PaymentTransaction" });

export const listTransactions = defineProcedure({
  method: "GET",
  path: "/internal/payments/transactions",
  access: "admin",
  summary: "List payment transactions, newest first",
  description: "Purchases (subscriptions and one-time) and item quantity changes made through the API, newest first. `limit` defaults to 50 and is clamped to 1-200; `next_cursor` continues the list (null: no more).",
  tags,
  successStatus: 200,
  errors: [],
  query: z.strictObject({
    cursor: z.string().max(200).optional(),
    limit: z.string().regex(/^-?\d+$/, "must be an integer").optional().meta({ example: "50" }),
    type: z.enum(transactionTypes).optional(),
    customer_type: customerType.optional(),
  }),
  output: z.object({ transactions: z.array(transaction), next_cursor: z.string().nullable() }),
});

export const paymentAdminProcedures = { setupPayments, stripeAccountInfo, stripeAccountSession, listTransactions } as const;
