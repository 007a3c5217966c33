import { describe, expect, it } from 'vitest';
import { statementTimeoutMs } from './statement-timeout.js';
import { errorOf, useSqlSession } from './testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-timeout-');

// Far more rows than finish in a second on any machine, but nothing held in memory while they stream.
const LONG_QUERY = 'SELECT sum(id % 7) FROM range(100000000000)';

describe('lakesql.statement.timeout', () => {
  it('reads seconds; 0, negative and unset mean no limit', () => {
    expect(statementTimeoutMs('2')).toBe(2000);
    expect(statementTimeoutMs(' 1 ')).toBe(1000);
    expect(statementTimeoutMs('0')).toBeUndefined();
    expect(statementTimeoutMs('-5')).toBeUndefined();
    expect(statementTimeoutMs(undefined)).toBeUndefined();
  });

  it('cancels a query past the limit with STATEMENT_TIMEOUT, and the session runs the next statement', async () => {
    await fx.session.execute('SET lakesql.statement.timeout = 1');
    const e = await errorOf(fx.session.execute(LONG_QUERY));
    expect(e.errorClass).toBe('STATEMENT_TIMEOUT');
    expect(e.sqlState).toBe('HY008');
    expect(e.messageParameters).toEqual({ timeoutSeconds: '1' });
    expect(await fx.rows('SELECT 1 + 1')).toEqual([[2]]);
    await fx.session.execute('RESET lakesql.statement.timeout');
  });

  it('a CTAS canceled by the limit commits nothing: the table does not exist and CREATE works again', async () => {
    await fx.session.execute('SET lakesql.statement.timeout = 1');
    const e = await errorOf(
      fx.session.execute(`CREATE TABLE slow AS SELECT id % 7 AS k FROM range(100000000000)`),
    );
    expect(e.errorClass).toBe('STATEMENT_TIMEOUT');
    await fx.session.execute('SET lakesql.statement.timeout = 0');
    expect((await errorOf(fx.session.execute('SELECT * FROM slow'))).errorClass).toBe(
      'TABLE_OR_VIEW_NOT_FOUND',
    );
    await fx.session.execute('CREATE TABLE slow AS SELECT id FROM range(3)');
    expect(await fx.rows('SELECT id FROM slow ORDER BY id')).toEqual([[0n], [1n], [2n]]);
  });

  it('refuses a value that is not a whole number of seconds', async () => {
    const e = await errorOf(fx.session.execute('SET lakesql.statement.timeout = soon'));
    expect(e.errorClass).toBe('INVALID_CONF_VALUE.REQUIREMENT');
  });
});
