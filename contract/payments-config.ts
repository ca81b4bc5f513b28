/**
 * The payments catalogue (payments.md §4, projects-and-config.md §5.3): offers, their prices and the
 * items they include, as the project config holds them (camelCase) and as a server may pass one inline
 * when it asks for a checkout URL (snake_case). Money amounts, ids, intervals and expiries carry the
 * messages of the SPEC (§5); checks that span entries (an included item must exist and belong to the
 * offer's customer type) live in server/services/config/payments-validation.ts.
 */
import { z } from "zod";

/** Supported currencies and how many decimals each has. */
export const currencyDecimals = { USD: 2, EUR: 2, GBP: 2, JPY: 0, INR: 2, AUD: 2, CAD: 2 } as const;
export type Currency = keyof typeof currencyDecimals;
export const currencies = Object.keys(currencyDecimals) as Currency[];

export const customerTypes = ["user", "team", "custom"] as const;
export const customerTypeField = z.enum(customerTypes).meta({ description: "Who buys: a user, a team, or a custom customer.", example: "user" });
export type PaymentCustomerType = z.infer<typeof customerTypeField>;

/** Ids of prices, items, groups and offers (SPEC §5): at most 63 characters, a letter or `_` first. */
export const paymentId = z
  .string()
  .max(63, "must be at most 63 characters")
  .regex(/^[a-zA-Z_][a-zA-Z0-9_-]*$/, "must start with a letter or underscore and contain only letters, digits, underscores and hyphens");

export const intervalUnits = ["day", "week", "month", "year"] as const;
export type IntervalUnit = (typeof intervalUnits)[number];
export const interval = z
  .tuple([z.number().int("must be an integer").nonnegative("must not be negative"), z.enum(intervalUnits)])
  .meta({ description: "A count and a unit: day, week, month or year.", example: [1, "month"] });
export type Interval = z.infer<typeof interval>;

export const repeat = z.union([interval, z.literal("never")]).meta({ description: "Granted again every interval, or `never`.", example: [1, "month"] });
export const itemExpiry = z.enum(["never", "when-purchase-expires", "when-repeated"]).meta({ description: "When a grant stops counting.", example: "when-repeated" });

/** A decimal money amount for one currency, checked for format, leading zeros and that currency's decimals. */
export function moneyAmount(currency: Currency) {
  const decimals = currencyDecimals[currency];
  return z.string().superRefine((value, ctx) => {
    if (!/^\d+(\.\d+)?$/.test(value)) {
      ctx.addIssue({ code: "custom", message: "Money amount must be in the format of <number> or <number>.<number>" });
      return;
    }
    if (/^0\d/.test(value)) ctx.addIssue({ code: "custom", message: "Money amount must not have leading zeros" });
    const fraction = value.split(".")[1] ?? "";
    if (fraction.length > decimals) ctx.addIssue({ code: "custom", message: `Too many decimals; ${currency} only has ${decimals} decimals` });
  }).meta({ description: `An amount in ${currency} as a decimal string.`, example: decimals === 0 ? "1200" : "9.99" });
}

const amounts = Object.fromEntries(currencies.map((c) => [c, moneyAmount(c).optional()])) as { [C in Currency]: z.ZodOptional<ReturnType<typeof moneyAmount>> };

const hasCurrency = (price: Partial<Record<Currency, string>>) => currencies.some((c) => price[c] !== undefined);
const atLeastOneCurrency = "At least one currency is required";

export const configPrice = z
  .strictObject({ ...amounts, interval: interval.optional(), serverOnly: z.boolean().optional(), freeTrial: interval.optional() })
  .refine(hasCurrency, atLeastOneCurrency);
export type ConfigPrice = z.infer<typeof configPrice>;

export const configIncludedItem = z.strictObject({
  quantity: z.number().int("must be an integer").nonnegative("must not be negative"),
  repeat: repeat.optional(),
  expires: itemExpiry.optional(),
});
export type ConfigIncludedItem = z.infer<typeof configIncludedItem>;

/** `payments.offers.<id>`; entry defaults (display name, customer type, ...) come from the config defaults. */
export const configOffer = z.strictObject({
  displayName: z.string(),
  groupId: paymentId.optional(),
  isAddOnTo: z.union([z.literal(false), z.record(paymentId, z.literal(true))]),
  customerType: customerTypeField,
  freeTrial: interval.optional(),
  serverOnly: z.boolean(),
  stackable: z.boolean().optional(),
  prices: z.union([z.literal("include-by-default"), z.record(paymentId, configPrice)]),
  includedItems: z.record(paymentId, configIncludedItem),
});
export type ConfigOffer = z.infer<typeof configOffer>;

/** The `payments` subtree of the configuration tree. */
export const paymentsConfig = z.strictObject({
  autoPay: z.strictObject({ interval }).optional(),
  /** Purchases complete without a payment provider (the checkout page offers it). Absent: on outside production mode. */
  testMode: z.boolean().optional(),
  /**
   * Development only: the hosted checkout page completes test-mode purchases with the checkout code
   * alone, without the project's admin. Honoured outside production mode while no Stripe account is
   * connected; otherwise test-mode purchases need the admin. Absent: off.
   */
  testPurchasesWithCode: z.boolean().optional(),
  groups: z.record(paymentId, z.strictObject({ displayName: z.string().optional() })),
  offers: z.record(paymentId, configOffer),
  items: z.record(paymentId, z.strictObject({ displayName: z.string(), customerType: customerTypeField })),
});

// ---- Inline offers (a server passes one when it asks for a checkout URL) -------------------------------

const inlinePrice = z
  .strictObject({ ...amounts, interval: interval.optional(), free_trial: interval.optional() })
  .refine(hasCurrency, atLeastOneCurrency);

export const inlineOffer = z
  .strictObject({
    display_name: z.string().min(1).max(256),
    customer_type: customerTypeField,
    free_trial: interval.optional(),
    server_only: z.literal(true).default(true).meta({ description: "Inline offers are always server-only." }),
    stackable: z.boolean().optional(),
    prices: z.record(paymentId, inlinePrice).meta({ description: "Prices by price id." }),
    included_items: z
      .record(paymentId, z.strictObject({ quantity: z.number().int().nonnegative().optional(), repeat: repeat.optional(), expires: itemExpiry.optional() }))
      .default({}),
  })
  .meta({ id: "InlineOffer", description: "An offer defined by the caller (servers only), not in the project config." });
export type InlineOffer = z.output<typeof inlineOffer>;

/** An inline offer in the config's shape, so that one code path serves both. */
export function inlineToConfigOffer(offer: InlineOffer): ConfigOffer {
  const prices: Record<string, ConfigPrice> = {};
  for (const [id, price] of Object.entries(offer.prices)) {
    const { free_trial: freeTrial, ...rest } = price;
    prices[id] = { ...rest, serverOnly: true, ...(freeTrial && { freeTrial }) };
  }
  const includedItems: Record<string, ConfigIncludedItem> = {};
  for (const [id, item] of Object.entries(offer.included_items)) {
    includedItems[id] = { quantity: item.quantity ?? 1, ...(item.repeat && { repeat: item.repeat }), ...(item.expires && { expires: item.expires }) };
  }
  return {
    displayName: offer.display_name,
    isAddOnTo: false,
    customerType: offer.customer_type,
    ...(offer.free_trial && { freeTrial: offer.free_trial }),
    serverOnly: true,
    stackable: offer.stackable ?? false,
    prices,
    includedItems,
  };
}
