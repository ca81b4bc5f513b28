import { describe, expect, it } from "vitest";
import { batchedLookup } from "./batched-lookup.js";

type Row = { key: string; n: number };

/** A query that answers after the test lets it, recording the keys of each call. */
function controlledQuery(rows: Row[]) {
  const calls: string[][] = [];
  const pending: Array<() => void> = [];
  const run = (keys: string[]) => {
    calls.push(keys);
    return new Promise<Row[]>((resolve) => pending.push(() => resolve(rows.filter((r) => keys.includes(r.key)))));
  };
  const answerNext = async () => {
    while (pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
    pending.shift()!();
  };
  return { run, calls, answerNext };
}

describe("batchedLookup", () => {
  it("sends lookups of one event-loop turn together, and those arriving meanwhile in the next query", async () => {
    const query = controlledQuery([
      { key: "a", n: 1 },
      { key: "b", n: 2 },
      { key: "b", n: 3 },
      { key: "c", n: 4 },
    ]);
    const lookup = batchedLookup(query.run, (row) => row.key);
    const first = [lookup.get("a"), lookup.get("b"), lookup.get("a")];
    await query.answerNext();
    expect(await Promise.all(first)).toEqual([[{ key: "a", n: 1 }], [{ key: "b", n: 2 }, { key: "b", n: 3 }], [{ key: "a", n: 1 }]]);

    const second = lookup.get("c");
    // While the query for "c" runs, two more lookups arrive; they share the next query.
    while (query.calls.length < 2) await new Promise((resolve) => setImmediate(resolve));
    const third = [lookup.get("missing"), lookup.get("a")];
    await query.answerNext();
    expect(await second).toEqual([{ key: "c", n: 4 }]);
    await query.answerNext();
    expect(await Promise.all(third)).toEqual([[], [{ key: "a", n: 1 }]]);
    expect(query.calls).toEqual([["a", "b"], ["c"], ["missing", "a"]]);
  });

  it("fails every lookup of a failed query, and runs the next ones again", async () => {
    let fail = true;
    const lookup = batchedLookup(
      async (keys) => {
        if (fail) throw new Error("connection lost");
        return keys.map((key) => ({ key }));
      },
      (row) => row.key,
    );
    const failed = [lookup.get("a"), lookup.get("b")];
    for (const result of failed) await expect(result).rejects.toThrow("connection lost");
    fail = false;
    expect(await lookup.get("a")).toEqual([{ key: "a" }]);
  });
});
