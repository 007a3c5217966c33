/**
 * spark.driver.maxResultSize bounds the rows a query brings into the process (engine/result-size.ts),
 * checked chunk by chunk before the next one is materialized.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { useSqlSession } from './testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-result-size-');

describe('spark.driver.maxResultSize', () => {
  it('a result past the limit fails with RESULT_SIZE_LIMIT_EXCEEDED; 0 lifts the limit; the default is 1g', async () => {
    const sql = "SELECT repeat('x', 1000) AS s FROM range(0, 5000)";
    expect((await fixture.rows(sql)).length).toBe(5000);
    await fixture.session.execute('SET spark.driver.maxResultSize = 1m');
    const e = await fixture.session.execute(sql).catch((x) => x);
    expect(isLakesqlError(e, 'RESULT_SIZE_LIMIT_EXCEEDED')).toBe(true);
    expect(e.sqlState).toBe('54000');
    expect(e.messageParameters.maxResultSize).toBe('1.0 MiB');
    // A result under the limit, and aggregates of the big one, still run.
    expect(await fixture.rows("SELECT count(*), max(length(repeat('x', 1000))) FROM range(0, 5000)")).toEqual(
      [[5000n, 1000]],
    );
    await fixture.session.execute('SET spark.driver.maxResultSize = 0');
    expect((await fixture.rows(sql)).length).toBe(5000);
    await fixture.session.execute('RESET spark.driver.maxResultSize');
  });

  it('a value that is not a size is refused when set', async () => {
    const e = await fixture.session.execute('SET spark.driver.maxResultSize = lots').catch((x) => x);
    expect(isLakesqlError(e)).toBe(true);
  });
});
