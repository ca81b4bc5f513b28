/**
 * The data vault: values the SDK encrypted on the client, kept byte for byte under the server's own
 * encryption. Rows are found by a keyed hash of the SDK's `hashed_key`; a store's rows are deleted when
 * the store leaves the project's configuration.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineDataVaultTables(b: TableBuilders, { projects }: ProjectTables) {
  const dataVaultEntries = b.table(
    "data_vault_entries",
    {
      projectId: projectIdColumn(b, projects),
      storeId: b.text("store_id").notNull(),
      /** HMAC of `hashed_key` under a server-derived key (the SDK's hash itself is not stored). */
      keyDigest: b.text("key_digest").notNull(),
      /** `encrypted_value`, sealed with the server secret and bound to project, store and key. */
      valueSealed: b.text("value_sealed").notNull(),
      createdAt: b.time("created_at").notNull(),
      updatedAt: b.time("updated_at").notNull(),
    },
    (t) => [b.primaryKey({ columns: [t.projectId, t.storeId, t.keyDigest] })],
  );
  return { dataVaultEntries };
}
