/**
 * Rows of a large Parquet file (a checkpoint of many thousand actions) read by DuckDB and handed to
 * JavaScript packed: DuckDB renders every row as one text, its values joined by a unit separator, and
 * string_agg joins the rows of a batch with a record separator, so a batch crosses into JavaScript as one
 * string. Reading the same values cell by cell costs a native call and a UTF-8 decode per string
 * (`getColumns`), and a `to_json` text per row costs a JSON.parse of the whole row: for a checkpoint of
 * 50,000 adds either is many times the decoding (bench/snapshot.ts).
 *
 * Values keep the shape DuckDB's to_json gives them (ParquetHandler.readRows' contract): a top-level
 * struct's fields are packed one by one (strings and integers as their text, booleans as true/false), any
 * other value as its to_json text, parsed on this side. A value that itself holds a separator would make a
 * batch split into more rows or a row into more fields than were packed: the counts are checked, and such a
 * file is read the slow way (`undefined`).
 */
import type { DuckDBConnection, DuckDBType } from '@duckdb/node-api';
import { DuckDBTypeId } from '@duckdb/node-api';
import { quoteIdentifier, quoteString } from './sql-text.js';

const RECORD = '\u001e';
const UNIT = '\u001f';

/** Rows per packed string: a batch of 64k checkpoint rows is a few tens of MB, far below V8's string limit. */
const BATCH_ROWS = 65_536;

type Decode = (text: string) => unknown;

/** One packed value: its SQL (never NULL) and how to read it back. */
interface Packed {
  readonly sql: string;
  readonly decode: Decode;
}

/** A top-level column: a plain value, or a struct (a null marker, then each field). */
type ColumnPlan =
  | { readonly kind: 'value'; readonly name: string; readonly value: Packed }
  | { readonly kind: 'struct'; readonly name: string; readonly fields: readonly [string, Packed][] };

/**
 * Every row of `source` (a read_parquet(…) over one file, optionally with a WHERE), its top-level columns `columns` (named as the
 * file spells them, with DuckDB's types for them), as JSON-compatible objects; undefined when a value holds
 * a separator.
 */
export async function readRowsPacked(
  c: DuckDBConnection,
  source: string,
  columns: readonly { readonly name: string; readonly type: DuckDBType }[],
): Promise<Record<string, unknown>[] | undefined> {
  const plans = columns.map(({ name, type }) => columnPlan(name, type));
  const structs = plans.filter((p) => p.kind === 'struct');
  // First the flags of which structs are not NULL, then the values; a NULL struct packs nothing (concat_ws
  // skips NULL), and DuckDB evaluates a CASE branch only for the rows that take it.
  const flags = structs.map((p) => `CASE WHEN ${quoteIdentifier(p.name)} IS NULL THEN '0' ELSE '1' END`);
  const parts = plans.map((p) =>
    p.kind === 'value'
      ? p.value.sql
      : `CASE WHEN ${quoteIdentifier(p.name)} IS NULL THEN NULL ELSE ${joined(p.fields.map(([, f]) => f.sql))} END`,
  );
  const row = joined([flags.length === 0 ? "''" : `concat(${flags.join(', ')}, '')`, ...parts]);
  const reader = await c.runAndReadAll(
    `SELECT count(*) AS n, string_agg(${row}, chr(30)) AS packed FROM ${source} GROUP BY file_row_number // ${BATCH_ROWS}`,
  );
  const [counts, texts] = reader.getColumnsJS();
  const out: Record<string, unknown>[] = [];
  const pieces = new Pieces();
  for (let b = 0; b < (counts?.length ?? 0); b++) {
    // Exact checks: a value holding RECORD adds a row; one holding UNIT adds a piece to its row, whose
    // flags (packed first, before any value) say how many pieces there must be.
    const rows = (texts![b] as string).split(RECORD);
    if (rows.length !== Number(counts![b])) return undefined;
    for (const text of rows) {
      const row = unpack(plans, text, pieces);
      if (!row) return undefined;
      out.push(row);
    }
  }
  return out;
}

function joined(pieces: readonly string[]): string {
  return pieces.length === 1 ? pieces[0]! : `concat_ws(chr(31), ${pieces.join(', ')})`;
}

/**
 * One packed row back as an object; undefined when its pieces are not the ones its flags announce. The
 * pieces are cut out as they are read: no array per row, for a checkpoint of tens of thousands of rows.
 */
function unpack(
  plans: readonly ColumnPlan[],
  text: string,
  pieces: Pieces,
): Record<string, unknown> | undefined {
  const flags = pieces.start(text);
  const out: Record<string, unknown> = {};
  let flag = 0;
  for (const p of plans) {
    if (p.kind === 'value') {
      const piece = pieces.next();
      if (piece === undefined) return undefined;
      out[p.name] = p.value.decode(piece);
      continue;
    }
    const present = flags[flag++];
    if (present === '0') {
      out[p.name] = null;
      continue;
    }
    if (present !== '1') return undefined;
    const struct: Record<string, unknown> = {};
    for (const [name, f] of p.fields) {
      const piece = pieces.next();
      if (piece === undefined) return undefined;
      struct[name] = f.decode(piece);
    }
    out[p.name] = struct;
  }
  return pieces.done() && flag === flags.length ? out : undefined;
}

/** A cursor over the UNIT-separated pieces of one row, reused from row to row (no closure per row). */
class Pieces {
  #text = '';
  /** The index of the separator before the next piece; -1 once the row is used up. */
  #at = -1;

  /** Starts on `text` and returns its first piece (the flags). */
  start(text: string): string {
    this.#text = text;
    this.#at = text.indexOf(UNIT);
    return this.#at < 0 ? text : text.slice(0, this.#at);
  }

  next(): string | undefined {
    if (this.#at < 0) return undefined;
    const from = this.#at + 1;
    this.#at = this.#text.indexOf(UNIT, from);
    return this.#at < 0 ? this.#text.slice(from) : this.#text.slice(from, this.#at);
  }

  done(): boolean {
    return this.#at < 0;
  }
}

function columnPlan(name: string, type: DuckDBType): ColumnPlan {
  const ref = quoteIdentifier(name);
  if (type.typeId !== DuckDBTypeId.STRUCT) return { kind: 'value', name, value: packed(ref, type) };
  return {
    kind: 'struct',
    name,
    fields: type.entryNames.map((field, i) => [
      field,
      packed(`struct_extract(${ref}, ${quoteString(field)})`, type.entryTypes[i]!),
    ]),
  };
}

/**
 * A value as text that is never NULL: '' stands for NULL, so a string gets a one-character prefix that
 * tells the empty string from NULL.
 */
function packed(ref: string, type: DuckDBType): Packed {
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR:
      return { sql: `coalesce('=' || ${ref}, '')`, decode: (t) => (t === '' ? null : t.slice(1)) };
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
      return { sql: `coalesce(${ref}::VARCHAR, '')`, decode: (t) => (t === '' ? null : Number(t)) };
    case DuckDBTypeId.BOOLEAN:
      return { sql: `coalesce(${ref}::VARCHAR, '')`, decode: (t) => (t === '' ? null : t === 'true') };
    default:
      return {
        sql: `coalesce(to_json(${ref})::VARCHAR, '')`,
        // An empty map (an unpartitioned table's partitionValues, in every add) needs no parser.
        decode: (t) => (t === '' ? null : t === '{}' ? {} : JSON.parse(t)),
      };
  }
}
