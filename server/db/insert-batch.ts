/**
 * Write-only units of work (`store.insertBatch`): the unit records its inserts, then they are written
 * at once and atomically. On PostgreSQL they become one statement (data-modifying CTEs), one round
 * trip instead of BEGIN, one per row and COMMIT: a password sign-up wrote its rows in eleven round
 * trips, each costing the event loop a socket write and PostgreSQL a statement. On SQLite, where
 * nothing travels, they run in one transaction.
 *
 * Only prepared inserts (`preparedInsert`) can be recorded; the batch's `db` refuses everything else
 * (a read would not see the recorded rows). An insert that returns its row gets it built from the values
 * given and the columns' defaults, since nothing is written yet (JSON comes back as given, where
 * PostgreSQL's jsonb would reorder keys); errors (a unique violation) surface when the batch is written,
 * so callers map them around the whole `insertBatch` call. Record a row before the rows that reference
 * it: SQLite checks foreign keys statement by statement.
 */
import type { Db } from "./store.js";
import type { TransactionGuard } from "./transaction-guard.js";

export interface RecordedInsert {
  /** Runs the insert alone on `db` (SQLite writes the batch this way, inside a transaction). */
  run(db: Db): Promise<unknown>;
  /** Its PostgreSQL text, with parameters $1…$n, and their values. */
  statement(): { text: string; values: unknown[] };
}

export class InsertBatch {
  readonly #inserts: RecordedInsert[] = [];
  readonly #written: Array<() => void> = [];
  /** Set once the unit of work has returned: a late insert would be lost, so it throws instead. */
  #closed = false;
  /** What the unit of work gets as its db: only `preparedInsert` and `store.afterCommit` accept it. */
  readonly db: Db;

  constructor() {
    this.db = new Proxy(Object.create(null) as object, {
      get(_target, key) {
        throw new Error(`store.insertBatch: its db records prepared inserts only (tried to use .${String(key)}); read or update in a transaction instead`);
      },
    }) as Db;
    batchOfDb.set(this.db, this);
  }

  record(insert: RecordedInsert): void {
    this.#assertOpen("an insert");
    this.#inserts.push(insert);
  }

  /** A callback for once the rows are written (`store.afterCommit` with the batch's db). */
  onWritten(callback: () => void): void {
    this.#assertOpen("afterCommit");
    this.#written.push(callback);
  }

  /** Ends recording; what was recorded, and the callbacks for once it is written. */
  close(): { inserts: RecordedInsert[]; written: Array<() => void> } {
    this.#closed = true;
    return { inserts: this.#inserts, written: this.#written };
  }

  #assertOpen(what: string): void {
    if (this.#closed) throw new Error(`store.insertBatch: ${what} recorded after the unit of work returned (a missing await?) would be lost`);
  }
}

const batchOfDb = new WeakMap<object, InsertBatch>();

/** The batch whose db this is, if it is one. */
export function insertBatchOf(db: Db | undefined): InsertBatch | undefined {
  return db === undefined ? undefined : batchOfDb.get(db);
}

/**
 * Runs the unit of work (as a transaction's body for `guard`), writes what it recorded with `write`,
 * then runs its after-write callbacks. Refused inside a transaction (in checking mode): the batch is
 * written apart from it, so it would neither see the transaction's rows nor roll back with it.
 */
export async function runInsertBatch<T>(guard: TransactionGuard, fn: (db: Db) => Promise<T>, write: (inserts: RecordedInsert[]) => Promise<void>): Promise<T> {
  guard.assertOutside("store.insertBatch");
  const batch = new InsertBatch();
  let result: T;
  try {
    result = await guard.run(() => fn(batch.db));
  } catch (error) {
    batch.close();
    throw error;
  }
  const { inserts, written } = batch.close();
  if (inserts.length > 0) await write(inserts);
  for (const callback of written) callback();
  return result;
}

/**
 * The inserts as one PostgreSQL statement: every insert but the last in a WITH clause, the last as
 * the main statement. PostgreSQL runs the parts in no set order, but checks foreign keys at the end of
 * the statement, so rows may reference each other.
 */
export function joinInserts(inserts: RecordedInsert[]): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const parts = inserts.map((insert) => {
    const part = insert.statement();
    const offset = values.length;
    values.push(...part.values);
    // Parameters are the only `$` in drizzle's INSERT text (identifiers are ours, values are bound).
    return part.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = parts.pop()!;
  const text = parts.length === 0 ? last : `with ${parts.map((part, i) => `w${i} as (${part})`).join(", ")} ${last}`;
  return { text, values };
}
