/**
 * Spark's golden files for the function library, run through the conformance runner on a real session: the
 * pass counts may only rise (raise the floors as functions are fixed).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFile } from '../../conformance/spark-sql/run-suite.js';
import { sparkSqlRunner } from '../../conformance/spark-sql/sql-session.js';

const DIR = path.resolve('../shared/conformance/spark-sql-tests');

const FLOORS: Readonly<Record<string, number>> = {
  'string-functions.sql': 183,
  'array.sql': 68,
};

describe('golden function suites', () => {
  it.each(Object.entries(FLOORS))(
    '%s passes at least %i blocks',
    async (file, floor) => {
      const r = await runFile(DIR, file, sparkSqlRunner);
      const passed = r.blocks.filter((b) => b.outcome.kind === 'pass').length;
      expect(passed).toBeGreaterThanOrEqual(floor);
    },
    60_000,
  );
});
