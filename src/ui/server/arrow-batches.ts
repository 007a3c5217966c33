/**
 * A result as the page receives it: the columns' names and types as JSON, the rows as Arrow IPC streams of
 * a few thousand rows each, so that a large result reaches the grid in pieces instead of one JSON document.
 * Every cell travels as its display text (spark-sql's HiveResult string, NULL as a null), which keeps
 * BIGINT and DECIMAL exact where a JavaScript number would round them; `numeric` tells the chart view
 * which columns it may read as numbers. A column of arrays, maps or structs (`nested`) also has its values as
 * JSON trees (nested-values.ts) in a column `t<i>` after the display columns, for the grid to unfold.
 */
import { Table, tableToIPC, Utf8, vectorFromArray } from 'apache-arrow';
import type { ResultColumn } from '../../exec/query/run-query.js';
import { hiveResultString } from '../../exec/value-format/index.js';
import { type DataType, sqlTypeName } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { isNested, nestedTree } from './nested-values.js';

export const BATCH_ROWS = 5000;

export interface ColumnPayload {
  readonly name: string;
  readonly type: string;
  readonly nullable: boolean;
  readonly numeric: boolean;
  readonly nested: boolean;
}

export function columnPayloads(columns: readonly ResultColumn[]): ColumnPayload[] {
  return columns.map((c) => ({
    name: c.name,
    type: sqlTypeName(c.type),
    nullable: c.nullable,
    numeric: isNumeric(c.type),
    nested: isNested(c.type),
  }));
}

/**
 * The rows' display texts, `BATCH_ROWS` at a time; Arrow names the columns c0, c1, … since names repeat, and
 * the trees of nested column i `t<i>`.
 */
export function* arrowBatches(
  columns: readonly ResultColumn[],
  rows: readonly (readonly Value[])[],
  timeZone: string,
): Generator<Uint8Array> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    yield tableToIPC(
      new Table(batchVectors(columns, rows.slice(start, start + BATCH_ROWS), timeZone)),
      'stream',
    );
  }
}

/** Every cell's display text, column by column, for JSON answers that are small enough to be plain arrays. */
export function displayRows(
  columns: readonly ResultColumn[],
  rows: readonly (readonly Value[])[],
  timeZone: string,
): (string | null)[][] {
  return rows.map((row) => columns.map((c, i) => cellText(row[i] ?? null, c.type, timeZone)));
}

function batchVectors(
  columns: readonly ResultColumn[],
  rows: readonly (readonly Value[])[],
  timeZone: string,
) {
  const display = columns.map((c, i) => [
    `c${i}`,
    vectorFromArray(
      rows.map((row) => cellText(row[i] ?? null, c.type, timeZone)),
      new Utf8(),
    ),
  ]);
  const trees = Object.entries(nestedTrees(columns, rows, timeZone)).map(([i, texts]) => [
    `t${i}`,
    vectorFromArray(texts, new Utf8()),
  ]);
  return Object.fromEntries([...display, ...trees]);
}

/**
 * For each nested column (by its index), its values' trees as JSON texts, row by row: the `t<i>` columns of
 * a batch, and the `trees` of a JSON answer.
 */
export function nestedTrees(
  columns: readonly ResultColumn[],
  rows: readonly (readonly Value[])[],
  timeZone: string,
): Record<number, (string | null)[]> {
  const trees: Record<number, (string | null)[]> = {};
  for (const [i, c] of columns.entries()) {
    if (!isNested(c.type)) continue;
    trees[i] = rows.map((row) => {
      const value = row[i] ?? null;
      return value === null ? null : JSON.stringify(nestedTree(value, c.type, timeZone));
    });
  }
  return trees;
}

function cellText(value: Value, type: DataType, timeZone: string): string | null {
  return value === null ? null : hiveResultString(value, type, { timeZone });
}

const NUMERIC = new Set(['byte', 'short', 'integer', 'long', 'float', 'double', 'decimal']);

function isNumeric(type: DataType): boolean {
  return NUMERIC.has(type.kind === 'primitive' ? type.name : type.kind);
}
