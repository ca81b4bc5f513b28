/**
 * Reading a user file as a stream of lines (node:readline), so that memory stays flat whatever its
 * size: each record comes out checked (format.ts) or with the reason it cannot be imported.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { CsvRecordReader } from "./csv.js";
import { booleanFields, jsonFields, parseUserLine, RowError, userFileFields, type ImportUser, type UserFileField } from "./format.js";

export type UserFileFormat = "jsonl" | "csv";

export type FileRecord = { line: number; user: ImportUser } | { line: number; error: string };

export interface UserFileReader {
  records: AsyncIterable<FileRecord>;
  /** Bytes of the file's lines read so far (for a progress bar). */
  bytesRead(): number;
  /** Fields or columns of the file that the format does not know (ignored). */
  readonly ignoredFields: Set<string>;
}

/** `.csv` is CSV; anything else (`.jsonl`, `.ndjson`, `.json`) JSON Lines. */
export function formatOfPath(path: string): UserFileFormat {
  return /\.csv$/i.test(path) ? "csv" : "jsonl";
}

const knownFields: ReadonlySet<string> = new Set(userFileFields);

export function readUserFile(path: string, format: UserFileFormat, projectId: string): UserFileReader {
  const input = createReadStream(path);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const ignoredFields = new Set<string>();
  const check = (line: number, value: unknown, source: string): FileRecord => {
    try {
      if (value && typeof value === "object") for (const key of Object.keys(value)) if (!knownFields.has(key)) ignoredFields.add(key);
      return { line, user: parseUserLine(projectId, line, value, source) };
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
  const records = format === "csv" ? csvRecords(counted, check, ignoredFields) : jsonlRecords(counted, check);
  return { records, bytesRead: () => consumed, ignoredFields };
}

type Check = (line: number, value: unknown, source: string) => FileRecord;

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

async function* csvRecords(lines: AsyncIterable<string>, check: Check, ignoredFields: Set<string>): AsyncGenerator<FileRecord> {
  const reader = new CsvRecordReader();
  let header: string[] | null = null;
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber++;
    const cells = reader.push(text, lineNumber);
    if (!cells) continue;
    const line = reader.startLine;
    if (!header) {
      header = cells.map((c) => c.trim().replace(/^\uFEFF/, ""));
      for (const name of header) if (!knownFields.has(name)) ignoredFields.add(name);
      continue;
    }
    if (cells.length === 1 && cells[0]!.trim() === "") continue;
    if (cells.length !== header.length) {
      yield { line, error: `has ${cells.length} cells, the header ${header.length}` };
      continue;
    }
    try {
      yield check(line, csvObject(header, cells), cells.join(","));
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      yield { line, error: error.message };
    }
  }
  if (reader.unfinished) yield { line: reader.startLine, error: "a quoted cell is not closed before the end of the file" };
}

function csvObject(header: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  header.forEach((name, i) => {
    const cell = cells[i]!;
    if (cell === "" || !knownFields.has(name)) return;
    object[name] = csvValue(name as UserFileField, cell);
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
