/**
 * DESCRIBE HISTORY lists every commit still in the log, also when the snapshot was loaded from a checkpoint
 * (which lists the log only from there): the older commits are read for the history.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DuckDBParquetHandler } from '../../engine/parquet-handler.js';
import { SqlSession } from '../session/sql-session.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-describe-history-');

async function rowsOf(session: SqlSession, sql: string): Promise<unknown[][]> {
  const [result] = await session.execute(sql);
  return result?.kind === 'rows' ? result.rows.map((r) => [...r]) : [];
}

describe('DESCRIBE HISTORY after a checkpoint', () => {
  it('shows every version, with the operations and monotonic timestamps, in a cold session', async () => {
    await fx.session.execute("CREATE TABLE h (id INT) TBLPROPERTIES ('delta.checkpointInterval' = '3')");
    for (let i = 1; i <= 7; i++) await fx.session.execute(`INSERT INTO h VALUES (${i})`);
    const cold = new SqlSession(fx.engine, new DuckDBParquetHandler(fx.engine), path.join(fx.dir, 'wh'));
    const rows = await rowsOf(cold, 'DESCRIBE HISTORY h');
    expect(rows.map((r) => [r[0], r[4]])).toEqual([
      ...[7n, 6n, 5n, 4n, 3n, 2n, 1n].map((v) => [v, 'WRITE']),
      [0n, 'CREATE TABLE'],
    ]);
    const stamps = rows.map((r) => r[1] as bigint).reverse();
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! > stamps[i - 1]!).toBe(true);
    expect((await rowsOf(cold, 'DESCRIBE HISTORY h LIMIT 2')).map((r) => r[0])).toEqual([7n, 6n]);
    expect(await rowsOf(cold, 'SELECT id FROM h VERSION AS OF 1')).toEqual([[1]]);
  });
});
