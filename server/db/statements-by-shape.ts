/**
 * Prepared statements for a query whose SQL depends on which options are given (a filter present or
 * not, an order): one statement per combination, built on first use. `shapeOf` names the combination;
 * `build` may read the options only to decide the SQL's shape, and must take every value through
 * `sql.placeholder`, since the statement is reused for all options of that shape.
 */
import type { Db, PreparableQuery, PreparedStatement, Store } from "./store.js";

export function statementsByShape<O, T>(
  store: Store,
  name: string,
  shapeOf: (options: O) => string,
  build: (options: O, db: Db) => PreparableQuery<T>,
): (options: O) => PreparedStatement<T> {
  const statements = new Map<string, PreparedStatement<T>>();
  return (options) => {
    const shape = shapeOf(options);
    let statement = statements.get(shape);
    if (!statement) statements.set(shape, (statement = store.prepare(`${name}_${shape}`, (db) => build(options, db))));
    return statement;
  };
}

/** A shape name from flags: "0101…". */
export function flagsShape(...flags: unknown[]): string {
  return flags.map((flag) => (flag ? "1" : "0")).join("");
}
