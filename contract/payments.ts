/**
 * Checkout and purchases (payments.md §2): a checkout URL for an offer, the calls our hosted checkout
 * page makes with the code in that URL (show the offer, complete a test-mode purchase, hand over to
 * Stripe Checkout), and a customer's own purchases (the hosted billing page: active offers, item
 * balances, cancelling a subscription). The Stripe administration and the transaction list are in
 * payments-admin.ts.
 */
import { z } from "zod";
import { customerType, nonEmptyString } from "./fields.js";
import { currencies, inlineOffer, interval, itemExpiry, repeat, type Currency } from "./payments-config.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Payments"];
const customerId = nonEmptyString(255).meta({ description: "A user id, a team id, or any id of a custom customer.", example: "5f0c2a7e-3b1d-4c6a-9e8f-0a1b2c3d4e5f" });
const fullCode = nonEmptyString(500).meta({ description: "The code from the checkout URL: `<project id>_<code>`.", example: "internal_Qm9vZ2xlIGlzIG5vdCBhIGNvZGU" });
const priceId = nonEmptyString(63).meta({ description: "A price id of the offer.", example: "monthly" });
const quantity = z.number().int("must be an integer").min(1, "must be at least 1").max(1000, "must be at most 1000").default(1)
  .meta({ description: "How many (more than 1 only for stackable offers).", example: 1 });

const amountsOut = Object.fromEntries(currencies.map((c) => [c, z.string().optional()])) as { [C in Currency]: z.ZodOptional<z.ZodString> };

/** A price as the wire shows it (transactions, the checkout page): amounts per currency and the interval. */
export const priceView = z
  .object({ ...amountsOut, interval: interval.optional(), free_trial: interval.optional() })
  .meta({ id: "PaymentPrice", example: { USD: "9.99", interval: [1, "month"] } });

export const offerView = z
  .object({
    display_name: z.string().meta({ example: "Pro" }),
    customer_type: customerType,
    stackable: z.boolean(),
    group_id: z.string().nullable(),
    free_trial: interval.nullable(),
    prices: z.record(z.string(), priceView).meta({ description: "Prices by price id (server-only prices are left out for config offers)." }),
    included_items: z.record(
      z.string(),
      z.object({ display_name: z.string(), quantity: z.number().int(), repeat: repeat.nullable(), expires: itemExpiry }),
    ).meta({ description: "Included items by item id." }),
  })
  .meta({ id: "CheckoutOffer" });

/** What a checkout code answers when it is unknown (or of another project), used or lapsed: Stack's verification-code errors. */
const codeErrors = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_EXPIRED"] as const;

export const createPurchaseUrl = defineProcedure({
  method: "POST",
  path: "/payments/purchases/create-purchase-url",
  access: "client",
  summary: "Create a checkout URL for an offer",
  description:
    "Answers the URL of the hosted checkout page for the customer and the offer: a config offer by `offer_id`, or (servers only) an offer passed inline as `offer_inline` (the Stack SDK sends `inline_offer`). The code in the URL works for 24 hours and for one purchase. A client signed in as a user asks only for that user, or for a team in which the user holds `team_admin`.",
  tags,
  successStatus: 200,
  errors: [
    "OFFER_DOES_NOT_EXIST", "OFFER_CUSTOMER_TYPE_DOES_NOT_MATCH", "USER_NOT_FOUND", "TEAM_NOT_FOUND",
    "USER_AUTHENTICATION_REQUIRED", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED",
    "purchaseOfferChoice", "purchaseInlineOfferFromClient", "purchaseOfferNotBuyable", "purchaseUrlOwnOnly", "purchaseNeedsStripe",
  ],
  body: z.strictObject({
    customer_type: customerType,
    customer_id: customerId,
    offer_id: z.string().min(1).max(63).optional().meta({ description: "An offer of the project config.", example: "pro" }),
    offer_inline: inlineOffer.optional(),
    inline_offer: inlineOffer.optional().meta({ description: "The same as `offer_inline` (the Stack SDK's name)." }),
  }),
  output: z.object({ url: z.string().meta({ description: "The hosted checkout page.", example: "https://auth.example.com/handler/purchase/internal_3f9a0c" }) }),
});

