import { describe, expect, it } from 'vitest';
import { SPARK_SQL_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { runFile } from '../../conformance/spark-sql/run-suite.js';
import { sparkSqlRunner } from '../../conformance/spark-sql/sql-session.js';

const DIR = SPARK_SQL_CONFORMANCE_DIR;

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
