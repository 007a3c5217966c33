/** current_database & co: folded at analysis to the session's values, named as Spark 4 names them. */
import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-session-info-');
const osUser = process.env.SPARK_USER ?? process.env.USER ?? process.env.USERNAME ?? userInfo().username;

describe('session information functions', () => {
  it('answer the current database, catalog, user and version', async () => {
    const out = await query(
      fx,
      'SELECT current_database(), current_schema(), current_catalog(), current_user(), user(), session_user(), version()',
    );
    expect(out.names).toEqual([
      'current_schema()',
      'current_schema()',
      'current_catalog()',
      'current_user()',
      'user()',
      'session_user()',
      'version()',
    ]);
    expect(out.types).toEqual(['string', 'string', 'string', 'string', 'string', 'string', 'string']);
    expect(out.rows).toEqual([
      ['default', 'default', 'spark_catalog', osUser, osUser, osUser, '4.0.0 lakesql'],
    ]);
  });
  it('follow USE', async () => {
    await fx.session.execute('CREATE DATABASE info_db');
    await fx.session.execute('USE info_db');
    try {
      expect((await query(fx, 'SELECT current_database()')).rows).toEqual([['info_db']]);
    } finally {
      await fx.session.execute('USE default');
    }
  });
  it('take current_user, user, session_user and current_date without parentheses, unless a column has the name', async () => {
    const out = await query(fx, 'SELECT current_user, user, session_user, current_date IS NOT NULL');
    expect(out.names).toEqual([
      'current_user()',
      'current_user()',
      'current_user()',
      '(current_date() IS NOT NULL)',
    ]);
    expect(out.rows).toEqual([[osUser, osUser, osUser, true]]);
    const col = await query(fx, 'SELECT user FROM VALUES (1) AS t(user)');
    expect(col).toMatchObject({ names: ['user'], rows: [[1]] });
  });
  it('refuse arguments', async () => {
    await expect(fx.session.execute('SELECT current_user(1)')).rejects.toMatchObject({
      errorClass: 'WRONG_NUM_ARGS.WITHOUT_SUGGESTION',
    });
  });
});
