/**
 * CSV as RFC 4180 writes it (comma-separated, fields with commas, quotes or line breaks in double
 * quotes, quotes doubled), read line by line so that a file of any size streams: a record whose
 * quoted field holds a line break spans several lines and starts at the first.
 */

/** Joins lines into records; `push` returns the finished record's fields, or null while one is open. */
export class CsvRecordReader {
  private fields: string[] = [];
  private field = "";
  private quoted = false;
  private open = false;
  /** The 1-based line the open record started on. */
  startLine = 0;

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
      else if (c === ",") {
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

export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(",");
}
