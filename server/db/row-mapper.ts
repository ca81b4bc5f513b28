/**
 * Row mapping for prepared selects, compiled once per statement. drizzle maps each row by walking
 * its selection and asking, for every cell, what kind of field it is (a prototype walk per `is`
 * check); for a page of 100 users that was a third of the request's CPU time. The compiled mapper
 * does the same work with the answers looked up in advance: the decoder of each position, the
 * object each cell goes into, and which joined objects become null when their table had no row.
 *
 * It reproduces drizzle's rules (0.45, `mapResultRow`, checked against it in row-mapper.test.ts):
 * NULL cells stay null without decoding; a nested object of a nullable join is null when the first
 * column of that object is NULL and all its columns come from that one table. Selections nested
 * deeper than one level keep drizzle's own mapping.
 */
import { Column, is, SQL, Subquery, getTableName, type Table } from "drizzle-orm";

type Decoder = { mapFromDriverValue(value: unknown): unknown };
export interface SelectedField {
  path: string[];
  field: unknown;
}

/** What drizzle's prepared select keeps for mapping (internal fields, pinned with drizzle-orm 0.45). */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

export type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** Makes a prepared select map its rows with a compiled mapper; leaves other statements alone. */
export function useCompiledRowMapper(prepared: object): void {
  const select = prepared as PreparedSelect;
  if (!select.fields || select.customResultMapper) return;
  const mapRow = compileRowMapper(select.fields, select.joinsNotNullableMap);
  if (mapRow) select.customResultMapper = (rows) => rows.map(mapRow);
}

interface Group {
  name: string;
  /** Positions and keys of its cells. */
  cells: { index: number; key: string; decode: Decoder }[];
  /** Position whose NULL makes the whole object null, or -1 when it never is. */
  nullWhen: number;
}

/** A mapper for rows of `fields`, or null when the selection is beyond what it handles. */
export function compileRowMapper(fields: SelectedField[], joinsNotNullableMap: Record<string, boolean> | undefined): RowMapper | null {
  const top: { index: number; key: string; decode: Decoder }[] = [];
  const groups = new Map<string, Group & { tables: Set<string>; firstColumnIndex: number }>();
  const order: string[] = [];
  for (const [index, { path, field }] of fields.entries()) {
    const decode = decoderOf(field);
    if (!decode || path.length > 2) return null;
    if (path.length === 1) {
      top.push({ index, key: path[0]!, decode });
      order.push(path[0]!);
      continue;
    }
    const [name, key] = path as [string, string];
    let group = groups.get(name);
    if (!group) {
      group = { name, cells: [], nullWhen: -1, tables: new Set(), firstColumnIndex: -1 };
      groups.set(name, group);
      order.push(name);
    }
    group.cells.push({ index, key, decode });
    if (is(field, Column)) {
      group.tables.add(getTableName((field as Column).table as Table));
      if (group.firstColumnIndex < 0) group.firstColumnIndex = index;
    }
  }
  for (const group of groups.values()) {
    const [table] = group.tables;
    if (joinsNotNullableMap && group.tables.size === 1 && !joinsNotNullableMap[table!]) group.nullWhen = group.firstColumnIndex;
  }
  const topByKey = new Map(top.map((cell) => [cell.key, cell]));
  const parts = order.map((name) => topByKey.get(name) ?? groups.get(name)!);

  return generateMapper(parts);
}

type Part = Group | { index: number; key: string; decode: Decoder };

/**
 * The mapper as one function whose objects are literals with fixed keys: V8 then builds every row with
 * the same hidden class, instead of a keyed store per cell (~15% of a users page's instructions). The
 * source holds only positions and the selection's own keys (JSON-quoted); the decoders come in as an array.
 */
function generateMapper(parts: Part[]): RowMapper {
  const decoders: Decoder[] = [];
  const keys = parts.flatMap((part) => ("cells" in part ? [part.name, ...part.cells.map((cell) => cell.key)] : [part.key]));
  // A literal's "__proto__" key would set the prototype: such a selection keeps the loop below.
  if (keys.includes("__proto__")) return loopMapper(parts);
  const cell = ({ index, decode }: { index: number; decode: Decoder }) =>
    `row[${index}] === null ? null : d[${decoders.push(decode) - 1}].mapFromDriverValue(row[${index}])`;
  const properties = parts.map((part) => {
    if (!("cells" in part)) return `${JSON.stringify(part.key)}: (${cell(part)})`;
    const object = `{ ${part.cells.map((c) => `${JSON.stringify(c.key)}: (${cell(c)})`).join(", ")} }`;
    return `${JSON.stringify(part.name)}: (${part.nullWhen >= 0 ? `row[${part.nullWhen}] === null ? null : ${object}` : object})`;
  });
  // Generated from positions and JSON-quoted keys only (see above).
  const factory = new Function("d", `"use strict"; return (row) => ({ ${properties.join(", ")} });`) as (d: Decoder[]) => RowMapper;
  return factory(decoders);
}

/** The same mapping as a loop over the parts. */
function loopMapper(parts: Part[]): RowMapper {
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const part of parts) {
      if ("cells" in part) {
        if (part.nullWhen >= 0 && row[part.nullWhen] === null) {
          result[part.name] = null;
          continue;
        }
        const object: Record<string, unknown> = {};
        for (const cell of part.cells) object[cell.key] = decodeCell(cell.decode, row[cell.index]);
        result[part.name] = object;
      } else {
        result[part.key] = decodeCell(part.decode, row[part.index]);
      }
    }
    return result;
  };
}

function decodeCell(decoder: Decoder, raw: unknown): unknown {
  return raw === null ? null : decoder.mapFromDriverValue(raw);
}

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  if (is(field, SQL.Aliased)) return (field as unknown as { sql: { decoder: Decoder } }).sql.decoder;
  return null;
}
