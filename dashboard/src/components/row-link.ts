/**
 * Rows that open their record: a click anywhere on the row follows the row's link (the first cell's),
 * while the link stays the row's one keyboard stop (Tab, Enter) and clicks on other controls, or with a
 * modifier key (new tab), are left to the browser.
 */
import type { MouseEvent } from "react";

export const clickableRow = "cursor-pointer hover:bg-zinc-50 focus-within:bg-indigo-50 dark:hover:bg-zinc-800/60 dark:focus-within:bg-indigo-950/40";

export function openRowLink(event: MouseEvent<HTMLElement>, go: () => void): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target as HTMLElement;
  if (target.closest("a, button, input, select, textarea, label")) return;
  // A selection in progress (copying an e-mail or id) is not a click on the row.
  if (window.getSelection()?.toString()) return;
  go();
}
