/**
 * Reading a user file as a stream of lines (node:readline), so that memory stays flat whatever its
 * size: each record comes out checked (format.ts) or with the reason it cannot be imported.
 *
 * CSV: the delimiter (comma, semicolon or tab) is sniffed from the header line, and the header's
 * column names are matched to the format's fields through columns.ts. Without an e-mail column the
 * file is refused as a whole (HeaderError, before any record) unless users without e-mail are allowed.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { columnFields, HeaderError, isOwnName } from "./columns.js";
import { CsvRecordReader, fromSpreadsheetSafe, sniffDelimiter, type CsvDelimiter } from "./csv.js";
import { booleanFields, jsonFields, parseUserLine, RowError, userFileFields, type ImportUser, type LineRules, type UserFileField } from "./format.js";

export type UserFileFormat = "jsonl" | "csv";

export type FileRecord = { line: number; user: ImportUser } | { line: number; error: string };

export interface UserFileReader {
  records: AsyncIterable<FileRecord>;
  /** Bytes of the file's lines read so far (for a progress bar). */
  bytesRead(): number;
  /** Fields or columns of the file that the format does not know (ignored). */
  readonly ignoredFields: Set<string>;
  /** CSV: the header's columns read through an alias (`email` → `primary_email`). */
  readonly renamedColumns: Map<string, UserFileField>;
  /** CSV: the delimiter found in the header, once it has been read. */
  delimiter(): CsvDelimiter | null;
}

/** `.csv` and `.tsv` are CSV; anything else (`.jsonl`, `.ndjson`, `.json`) JSON Lines. */
export function formatOfPath(path: string): UserFileFormat {
  return /\.[ct]sv$/i.test(path) ? "csv" : "jsonl";
}

const knownFields: ReadonlySet<string> = new Set(userFileFields);

export function readUserFile(path: string, format: UserFileFormat, projectId: string, rules: LineRules): UserFileReader {
  const input = createReadStream(path);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const ignoredFields = new Set<string>();
  const renamedColumns = new Map<string, UserFileField>();
  const check = (line: number, value: unknown, source: string): FileRecord => {
    try {
      if (value && typeof value === "object") for (const key of Object.keys(value)) if (!knownFields.has(key)) ignoredFields.add(key);
      return { line, user: parseUserLine(projectId, line, value, source, rules) };
    } catch (error) {
      if (error instanceof RowError) return { line, error: error.message };
      throw error;
    }
  };
  let consumed = 0;
  const counted = (async function* () {
    for await (const text of lines) {
      consumed += Buffer.byteLength(text) + 1;
      yield text;
    }
  })();
  const csv: CsvState = { ignoredFields, renamedColumns, delimiter: null, rules };
  const records = format === "csv" ? csvRecords(counted, check, csv) : jsonlRecords(counted, check);
  return { records, bytesRead: () => consumed, ignoredFields, renamedColumns, delimiter: () => csv.delimiter };
}

type Check = (line: number, value: unknown, source: string) => FileRecord;

interface CsvState {
  ignoredFields: Set<string>;
  renamedColumns: Map<string, UserFileField>;
  delimiter: CsvDelimiter | null;
  rules: LineRules;
}

async function* jsonlRecords(lines: AsyncIterable<string>, check: Check): AsyncGenerator<FileRecord> {
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber++;
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line: lineNumber, error: "not valid JSON" };
      continue;
    }
    yield check(lineNumber, value, text);
  }
}

async function* csvRecords(lines: AsyncIterable<string>, check: Check, state: CsvState): AsyncGenerator<FileRecord> {
  let reader: CsvRecordReader | null = null;
  let fields: (UserFileField | null)[] | null = null;
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber++;
    if (!reader) {
      if (text.trim() === "") continue;
      state.delimiter = sniffDelimiter(text);
      reader = new CsvRecordReader(state.delimiter);
    }
    const cells = reader.push(text, lineNumber);
    if (!cells) continue;
    const line = reader.startLine;
    if (!fields) {
      fields = headerFields(cells, state);
      continue;
    }
    if (cells.length === 1 && cells[0]!.trim() === "") continue;
    if (cells.length !== fields.length) {
      yield { line, error: `has ${cells.length} cells, the header ${fields.length}` };
      continue;
    }
    try {
      yield check(line, csvObject(fields, cells), cells.join(state.delimiter!));
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      yield { line, error: error.message };
    }
  }
  if (reader?.unfinished) yield { line: reader.startLine, error: "a quoted cell is not closed before the end of the file" };
}

/** The header's fields; unknown and renamed columns are noted. Throws HeaderError. */
function headerFields(cells: readonly string[], state: CsvState): (UserFileField | null)[] {
  const names = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, "") : c).trim());
  const fields = columnFields(names);
  names.forEach((name, i) => {
    const field = fields[i];
    if (!field) state.ignoredFields.add(name);
    else if (!isOwnName(name, field)) state.renamedColumns.set(name, field);
  });
  if (!state.rules.allowNoEmail && !fields.includes("primary_email")) {
    throw new HeaderError(
      `the header has no e-mail column (primary_email, or email, e-mail, mail, email_address); its columns are ${names.map((n) => JSON.stringify(n)).join(", ")}. Users without an e-mail are imported only with --allow-no-email`,
    );
  }
  return fields;
}

function csvObject(fields: readonly (UserFileField | null)[], cells: readonly string[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  fields.forEach((field, i) => {
    const cell = fromSpreadsheetSafe(cells[i]!);
    if (cell === "" || !field) return;
    object[field] = csvValue(field, cell);
  });
  return object;
}

function csvValue(name: UserFileField, cell: string): unknown {
  if (jsonFields.has(name)) {
    try {
      return JSON.parse(cell);
    } catch {
      throw new RowError(`${name}: is not valid JSON`);
    }
  }
  if (booleanFields.has(name)) {
    const value = cell.trim().toLowerCase();
    if (["true", "1", "yes"].includes(value)) return true;
    if (["false", "0", "no"].includes(value)) return false;
    throw new RowError(`${name}: must be true or false`);
  }
  if (name === "created_at" && /^\d+$/.test(cell.trim())) return Number(cell.trim());
  return cell;
}
