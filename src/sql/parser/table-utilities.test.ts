import { describe, expect, it } from 'vitest';
import { parseStatement, printStatement } from '../index.js';
import { stripSpans } from '../testing/strip-spans.js';

const s = (sql: string) => stripSpans(parseStatement(sql)) as Record<string, unknown>;

const ROUND_TRIP = [
  'ALTER TABLE t DROP FEATURE deletionVectors',
  'ALTER TABLE db.t DROP FEATURE `typeWidening-preview` TRUNCATE HISTORY',
  'GENERATE symlink_format_manifest FOR TABLE delta.`/p`',
  'ALTER TABLE t ALTER COLUMN c SET DEFAULT 1 + 2',
  'ALTER TABLE t ALTER COLUMN c DROP DEFAULT',
  'TRUNCATE TABLE t',
];

describe('table utility statements', () => {
  it('parse DROP FEATURE (name or string) and GENERATE into their ASTs', () => {
    expect(s("ALTER TABLE t DROP FEATURE 'v2Checkpoint' TRUNCATE HISTORY")).toMatchObject({
      kind: 'alterTable',
      action: { kind: 'dropFeature', feature: 'v2Checkpoint', truncateHistory: true },
    });
    expect(s('ALTER TABLE t DROP FEATURE checkConstraints')).toMatchObject({
      action: { kind: 'dropFeature', feature: 'checkConstraints', truncateHistory: false },
    });
    expect(s('GENERATE symlink_format_manifest FOR TABLE db.t')).toEqual({
      kind: 'generate',
      mode: 'symlink_format_manifest',
      table: { kind: 'objectName', parts: ['db', 't'] },
    });
  });

  it('print back to SQL that parses to the same AST', () => {
    for (const sql of ROUND_TRIP) {
      expect(s(printStatement(parseStatement(sql))), sql).toEqual(s(sql));
    }
  });
});
