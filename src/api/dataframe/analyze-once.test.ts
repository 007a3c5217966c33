/**
 * spark.sql() analyzes its query once and the DataFrame's actions reuse that plan while it is current
 * (exec/query/analyzed-query.ts); a table reference reads its catalog entry only when the file changed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { compileQuery } from '../../exec/query/run-query.js';
import { parseStatement } from '../../sql/index.js';
import { LakeSession } from '../lake-session.js';

let warehouse: string;
let spark: LakeSession;

beforeAll(async () => {
  warehouse = await mkdtemp(path.join(os.tmpdir(), 'lakesql-analyze-once-'));
  spark = await LakeSession.create({ warehouse });
  await spark.sql('CREATE TABLE t (id INT, s STRING) USING delta');
  await spark.sql("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  await spark.sql('CREATE TABLE u (id INT, v INT) USING delta');
  await spark.sql('INSERT INTO u VALUES (1, 10), (2, 20)');
});

afterAll(async () => {
  spark.stop();
  await rm(warehouse, { recursive: true, force: true });
});

describe('a query is analyzed once', () => {
  it('collect() runs the plan spark.sql() analyzed', async () => {
    const before = spark.sqlSession.analyses;
    const df = await spark.sql('SELECT t.id, u.v FROM t JOIN u ON t.id = u.id ORDER BY t.id');
    expect(spark.sqlSession.analyses).toBe(before + 1);
    expect(await df.collect()).toEqual([
      { id: 1, v: 10 },
      { id: 2, v: 20 },
    ]);
    expect(await df.collect()).toHaveLength(2);
    expect(await df.toArrow()).toHaveProperty('numRows', 2);
    expect((await df.schema()).fieldNames()).toEqual(['id', 'v']);
    expect(spark.sqlSession.analyses).toBe(before + 1);
  });

  it('reads no catalog entry file again while it is unchanged', async () => {
    const catalog = spark.sqlSession.catalog.catalog;
    await (await spark.sql('SELECT count(*) AS n FROM t JOIN u ON t.id = u.id')).collect();
    const reads = catalog.entryReads;
    const df = await spark.sql('SELECT count(*) AS n FROM t JOIN u ON t.id = u.id');
    expect(await df.collect()).toEqual([{ n: 2n }]);
    expect(catalog.entryReads).toBe(reads);
  });

  it("sees another session's change to a catalog entry of the same size", async () => {
    const catalog = spark.sqlSession.catalog.catalog;
    await spark.sql('CREATE VIEW pv AS SELECT 1 AS x');
    await new Promise((resolve) => setTimeout(resolve, 5)); // past the racy window of the new entry
    expect(await (await spark.sql('SELECT x FROM pv')).collect()).toEqual([{ x: 1 }]);
    const other = await LakeSession.create({ warehouse });
    try {
      await other.sql('CREATE OR REPLACE VIEW pv AS SELECT 2 AS x');
    } finally {
      other.stop();
    }
    const reads = catalog.entryReads;
    expect(await (await spark.sql('SELECT x FROM pv')).collect()).toEqual([{ x: 2 }]);
    expect(catalog.entryReads).toBe(reads + 1);
  });

  it('sees a commit another session made between sql() and collect()', async () => {
    const df = await spark.sql('SELECT count(*) AS n FROM t');
    const before = spark.sqlSession.analyses;
    const other = await LakeSession.create({ warehouse });
    try {
      await other.sql("INSERT INTO t VALUES (3, 'c')");
    } finally {
      other.stop();
    }
    expect(await df.collect()).toEqual([{ n: 3n }]);
    expect(spark.sqlSession.analyses).toBe(before + 1); // the stale plan was analyzed again
    await spark.sql('DELETE FROM t WHERE id = 3');
  });

  it('honours a conf change between sql() and collect()', async () => {
    const df = await spark.sql('SELECT CAST(s AS INT) AS v FROM t WHERE id = 1');
    await spark.conf.set('spark.sql.ansi.enabled', 'false');
    try {
      expect(await df.collect()).toEqual([{ v: null }]);
    } finally {
      await spark.conf.set('spark.sql.ansi.enabled', 'true');
    }
    const error = await df.collect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LakesqlError);
    expect((error as LakesqlError).errorClass).toBe('CAST_INVALID_INPUT');
  });

  it('resolves a temp view replaced between sql() and collect() as of collect()', async () => {
    await spark.sql('CREATE OR REPLACE TEMP VIEW tv AS SELECT id FROM t WHERE id = 1');
    const df = await spark.sql('SELECT id FROM tv');
    await spark.sql('CREATE OR REPLACE TEMP VIEW tv AS SELECT id FROM t WHERE id = 2');
    expect(await df.collect()).toEqual([{ id: 2 }]);
  });

  it('compiles a query whose top is a projection without an outer SELECT over it', async () => {
    const stmt = parseStatement('SELECT count(*) AS n FROM t');
    if (stmt.kind !== 'queryStatement') throw new Error('not a query');
    const plan = await spark.sqlSession.analyze(stmt.query);
    const compiled = await compileQuery(spark.engine, plan, spark.sqlSession.semantics);
    try {
      expect(compiled.sql).not.toContain('AS "result"');
      expect(compiled.sql.startsWith(`SELECT "`)).toBe(true);
      expect(compiled.columns.map((c) => c.name)).toEqual(['n']);
    } finally {
      await compiled.release();
    }
    expect(await (await spark.sql('SELECT count(*) AS n FROM t')).collect()).toEqual([{ n: 2n }]);
  });
});
