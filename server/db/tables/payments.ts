/** What customers (users, teams, custom ids) hold of the items configured under `payments.items`. */
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
    },
    (t) => [
      b.index("item_quantity_changes_customer_idx").on(t.projectId, t.customerType, t.customerId, t.itemId),
      b.index("item_quantity_changes_user_idx").on(t.userId),
      b.index("item_quantity_changes_team_idx").on(t.teamId),
    ],
  );

  return { itemQuantityChanges };
}
