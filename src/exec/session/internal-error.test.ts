/**
 * What a user sees when DuckDB fails on SQL lakesql generated (a lakesql bug, never DuckDB's bare text):
 * Spark's INTERNAL_ERROR (XX000) naming DuckDB's reason, the user's statement and the generated SQL.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from './testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-internal-error-');

describe('INTERNAL_ERROR from a DuckDB failure', () => {
  it('names the statement of the script that failed, ahead of the generated SQL', async () => {
    // DuckDB cannot plan an outer column under an outer join inside a subquery (a gap lakesql's compiler has
    // yet to close); any statement DuckDB refuses would do.
    const failing =
      'SELECT a.x FROM VALUES (1) AS a(x) WHERE a.x IN (SELECT c FROM VALUES (1) AS t(c) LEFT JOIN VALUES (1) AS u(d) ON c = d AND d = a.x)';
    const e = await errorOf(fixture.session.execute(`SELECT 1;\n  ${failing} ;\nSELECT 2`));
    expect(e.errorClass).toBe('INTERNAL_ERROR');
    expect(e.sqlState).toBe('XX000');
    const message = String(e.messageParameters.message);
    expect(message).toMatch(
      /^DuckDB failed on the SQL lakesql generated for this statement \(Not implemented Error: Non-inner join on correlated columns not supported\)\. You hit a bug in lakesql: please report it with the statement\.\n== Statement ==\n/,
    );
    const [, afterStatement = ''] = message.split('\n== Statement ==\n');
    const [statement, generated = ''] = afterStatement.split('\n== Generated SQL ==\n');
    expect(statement).toBe(failing);
    expect(generated).toMatch(/^SELECT .* LEFT OUTER JOIN /);
    expect(e.message).toMatch(/^\[INTERNAL_ERROR\] DuckDB failed .* SQLSTATE: XX000$/s);
  });

  it('leaves every other error as it is', async () => {
    const e = await errorOf(fixture.session.execute('SELECT 1/0'));
    expect(e.errorClass).toBe('DIVIDE_BY_ZERO');
    expect(e.messageParameters).toEqual({ config: '"spark.sql.ansi.enabled"' });
  });
});

describe('a file that is not what it is read as', () => {
  it.each(['orc', 'parquet'])('%s: CANNOT_READ_FILE_FOOTER naming the file', async (format) => {
    const file = path.join(fixture.dir, `not-${format}.${format}`);
    await writeFile(file, `PAR1${'x'.repeat(40)}`);
    const e = await errorOf(fixture.session.execute(`SELECT * FROM ${format}.\`${file}\``));
    expect(e.errorClass).toBe('CANNOT_READ_FILE_FOOTER');
    expect(e.sqlState).toBe('KD001');
    expect(e.messageParameters).toEqual({ file: `file:${file}` });
  });
});
