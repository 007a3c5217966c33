/**
 * TABLESAMPLE as Spark plans it (AstBuilder.withSample): `n ROWS` is a LIMIT, `x PERCENT` and
 * `BUCKET x OUT OF y` a Bernoulli sample (DuckDB's USING SAMPLE), REPEATABLE fixes the rows drawn, and the
 * forms Spark refuses fail with its errors. Rows are random, so the tests bound counts and check subsets.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import { parseStatement } from '../../sql/index.js';
import type { Value } from '../../types/value.js';
import type { SqlSession } from '../session/sql-session.js';
import { compileQuery } from './run-query.js';

let lake: LakeSession;
let sql: SqlSession;
let warehouse: string;

beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-tablesample-'));
  lake = await LakeSession.builder().config('spark.sql.warehouse.dir', warehouse).getOrCreate();
  sql = lake.sqlSession;
  await sql.execute('CREATE TABLE s USING DELTA AS SELECT id FROM range(1000)');
});

afterAll(async () => {
  lake.stop();
  await rm(warehouse, { recursive: true, force: true });
});

async function ids(text: string): Promise<bigint[]> {
  const r = (await sql.execute(text)).at(-1)!;
  if (r.kind !== 'rows') throw new Error('expected rows');
  return r.rows.map((row: Value[]) => row[0] as bigint);
}

async function generatedSql(text: string): Promise<string> {
  const stmt = parseStatement(text);
  if (stmt.kind !== 'queryStatement') throw new Error('expected a query');
  const compiled = await compileQuery(sql.engine, await sql.analyze(stmt.query), sql.semantics);
  await compiled.release();
  return compiled.sql;
}

const distinctTableIds = (xs: bigint[]) =>
  new Set(xs).size === xs.length && xs.every((x) => x >= 0n && x < 1000n);

describe('TABLESAMPLE (n ROWS)', () => {
  it('is a LIMIT: exactly n rows of the table, or all of them when it has fewer', async () => {
    const five = await ids('SELECT id FROM s TABLESAMPLE (5 ROWS)');
    expect(five).toHaveLength(5);
    expect(distinctTableIds(five)).toBe(true);
    expect(await ids('SELECT id FROM s TABLESAMPLE (0 ROWS)')).toEqual([]);
    expect(await ids('SELECT x.id FROM s TABLESAMPLE (5 ROWS) AS x')).toHaveLength(5);
    expect(await ids('SELECT id FROM s TABLESAMPLE (5000 ROWS)')).toHaveLength(1000);
    expect(await generatedSql('SELECT id FROM s TABLESAMPLE (5 ROWS)')).toContain(
      ' LIMIT CAST(5 AS INTEGER)',
    );
  });

  it('a negative count is refused as LIMIT refuses it', async () => {
    await expect(sql.execute('SELECT id FROM s TABLESAMPLE (-1 ROWS)')).rejects.toMatchObject({
      errorClass: 'INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE',
    });
  });
});

describe('TABLESAMPLE (x PERCENT) and (BUCKET x OUT OF y)', () => {
  it('keeps about x% of the rows, the same rows again with REPEATABLE', async () => {
    const text = 'SELECT id FROM s TABLESAMPLE (10 PERCENT) REPEATABLE (7) ORDER BY id';
    const first = await ids(text);
    expect(first.length).toBeGreaterThan(40);
    expect(first.length).toBeLessThan(160);
    expect(distinctTableIds(first)).toBe(true);
    expect(await ids(text)).toEqual(first);
    expect(await generatedSql(text)).toContain('USING SAMPLE 10 PERCENT (bernoulli, 7)');
  });

  it('0 PERCENT keeps nothing and 100 PERCENT everything; decimals are accepted', async () => {
    expect(await ids('SELECT id FROM s TABLESAMPLE (0 PERCENT)')).toEqual([]);
    expect(await ids('SELECT id FROM s TABLESAMPLE (100 PERCENT)')).toHaveLength(1000);
    expect(await ids('SELECT id FROM s TABLESAMPLE (100.0 PERCENT) t')).toHaveLength(1000);
    const half = await ids('SELECT id FROM s TABLESAMPLE (50.5 PERCENT)');
    expect(half.length).toBeGreaterThan(380);
    expect(half.length).toBeLessThan(630);
  });

  it('BUCKET x OUT OF y keeps about x/y of the rows', async () => {
    const text = 'SELECT id FROM s TABLESAMPLE (BUCKET 1 OUT OF 4) REPEATABLE (3)';
    const quarter = await ids(text);
    expect(quarter.length).toBeGreaterThan(150);
    expect(quarter.length).toBeLessThan(350);
    expect(await ids(text)).toEqual(quarter);
    expect(await ids('SELECT id FROM s TABLESAMPLE (BUCKET 4 OUT OF 4)')).toHaveLength(1000);
    expect(await generatedSql(text)).toContain('USING SAMPLE 25 PERCENT (bernoulli, 3)');
  });

  it('samples a subquery, after its WHERE', async () => {
    const rows = await ids(
      'SELECT x.id FROM (SELECT id FROM s WHERE id < 100) TABLESAMPLE (50 PERCENT) REPEATABLE (1) AS x',
    );
    expect(rows.length).toBeGreaterThan(15);
    expect(rows.length).toBeLessThan(85);
    expect(rows.every((x) => x < 100n)).toBe(true);
  });

  it('a seed beyond 32 bits still draws the same rows every time', async () => {
    const text = 'SELECT id FROM s TABLESAMPLE (30 PERCENT) REPEATABLE (9223372036854775807) ORDER BY id';
    expect(await ids(text)).toEqual(await ids(text));
  });
});

describe('the forms Spark refuses', () => {
  const refused = (text: string, errorClass: string, messageParameters: Record<string, string>) =>
    expect(sql.execute(text), text).rejects.toMatchObject({ errorClass, messageParameters });

  it('a fraction outside [0, 1]', async () => {
    await refused('SELECT * FROM s TABLESAMPLE (101 PERCENT)', '_LEGACY_ERROR_TEMP_0064', {
      msg: 'Sampling fraction (1.01) must be on interval [0, 1]',
    });
    await refused('SELECT * FROM s TABLESAMPLE (-1 PERCENT)', '_LEGACY_ERROR_TEMP_0064', {
      msg: 'Sampling fraction (-0.01) must be on interval [0, 1]',
    });
    await refused('SELECT * FROM s TABLESAMPLE (BUCKET 8 OUT OF 4)', '_LEGACY_ERROR_TEMP_0064', {
      msg: 'Sampling fraction (2.0) must be on interval [0, 1]',
    });
  });

  it('empty input, BUCKET … ON, and byte lengths', async () => {
    await refused('SELECT * FROM s TABLESAMPLE ()', '_LEGACY_ERROR_TEMP_0014', {});
    await refused('SELECT * FROM s TABLESAMPLE (BUCKET 1 OUT OF 4 ON id)', '_LEGACY_ERROR_TEMP_0015', {
      msg: 'BUCKET x OUT OF y ON colname',
    });
    await refused('SELECT * FROM s TABLESAMPLE (BUCKET 1 OUT OF 4 ON rand())', '_LEGACY_ERROR_TEMP_0015', {
      msg: 'BUCKET x OUT OF y ON function',
    });
    await refused('SELECT * FROM s TABLESAMPLE (100M)', '_LEGACY_ERROR_TEMP_0015', {
      msg: 'byteLengthLiteral',
    });
    await refused('SELECT * FROM s TABLESAMPLE (5)', '_LEGACY_ERROR_TEMP_0016', { bytesStr: '5' });
  });
});
