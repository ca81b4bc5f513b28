/**
 * CSV as RFC 4180 writes it (fields with the delimiter, quotes or line breaks in double quotes, quotes
 * doubled), read line by line so that a file of any size streams: a record whose quoted field holds a
 * line break spans several lines and starts at the first. Spreadsheets save "CSV" with commas,
 * semicolons (where the comma is the decimal mark) or tabs: the reader takes the delimiter that
 * `sniffDelimiter` found in the header line.
 *
 * Cells that a spreadsheet would run as a formula (OWASP's "CSV injection": a cell starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) are written with a single quote in front, in double
 * quotes; `fromSpreadsheetSafe` takes that quote off again, so our own files round-trip unchanged.
 */

export type CsvDelimiter = "," | ";" | "\t";

/** Joins lines into records; `push` returns the finished record's fields, or null while one is open. */
export class CsvRecordReader {
  private fields: string[] = [];
  private field = "";
  private quoted = false;
  private open = false;
  /** The 1-based line the open record started on. */
  startLine = 0;

  constructor(private readonly delimiter: CsvDelimiter = ",") {}

  push(line: string, lineNumber: number): string[] | null {
    if (!this.open) {
      this.open = true;
      this.startLine = lineNumber;
      this.fields = [];
      this.field = "";
    } else {
      // A line break inside a quoted field belongs to the field.
      this.field += "\n";
    }
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (this.quoted) {
        if (c !== '"') this.field += c;
        else if (line[i + 1] === '"') {
          this.field += '"';
          i++;
        } else this.quoted = false;
      } else if (c === '"' && this.field === "") this.quoted = true;
      else if (c === this.delimiter) {
        this.fields.push(this.field);
        this.field = "";
      } else this.field += c;
    }
    if (this.quoted) return null;
    this.fields.push(this.field.replace(/\r$/, ""));
    this.open = false;
    return this.fields;
  }

  /** Whether the input ended inside a quoted field. */
  get unfinished(): boolean {
    return this.open;
  }
}

/**
 * The delimiter of a header line: whichever of comma, semicolon and tab occurs most often outside
 * double quotes (a comma when none does, or on a tie with it).
 */
export function sniffDelimiter(headerLine: string): CsvDelimiter {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const c of headerLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "," || c === ";" || c === "\t")) counts[c]++;
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ",");
  return best;
}

/** A cell a spreadsheet would evaluate, or one of ours escaped already (quotes, then such a character). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** `value`, with a single quote in front when a spreadsheet would run it as a formula. */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of `spreadsheetSafe`: one leading single quote off a cell that it escaped. */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A cell, quoted when it holds a comma, quote or line break, begins or ends with space, or begins with `'`. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() || value.startsWith("'") ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A comma-separated line; each cell is made spreadsheet-safe first. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => csvCell(spreadsheetSafe(cell))).join(",");
}
