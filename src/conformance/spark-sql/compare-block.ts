/**
 * Compares one statement's outcome with its golden block, the way SQLQueryTestSuite does
 * (test/data/spark-sql/README.md):
 *   - an expected error passes when the statement fails with the same error class (any failure when the
 *     golden error is old-style and names no class); the SQLSTATE is reported, not required;
 *   - rows compare by schema string (`struct<name:type,...>` from the columns' names and Spark type names)
 *     and by the HiveResult text of the rows;
 *   - Spark sorts the output lines of a statement whose plan does not end in a sort. We cannot see Spark's
 *     plan, so both sides are compared sorted unless the statement has a top-level ORDER BY or the golden
 *     lines are not in sorted order (then Spark kept the query's order).
 */
import { isLakesqlError } from '../../errors/index.js';
import { hiveResultLine } from '../../exec/value-format/index.js';
import { sqlTypeName } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { GoldenBlock } from './golden-file.js';
import {
  formatDescribeRow,
  isDescribeStatement,
  isShowNamesStatement,
  replaceNotIncludedMsg,
} from './hive-result.js';
import type { ResultColumn, StatementResult } from './sql-session.js';

export type BlockOutcome = { readonly kind: 'pass' } | { readonly kind: 'fail'; readonly reason: string };

export interface CompareOptions {
  readonly timeZone: string;
}

const PASS: BlockOutcome = { kind: 'pass' };

/**
 * Spark's INSERT/UPDATE/DELETE/MERGE return nothing; Databricks (and lakesql, as issue 4 requires) return a
 * metric row (`num_affected_rows`, …). Where Spark's golden output is empty, that row is the expected answer.
 */
function isDmlMetricRow(result: StatementResult): boolean {
  return (
    result.kind === 'rows' &&
    result.columns.length > 0 &&
    result.columns.every((c) => c.name.startsWith('num_'))
  );
}

export function compareBlock(
  golden: GoldenBlock,
  actual: { readonly result: StatementResult } | { readonly error: unknown },
  options: CompareOptions,
): BlockOutcome {
  if (golden.error !== undefined) {
    if (!('error' in actual))
      return fail(`expected error ${golden.error.errorClass ?? golden.error.exceptionClass}, got a result`);
    const expected = golden.error.errorClass;
    const got = errorClassOf(actual.error);
    if (expected === undefined || got === expected) return PASS;
    return fail(
      `expected error ${expected} (${golden.error.sqlState ?? '?'}), got ${got ?? describe(actual.error)}`,
    );
  }
  if ('error' in actual) return fail(`unexpected error ${describe(actual.error)}`);
  const { result } = actual;
  if (golden.schema === 'struct<>' && golden.output.length === 0 && isDmlMetricRow(result)) return PASS;
  const columns = result.kind === 'rows' ? result.columns : [];
  const schema = schemaString(columns);
  if (schema !== golden.schema) return fail(`schema: expected ${golden.schema}, got ${schema}`);
  let lines: string[];
  try {
    lines = result.kind === 'rows' ? commandLines(golden.query, result.columns, result.rows, options) : [];
  } catch (e) {
    return fail(`cannot format the result: ${describe(e)}`);
  }
  const expectedLines = golden.output === '' ? [] : golden.output.split('\n');
  const inOrder = hasTopLevelOrderBy(golden.query) || !isSorted(expectedLines);
  // SQLQueryTestSuite compares `output.mkString("\n").replaceAll("\\s+$", "")`: trailing whitespace is dropped.
  const got = (inOrder ? lines : [...lines].sort()).join('\n').replace(/\s+$/, '');
  if (got === golden.output) return PASS;
  return fail(`output: expected ${preview(golden.output)}, got ${preview(got)}`);
}

/** HiveResult.hiveResultString's lines for the statement's rows, then replaceNotIncludedMsg (hive-result.ts). */
function commandLines(
  query: string,
  columns: readonly ResultColumn[],
  rows: readonly (readonly Value[])[],
  options: CompareOptions,
): string[] {
  const types = columns.map((c) => c.type);
  let lines: string[];
  if (isDescribeStatement(query) && columns.length === 3 && columns[0]?.name === 'col_name') {
    lines = rows.map((r) =>
      formatDescribeRow(String(r[0] ?? ''), String(r[1] ?? ''), (r[2] as string | null) ?? null),
    );
  } else if (isShowNamesStatement(query) && columns.length >= 2) {
    lines = rows.map((r) => String(r[1]));
  } else {
    lines = rows.map((r) => hiveResultLine(r, types, options));
  }
  return lines.map(replaceNotIncludedMsg);
}

/** Spark's `StructType.catalogString` of the result columns. */
export function schemaString(columns: readonly ResultColumn[]): string {
  return `struct<${columns.map((c) => `${c.name}:${sqlTypeName(c.type)}`).join(',')}>`;
}

export function errorClassOf(e: unknown): string | undefined {
  if (isLakesqlError(e)) return e.errorClass;
  if (typeof e === 'object' && e !== null && 'errorClass' in e && typeof e.errorClass === 'string')
    return e.errorClass;
  return undefined;
}

/** True when the statement ends in an ORDER BY outside any parentheses (window and subquery sorts don't count). */
export function hasTopLevelOrderBy(sql: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  let lastTopLevel = -1;
  const lower = sql.toLowerCase();
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote !== undefined) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && /^order\s+by\b/.test(lower.slice(i, i + 20)) && !/\w/.test(lower[i - 1] ?? ' ')) {
      lastTopLevel = i;
    }
  }
  return lastTopLevel >= 0;
}

function isSorted(lines: readonly string[]): boolean {
  for (let i = 1; i < lines.length; i++) if ((lines[i - 1] as string) > (lines[i] as string)) return false;
  return true;
}

function describe(e: unknown): string {
  if (isLakesqlError(e)) return e.message;
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Failure previews are cut at 160 characters; LAKESQL_CONFORMANCE_PREVIEW raises that to read whole outputs. */
function preview(text: string): string {
  const oneLine = JSON.stringify(text);
  return oneLine.length > (Number(process.env.LAKESQL_CONFORMANCE_PREVIEW) || 160)
    ? `${oneLine.slice(0, 157)}...`
    : oneLine;
}

function fail(reason: string): BlockOutcome {
  return { kind: 'fail', reason };
}