export const validatePurchaseCode = defineProcedure({
  method: "POST",
  path: "/payments/purchases/validate-code",
  access: "public",
  summary: "Read the offer behind a checkout code",
  description: "What the hosted checkout page shows: the offer, its prices and included items, the project's name, and how the purchase completes (test mode or Stripe). The code is the credential.",
  tags,
  successStatus: 200,
  errors: [...codeErrors],
  body: z.strictObject({ full_code: fullCode }),
  output: z
    .object({
      project_id: z.string(),
      project_display_name: z.string(),
      offer_id: z.string().nullable(),
      offer: offerView,
      customer_type: customerType,
      customer_id: z.string(),
      test_mode: z.boolean().meta({ description: "The purchase completes without payment (`test-mode-purchase-session`)." }),
      test_purchase_with_code: z.boolean().meta({
        description: "In test mode, the checkout page may complete the purchase with the code alone (`payments.testPurchasesWithCode`, development only); otherwise the project's admin completes it.",
      }),
      stripe_ready: z.boolean().meta({ description: "The project has a Stripe account; `purchase-session` hands over to Stripe Checkout." }),
      expires_at_millis: z.number().int(),
    })
    .meta({ id: "CheckoutCode" }),
});

const purchaseBody = z.strictObject({ full_code: fullCode, price_id: priceId, quantity });

export const testModePurchaseSession = defineProcedure({
  method: "POST",
  path: "/internal/payments/test-mode-purchase-session",
  access: "optional",
  summary: "Complete a purchase in test mode",
  description:
    "Completes the code's purchase without payment and grants its included items, when the project is in test mode (`payments.testMode`, by default on outside production mode). Needs the admin access of the code's project, except in development: a project that sets `payments.testPurchasesWithCode`, is not in production mode and has no Stripe account connected lets the code alone complete it. A code completes one purchase.",
  tags,
  successStatus: 200,
  errors: [...codeErrors, "purchaseTestModeOff", "purchasePriceNotFound", "purchaseOfferNotBuyable", "purchaseNotStackable", "purchaseAlreadyHeld", "purchaseAddOnWithoutBase"],
  body: purchaseBody,
  output: z.object({ success: z.literal(true) }),
});

export const createPurchaseSession = defineProcedure({
  method: "POST",
  path: "/payments/purchases/purchase-session",
  access: "public",
  summary: "Hand a checkout code over to Stripe Checkout",
  description: "Starts a Stripe Checkout session on the project's connected account for the chosen price and answers its URL; the purchase is recorded when Stripe reports the session completed (webhook).",
  tags,
  successStatus: 200,
  errors: [...codeErrors, "purchasePriceNotFound", "purchaseOfferNotBuyable", "purchaseNotStackable", "purchaseAlreadyHeld", "purchaseNeedsStripe", "stripeNotConfigured"],
  body: purchaseBody,
  output: z.object({ url: z.string().meta({ description: "The Stripe Checkout page." }) }),
});

export const customerPurchase = z
  .object({
    id: z.string(),
    offer_id: z.string().nullable(),
    offer_display_name: z.string(),
    type: z.enum(["subscription", "one_time"]),
    status: z.string(),
    quantity: z.number().int(),
    price_id: z.string(),
    price: priceView.nullable(),
    test_mode: z.boolean(),
    created_at_millis: z.number().int(),
    current_period_end_millis: z.number().int().nullable(),
  })
  .meta({ id: "CustomerPurchase" });

const customerParams = z.strictObject({ customer_type: customerType, customer_id: customerId });

export const listCustomerPurchases = defineProcedure({
  method: "GET",
  path: "/payments/purchases/{customer_type}/{customer_id}",
  access: "client",
  summary: "A customer's offers in force and item balances",
  description: "For the billing page: the purchases in force (oldest first) and the quantity of every configured item of the customer's type, by item id. Clients may read only themselves (user `me` or their id) and teams they belong to.",
  tags,
  successStatus: 200,
  errors: ["USER_NOT_FOUND", "TEAM_NOT_FOUND", "purchasesOwnOnly"],
  params: customerParams,
  output: z.object({
    purchases: z.array(customerPurchase),
    items: z.array(z.object({ id: z.string(), display_name: z.string(), quantity: z.number().int() })),
  }),
});

export const cancelPurchase = defineProcedure({
  method: "POST",
  path: "/payments/purchases/{customer_type}/{customer_id}/{purchase_id}/cancel",
  access: "client",
  summary: "Cancel a subscription",
  description: "Ends the subscription now: it stops renewing and repeating, and its grants that expire with the purchase stop counting. With Stripe, the Stripe subscription is cancelled too. Clients may cancel only their own (or their teams') purchases.",
  tags,
  successStatus: 200,
  errors: ["USER_NOT_FOUND", "TEAM_NOT_FOUND", "purchasesOwnOnly", "purchaseNotFound", "stripeNotConfigured"],
  params: customerParams.extend({ purchase_id: nonEmptyString(64) }),
  output: z.object({ success: z.literal(true) }),
});

export const paymentProcedures = {
  createPurchaseUrl, validatePurchaseCode, testModePurchaseSession, createPurchaseSession, listCustomerPurchases, cancelPurchase,
} as const;
