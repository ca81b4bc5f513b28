/**
 * The transaction list (`GET /internal/payments/transactions`): purchases and the item quantity
 * changes made through the API (grants of purchases belong to their purchase), newest first. Both
 * tables are read by (project, created_at, id) indexes from the cursor on, `limit` rows each, and
 * merged; the cursor is the last row's `<created_at ms>.<id>`.
 */
import type { AppDeps } from "../../deps.js";
import type { ItemQuantityChangeRow } from "../../db/queries/items.js";
import type { CustomerType } from "./items.js";
import type { PurchaseRow } from "../../db/queries/purchases.js";

export type TransactionType = "subscription" | "one_time" | "item_quantity_change";

export interface TransactionQuery {
  cursor?: string;
  limit?: string;
  type?: TransactionType;
  customerType?: CustomerType;
}

export type TransactionEntry = { kind: "purchase"; row: PurchaseRow } | { kind: "change"; row: ItemQuantityChangeRow };

export function clampLimit(limit: string | undefined): number {
  const parsed = limit === undefined ? 50 : Number.parseInt(limit, 10);
  if (!Number.isFinite(parsed)) return 50;
  return Math.min(200, Math.max(1, parsed));
}

function parseCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const dot = cursor.indexOf(".");
  const ms = Number(cursor.slice(0, dot));
  if (dot <= 0 || !Number.isSafeInteger(ms)) return null;
  return { at: new Date(ms), id: cursor.slice(dot + 1) };
}

export async function listTransactions(deps: AppDeps, projectId: string, query: TransactionQuery): Promise<{ entries: TransactionEntry[]; nextCursor: string | null }> {
  const limit = clampLimit(query.limit);
  const cursor = parseCursor(query.cursor);
  const { purchases: purchaseRows, changes: changeRows } = await deps.queries.purchases.transactionPage(projectId, {
    limit,
    before: cursor,
    ...(query.type !== undefined && query.type !== "item_quantity_change" && { kind: query.type }),
    ...(query.customerType !== undefined && { customerType: query.customerType }),
    wantPurchases: query.type !== "item_quantity_change",
    wantChanges: query.type === undefined || query.type === "item_quantity_change",
  });
  const merged: TransactionEntry[] = [
    ...purchaseRows.map((row) => ({ kind: "purchase" as const, row })),
    ...changeRows.map((row) => ({ kind: "change" as const, row })),
  ].sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime() || (a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0));
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = merged.length > limit && last ? `${last.row.createdAt.getTime()}.${last.row.id}` : null;
  return { entries: page, nextCursor };
}
