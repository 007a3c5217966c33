/**
 * One conformance case: load what is expected, open the table with the reader under test, and check
 * version, active files, schema and rows, as far as the expected outcome states them.
 */
import { join } from 'node:path';
import { isLakesqlError } from '../../errors/index.js';
import { type DataType, type StructType, sqlTypeName } from '../../types/data-types.js';
import type { CaseResult } from '../case-result.js';
import { type ExpectedOutcome, loadExpected, withoutColumns } from './expected.js';
import { KNOWN_COLUMN_DIFFERENCES, KNOWN_SKIPS } from './known-skips.js';
import type { ManifestEntry } from './manifest.js';
import { diffRows } from './row-diff.js';
import type { DeltaTableUnderTest, OpenedTable } from './table-reader.js';
import { readEncodedRows } from './value-encoding.js';

export async function runDeltaCase(
  entry: ManifestEntry,
  conformanceDir: string,
  reader: DeltaTableUnderTest,
): Promise<CaseResult> {
  const id = entry.id;
  const skip = KNOWN_SKIPS[id];
  if (skip !== undefined) return { kind: 'skip', id, reason: skip };
  const ignored = Object.keys(KNOWN_COLUMN_DIFFERENCES[id] ?? {});
  let expected: ExpectedOutcome;
  try {
    expected = withoutColumns(await loadExpected(entry, conformanceDir), ignored);
  } catch (e) {
    return { kind: 'fail', id, reason: `cannot load the expected result: ${describeError(e)}` };
  }
  const tableDir = join(conformanceDir, entry.tablePath);
  switch (expected.kind) {
    case 'unverifiable':
      return {
        kind: 'fail',
        id,
        reason: `no checkable outcome (${expected.reason}); model it in known-outcomes.ts or list it in known-skips.ts`,
      };
    case 'error':
      return expectError(id, tableDir, reader, expected.reason);
    case 'activeFiles':
    case 'rows':
      return withOpenTable(id, tableDir, reader, (table) => checkTable(table, expected, reader, ignored));
    default:
      return expected satisfies never;
  }
}

/** Must-fail tables pass when lakesql raises a LakesqlError while opening or scanning them. */
async function expectError(
  id: string,
  tableDir: string,
  reader: DeltaTableUnderTest,
  reason: string,
): Promise<CaseResult> {
  let read: string;
  try {
    const table = await reader.open(tableDir);
    try {
      const scan = await table.scan();
      try {
        const rows = await readEncodedRows(reader.connection, scan.sql, table.schema);
        read = `read version ${table.version}: ${table.activeFilePaths.length} files, ${rows.length} rows`;
      } finally {
        await scan.release();
      }
    } finally {
      await table.release();
    }
  } catch (e) {
    if (isLakesqlError(e)) return { kind: 'pass', id, detail: e.errorClass };
    return { kind: 'fail', id, reason: `expected a LakesqlError (${reason}), got ${describeError(e)}` };
  }
  return { kind: 'fail', id, reason: `expected an error (${reason}), but ${read}` };
}

async function withOpenTable(
  id: string,
  tableDir: string,
  reader: DeltaTableUnderTest,
  check: (table: OpenedTable) => Promise<string | undefined>,
): Promise<CaseResult> {
  let table: OpenedTable;
  try {
    table = await reader.open(tableDir);
  } catch (e) {
    return { kind: 'fail', id, reason: `open failed: ${describeError(e)}` };
  }
  try {
    const problem = await check(table);
    return problem === undefined ? { kind: 'pass', id } : { kind: 'fail', id, reason: problem };
  } catch (e) {
    return { kind: 'fail', id, reason: `scan failed: ${describeError(e)}` };
  } finally {
    await table.release();
  }
}

/** The first difference between the opened table and what is expected, or undefined when there is none. */
async function checkTable(
  table: OpenedTable,
  expected: ExpectedOutcome & { kind: 'rows' | 'activeFiles' },
  reader: DeltaTableUnderTest,
  ignored: readonly string[],
): Promise<string | undefined> {
  if (expected.version !== null && table.version !== expected.version) {
    return `version ${table.version}, expected ${expected.version}`;
  }
  const expectedPaths = expected.kind === 'activeFiles' ? expected.paths : expected.activeFiles;
  if (expectedPaths !== null) {
    const problem = compareActiveFiles(table.activeFilePaths, expectedPaths);
    if (problem !== undefined) return problem;
  }
  if (expected.kind === 'activeFiles') return undefined;
  const schemaProblem = compareSchema(table.schema, expected.schema, ignored);
  if (schemaProblem !== undefined) return schemaProblem;
  const scan = await table.scan();
  try {
    const comparison = await diffRows(reader.connection, expected.schema, scan.sql, expected.rows);
    return comparison.kind === 'equal' ? undefined : `rows differ: ${comparison.reason}`;
  } finally {
    await scan.release();
  }
}

export function compareActiveFiles(
  actual: readonly string[],
  expected: readonly string[],
): string | undefined {
  const a = [...actual].sort();
  const e = new Set(expected);
  const missing = expected.filter((p) => !a.includes(p));
  const extra = a.filter((p) => !e.has(p));
  if (missing.length === 0 && extra.length === 0 && a.length === expected.length) return undefined;
  const parts = [`${a.length} active files, expected ${expected.length}`];
  if (missing.length > 0) parts.push(`missing ${JSON.stringify(missing[0])}`);
  if (extra.length > 0) parts.push(`unexpected ${JSON.stringify(extra[0])}`);
  return parts.join('; ');
}

/**
 * Logical column names compared case-sensitively and types compared without nullability or metadata
 * (README format 1). Columns the expected schema leaves out (KNOWN_COLUMN_DIFFERENCES) are not checked.
 */
export function compareSchema(
  actual: StructType,
  expected: StructType,
  ignored: readonly string[] = [],
): string | undefined {
  for (const f of expected.fields) {
    const a = actual.fields.find((x) => x.name === f.name);
    if (!a) {
      const names = actual.fields.map((x) => x.name).join(', ');
      return `column ${JSON.stringify(f.name)} missing (columns: ${names})`;
    }
    if (typeText(a.type) !== typeText(f.type)) {
      return `column ${JSON.stringify(f.name)} has type ${typeText(a.type)}, expected ${typeText(f.type)}`;
    }
  }
  const extra = actual.fields.find(
    (a) => !ignored.includes(a.name) && !expected.fields.some((f) => f.name === a.name),
  );
  return extra === undefined ? undefined : `unexpected column ${JSON.stringify(extra.name)}`;
}

/** A type's text without string collations, which Delta keeps in field metadata (`__COLLATIONS`). */
function typeText(t: DataType): string {
  return sqlTypeName(t).replace(/ collate [A-Za-z0-9_]+/g, '');
}

export function describeError(e: unknown): string {
  const text = isLakesqlError(e)
    ? e.message
    : e instanceof Error
      ? `${e.name}: ${e.message}`
      : `thrown ${String(e)}`;
  const line = text.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
