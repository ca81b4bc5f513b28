/** What customers (users, teams, custom ids) hold of the items configured under `payments.items`. */
import type { ConfigOffer } from "../../../contract/payments-config.js";
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { TeamTables } from "./teams.js";
import type { UserTables } from "./users.js";

export function definePaymentTables(b: TableBuilders, { projects, users, teams }: ProjectTables & UserTables & TeamTables) {
  /**
   * Changes to the quantity of an item (payments.items in the config) a customer holds. The quantity is
   * the sum of `delta` over the rows that have not expired, read by the customer index; grants of
   * purchases will be added to the same sum. `customer_id` names every kind of customer; user and team
   * customers also fill `user_id` / `team_id`, so that their changes go with them.
   */
  const itemQuantityChanges = b.table(
    "item_quantity_changes",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      customerType: b.text("customer_type", { enum: ["user", "team", "custom"] }).notNull(),
      customerId: b.text("customer_id").notNull(),
      userId: b.text("user_id").references(() => users.id, { onDelete: "cascade" }),
      teamId: b.text("team_id").references(() => teams.id, { onDelete: "cascade" }),
      itemId: b.text("item_id").notNull(),
      delta: b.bigint("delta").notNull(),
      description: b.text("description"),
      createdAt: b.time("created_at").notNull(),
      /** From this instant on the change no longer counts; null: never. */
      expiresAt: b.time("expires_at"),
      /** The purchase whose included item this grant is; null: a change made through the API. */
      purchaseId: b.text("purchase_id"),
      /** For grants: the included item's `expires` rule (`never`, `when-purchase-expires`, `when-repeated`). */
      grantExpiry: b.text("grant_expiry"),
      /** For grants: `<purchase>:<item>:<period>`, unique, so a grant is never made twice. */
      grantKey: b.text("grant_key"),
    },
    (t) => [
      b.index("item_quantity_changes_customer_idx").on(t.projectId, t.customerType, t.customerId, t.itemId),
      b.index("item_quantity_changes_user_idx").on(t.userId),
      b.index("item_quantity_changes_team_idx").on(t.teamId),
      b.uniqueIndex("item_quantity_changes_grant_key_idx").on(t.grantKey),
      b.index("item_quantity_changes_purchase_idx").on(t.purchaseId),
      b.index("item_quantity_changes_created_idx").on(t.projectId, t.createdAt, t.id),
    ],
  );

  /**
   * Checkout codes: what `create-purchase-url` hands out (hashed here; the URL holds the code). A code
   * names the customer and the offer (a snapshot, so an inline offer or a later config change cannot
   * alter what the page shows), lives 24 hours, and is used once.
   */
  const purchaseCodes = b.table(
    "purchase_codes",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      codeHash: b.text("code_hash").notNull(),
      customerType: b.text("customer_type", { enum: ["user", "team", "custom"] }).notNull(),
      customerId: b.text("customer_id").notNull(),
      /** The config offer's id; null: an inline offer. */
      offerId: b.text("offer_id"),
      offer: b.json("offer").$type<ConfigOffer>().notNull(),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
      usedAt: b.time("used_at"),
      /** The Stripe Checkout session started for this code, if any. */
      stripeSessionId: b.text("stripe_session_id"),
    },
    (t) => [b.uniqueIndex("purchase_codes_hash_idx").on(t.codeHash), b.index("purchase_codes_project_idx").on(t.projectId)],
  );

  /**
   * Purchases: one-time purchases and subscriptions of an offer (its snapshot kept), by a customer.
   * Included items are granted into item_quantity_changes; `nextGrantAt` is when the next repeating
   * grant falls due (null: none), so reads catch up on due grants with one indexed lookup.
   */
  const purchases = b.table(
    "purchases",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      customerType: b.text("customer_type", { enum: ["user", "team", "custom"] }).notNull(),
      customerId: b.text("customer_id").notNull(),
      userId: b.text("user_id").references(() => users.id, { onDelete: "cascade" }),
      teamId: b.text("team_id").references(() => teams.id, { onDelete: "cascade" }),
      offerId: b.text("offer_id"),
      offer: b.json("offer").$type<ConfigOffer>().notNull(),
      groupId: b.text("group_id"),
      priceId: b.text("price_id").notNull(),
      quantity: b.integer("quantity").notNull(),
      kind: b.text("kind", { enum: ["subscription", "one_time"] }).notNull(),
      /** `active`, `trialing`, `past_due`, `canceled` (subscriptions); `succeeded`, `refunded` (one-time). */
      status: b.text("status").notNull(),
      testMode: b.boolean("test_mode").notNull(),
      createdAt: b.time("created_at").notNull(),
      startedAt: b.time("started_at").notNull(),
      currentPeriodEnd: b.time("current_period_end"),
      cancelAtPeriodEnd: b.boolean("cancel_at_period_end").notNull(),
      /** When the purchase stopped (cancelled or replaced); null: still in force. */
      endedAt: b.time("ended_at"),
      nextGrantAt: b.time("next_grant_at"),
      /** Per repeating item, the index of the next period to grant. */
      repeatState: b.json("repeat_state").$type<Record<string, number>>().notNull(),
      stripeSubscriptionId: b.text("stripe_subscription_id"),
      stripeSessionId: b.text("stripe_session_id"),
    },
    (t) => [
      b.index("purchases_customer_idx").on(t.projectId, t.customerType, t.customerId),
      b.index("purchases_due_idx").on(t.projectId, t.customerType, t.customerId, t.nextGrantAt),
      b.index("purchases_created_idx").on(t.projectId, t.createdAt, t.id),
      b.uniqueIndex("purchases_stripe_subscription_idx").on(t.stripeSubscriptionId),
      b.uniqueIndex("purchases_stripe_session_idx").on(t.stripeSessionId),
      b.index("purchases_user_idx").on(t.userId),
      b.index("purchases_team_idx").on(t.teamId),
    ],
  );

  /** A project's Stripe connected account (Connect), created by `/internal/payments/setup`. */
  const stripeAccounts = b.table("stripe_accounts", {
    projectId: projectIdColumn(b, projects).primaryKey(),
    accountId: b.text("account_id").notNull(),
    createdAt: b.time("created_at").notNull(),
  });

  /** Stripe webhook events applied, by event id: a replayed event is recognised and changes nothing. */
  const stripeEvents = b.table(
    "stripe_events",
    {
      projectId: projectIdColumn(b, projects),
      id: b.text("id").notNull(),
      type: b.text("type").notNull(),
      receivedAt: b.time("received_at").notNull(),
    },
    (t) => [b.primaryKey({ columns: [t.projectId, t.id] })],
  );

  return { itemQuantityChanges, purchaseCodes, purchases, stripeAccounts, stripeEvents };
}
