/**
 * Runs one ORC example file against its check: reads every stripe with lakesql's reader and prints each
 * row as Apache ORC's C++ ColumnPrinter does, comparing with the expected lines.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isLakesqlError } from '../../errors/index.js';
import { bytesSource, OrcFormatError, openOrcFile } from '../../formats/orc/index.js';
import type { CaseResult } from '../case-result.js';
import { printRow } from './column-printer.js';
import type { OrcCheck } from './known-cases.js';

/** Apache ORC's C++ reader forces Hive 0.11 decimals to scale 6, and the expected files show it. */
const CPP_HIVE11_DECIMAL_SCALE = 6;

export async function runOrcCase(examplesDir: string, id: string, check: OrcCheck): Promise<CaseResult> {
  let outcome: RowsRead;
  try {
    const expectedLines =
      check.kind === 'expected'
        ? await readExpected(join(examplesDir, 'expected', check.expected))
        : undefined;
    outcome = await readAndCompare(join(examplesDir, id), id, expectedLines);
  } catch (e) {
    return failedRead(id, check, e);
  }
  switch (check.kind) {
    case 'expected':
      return outcome.mismatch === undefined
        ? { kind: 'pass', id, detail: `${outcome.rows} rows` }
        : { kind: 'fail', id, reason: outcome.mismatch };
    case 'rows':
      if (check.count !== undefined && outcome.rows !== check.count)
        return { kind: 'fail', id, reason: `read ${outcome.rows} rows, expected ${check.count}` };
      if (check.firstRow !== undefined && outcome.firstRow !== check.firstRow) {
        return { kind: 'fail', id, reason: `row 0 is ${outcome.firstRow}, expected ${check.firstRow}` };
      }
      return { kind: 'pass', id, detail: `${outcome.rows} rows` };
    case 'fails':
      return { kind: 'fail', id, reason: `read ${outcome.rows} rows; expected the error "${check.message}"` };
    case 'unsupported':
      return { kind: 'fail', id, reason: `read ${outcome.rows} rows; expected UNSUPPORTED_FEATURE` };
    default:
      return check satisfies never;
  }
}

function failedRead(id: string, check: OrcCheck, e: unknown): CaseResult {
  const message = e instanceof Error ? e.message : String(e);
  if (check.kind === 'fails' && e instanceof OrcFormatError && message.includes(check.message)) {
    return { kind: 'pass', id, detail: `fails: ${message}` };
  }
  if (check.kind === 'unsupported' && isLakesqlError(e, 'UNSUPPORTED_FEATURE')) {
    return { kind: 'skip', id, reason: check.reason };
  }
  return { kind: 'fail', id, reason: message };
}

interface RowsRead {
  readonly rows: number;
  readonly firstRow: string | undefined;
  readonly mismatch: string | undefined;
}

async function readAndCompare(
  path: string,
  id: string,
  expected: readonly string[] | undefined,
): Promise<RowsRead> {
  const file = await openOrcFile(bytesSource(await readFile(path), id), {
    hive11DecimalScale: CPP_HIVE11_DECIMAL_SCALE,
  });
  const structRoot = file.orcType.kind === 'struct';
  let rows = 0;
  let firstRow: string | undefined;
  for (let s = 0; s < file.stripes.length; s++) {
    const stripe = await file.readStripe(s);
    for (let r = 0; r < stripe.numberOfRows; r++, rows++) {
      if (rows === 0) firstRow = printRow(stripe.columns, structRoot, r);
      if (expected === undefined) continue;
      const line = printRow(stripe.columns, structRoot, r);
      if (line !== expected[rows]) {
        return {
          rows,
          firstRow,
          mismatch: `row ${rows}: got ${clip(line)}, expected ${clip(expected[rows] ?? '<end of file>')}`,
        };
      }
    }
  }
  const mismatch =
    expected !== undefined && expected.length !== rows
      ? `read ${rows} rows, expected ${expected.length}`
      : undefined;
  return { rows, firstRow, mismatch };
}

async function readExpected(path: string): Promise<string[]> {
  const text = gunzipSync(await readFile(path)).toString('utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function clip(s: string): string {
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}
