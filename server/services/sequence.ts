/**
 * Sortable keys for rows that must keep the order they were recorded in (webhook deliveries, audit
 * rows): the time in milliseconds, then a counter of this process that never goes back, then a tag of
 * the process. Keys of one process sort in the order they were made; keys of different processes sort
 * by time (rows of one millisecond from two processes have no order anyway).
 */
import { randomBytes } from "node:crypto";

const processTag = randomBytes(3).toString("hex");
let lastMs = 0;
let counter = 0;

export function nextSequence(now: Date): string {
  lastMs = Math.max(lastMs, now.getTime());
  counter++;
  return `${String(lastMs).padStart(15, "0")}.${String(counter).padStart(12, "0")}.${processTag}`;
}
