/**
 * A one-line progress bar on stderr, redrawn in place (\r), only when stderr is a terminal: piped or
 * logged output gets nothing from it (the command's summary says the rest).
 */
export interface ProgressBar {
  update(done: number, total: number, detail: string): void;
  finish(): void;
}

const WIDTH = 30;
/** Redraws at most this often. */
const INTERVAL_MS = 100;

export function progressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!stream.isTTY) return { update() {}, finish() {} };
  let last = 0;
  let drawn = false;
  return {
    update(done, total, detail) {
      const now = Date.now();
      if (now - last < INTERVAL_MS && done < total) return;
      last = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * WIDTH);
      const line = `[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)}%  ${detail}`;
      const columns = stream.columns || 100;
      stream.write(`\r${line.slice(0, columns - 1).padEnd(Math.min(columns - 1, line.length + 2))}`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write("\n");
      drawn = false;
    },
  };
}
