import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { parseStatement, parseStatements, printStatement, splitStatements } from './index.js';
import { SEED_SQL } from './testing/seed-sql.js';
import { goldenQueries } from './testing/spark-golden.js';
import { stripSpans } from './testing/strip-spans.js';

const s = (sql: string) => stripSpans(parseStatement(sql)) as Record<string, unknown>;

const ROUND_TRIP = [
  'WITH RECURSIVE r(n) AS (SELECT 1) SELECT /*+ BROADCAST(t) */ DISTINCT a, t.* EXCEPT (b), * FROM t AS x(a, b) LEFT SEMI JOIN u USING (a) CROSS JOIN v NATURAL FULL OUTER JOIN w ON x.a = w.a WHERE a > 1 GROUP BY ROLLUP(a, (b, c)), CUBE(d) HAVING count(*) > 1 WINDOW w AS (PARTITION BY a) QUALIFY row_number() OVER w = 1 ORDER BY a DESC LIMIT 10 OFFSET 5',
  "SELECT * FROM t VERSION AS OF 3, u TIMESTAMP AS OF '2024-01-01', delta.`/p/q` TABLESAMPLE (10 PERCENT) s",
  'SELECT * FROM t TABLESAMPLE (0.5 PERCENT), u TABLESAMPLE (BUCKET 1 OUT OF 4) REPEATABLE (7) x, (SELECT 1) TABLESAMPLE (3 ROWS) y',
  'SELECT * FROM range(10) r, LATERAL (SELECT r.id) l, VALUES (1, 2), (3, 4) AS v(a, b) LATERAL VIEW OUTER explode(arr) e AS x',
  'SELECT a FROM t UNION ALL SELECT b FROM u INTERSECT SELECT c FROM v EXCEPT SELECT d FROM w',
  'SELECT * FROM t PIVOT (sum(x) AS s FOR y IN (1 AS one, 2))',
  'SELECT * FROM t UNPIVOT INCLUDE NULLS (v FOR n IN (a AS x, b))',
  'SELECT a FROM t GROUP BY a, b GROUPING SETS ((a), (a, b), ())',
  'DESCRIBE TABLE EXTENDED t AS JSON',
  'CREATE TABLE t (a INT, b STRING) USING parquet CLUSTERED BY (a) SORTED BY (b) INTO 4 BUCKETS',
  "CREATE OR REPLACE TABLE db.t (id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 1 INCREMENT BY 2) NOT NULL, d DATE GENERATED ALWAYS AS (CAST(ts AS DATE)), s STRING DEFAULT 'x' COMMENT 'c', CONSTRAINT ok CHECK (id > 0)) USING DELTA PARTITIONED BY (d) CLUSTER BY (s) LOCATION '/x' COMMENT 't' TBLPROPERTIES ('delta.appendOnly' = 'true')",
  'CREATE TABLE t2 SHALLOW CLONE t VERSION AS OF 2',
  "CREATE OR REPLACE GLOBAL TEMPORARY VIEW v (a COMMENT 'x', b) AS SELECT 1, 2",
  'ALTER TABLE t ALTER COLUMN c TYPE BIGINT',
  'ALTER TABLE t ADD COLUMNS (x INT AFTER y, z STRING FIRST)',
  'ALTER TABLE t DROP COLUMNS IF EXISTS (a, b.c)',
  "ALTER TABLE t UNSET TBLPROPERTIES IF EXISTS ('k')",
  'ALTER TABLE t ADD CONSTRAINT c CHECK (a > 0)',
  'ALTER TABLE t RENAME TO u',
  'DROP TABLE IF EXISTS t',
  "CREATE DATABASE IF NOT EXISTS d COMMENT 'c' LOCATION '/l'",
  'DROP SCHEMA IF EXISTS d CASCADE',
  'INSERT WITH SCHEMA EVOLUTION INTO TABLE t PARTITION (p = 1, q) (a, b) VALUES (1, DEFAULT), (2, 3)',
  "INSERT INTO t REPLACE WHERE d >= '2024' SELECT * FROM s",
  'INSERT INTO t REPLACE USING (d) SELECT * FROM s',
  'INSERT OVERWRITE t BY NAME SELECT * FROM s',
  'UPDATE t AS x SET a = a + 1, b.c = 2 WHERE d',
  'DELETE FROM t x WHERE a IS NULL',
  'MERGE WITH SCHEMA EVOLUTION INTO t AS tg USING (SELECT * FROM s) AS src ON tg.id = src.id WHEN MATCHED AND src.del THEN DELETE WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED BY TARGET THEN INSERT (id, v) VALUES (src.id, src.v) WHEN NOT MATCHED BY SOURCE AND tg.v > 0 THEN UPDATE SET v = 0',
  "RESTORE TABLE t TO TIMESTAMP AS OF '2024-01-01'",
  'RESTORE t VERSION AS OF 3',
  'RESTORE t TIMESTAMP AS OF current_timestamp() - INTERVAL 1 DAY',
  "CREATE OR REPLACE GLOBAL TEMPORARY VIEW v (a INT, `b c` STRING) USING csv OPTIONS (path '/p', header 'true')",
  'CREATE TEMP VIEW v USING parquet',
  'ALTER TABLE t ADD COLUMNS (s.`x y` INT FIRST, arr.element.z STRING)',
  'OPTIMIZE t WHERE d > 1 ZORDER BY (a, b)',
  'OPTIMIZE t FULL',
  'VACUUM delta.`/p` RETAIN 168 HOURS DRY RUN',
  'FSCK REPAIR TABLE db.t DRY RUN',
  'FSCK REPAIR TABLE delta.`/p`',
  "REORG TABLE t WHERE d >= '2024' APPLY (PURGE)",
  'REORG TABLE delta.`/p` APPLY (PURGE)',
  'CONVERT TO DELTA parquet.`/p` PARTITIONED BY (d DATE)',
  "COPY INTO t FROM '/in' FILEFORMAT = CSV PATTERN = '*.csv' FORMAT_OPTIONS ('header' = 'true') COPY_OPTIONS ('mergeSchema' = 'true')",
  'DESCRIBE TABLE EXTENDED t c',
  'DESCRIBE HISTORY t LIMIT 5',
  "SHOW TABLES IN db LIKE 'a*'",
  "SHOW TBLPROPERTIES t ('k')",
  'EXPLAIN EXTENDED SELECT 1',
  'EXPLAIN SELECT a FROM t WHERE b > 1',
  'EXPLAIN FORMATTED SELECT count(*) FROM t GROUP BY a',
  'EXPLAIN COST SELECT 1',
  'EXPLAIN CODEGEN SELECT 1',
  'EXPLAIN DELETE FROM t WHERE a = 1',
  'EXPLAIN EXTENDED UPDATE t SET a = 2 WHERE b',
  'EXPLAIN MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE',
  'EXPLAIN INSERT INTO t SELECT * FROM s',
  'ANALYZE TABLE t COMPUTE STATISTICS NOSCAN',
  'CACHE LAZY TABLE c AS SELECT 1',
  'MSCK REPAIR TABLE t SYNC PARTITIONS',
  'SET spark.sql.ansi.enabled = false',
  'RESET',
  'USE DATABASE d',
  'TABLE t',
  'FROM t SELECT a WHERE b',
];

describe('statements', () => {
  it('parse into exact ASTs', () => {
    expect(s('SET spark.sql.ansi.enabled = false')).toEqual({
      kind: 'set',
      key: 'spark.sql.ansi.enabled',
      value: 'false',
      verbose: false,
    });
    expect(s('SET -v')).toMatchObject({ verbose: true, key: null });
    expect(s('DELETE FROM db.t AS x WHERE a = 1')).toEqual({
      kind: 'delete',
      table: { kind: 'objectName', parts: ['db', 't'] },
      alias: 'x',
      where: {
        kind: 'binary',
        op: '=',
        left: { kind: 'column', nameParts: ['a'] },
        right: { kind: 'literal', value: { type: 'int', value: 1n } },
      },
    });
    expect(s('VACUUM t RETAIN 0 HOURS DRY RUN')).toEqual({
      kind: 'vacuum',
      table: { kind: 'objectName', parts: ['t'] },
      retainHours: 0,
      dryRun: true,
      mode: null,
    });
    expect(s('FSCK REPAIR TABLE t DRY RUN')).toEqual({
      kind: 'fsckRepair',
      table: { kind: 'objectName', parts: ['t'] },
      dryRun: true,
    });
    expect(s('fsck repair table t')).toMatchObject({ kind: 'fsckRepair', dryRun: false });
    expect(() => s('FSCK REPAIR TABLE t METADATA ONLY')).toThrow(/UNSUPPORTED_FEATURE/);
    expect(s('SELECT * FROM t@v3')).toMatchObject({
      query: {
        body: {
          from: [{ timeTravel: { kind: 'version', version: { value: { type: 'bigint', value: 3n } } } }],
        },
      },
    });
    expect(s('SELECT * FROM t@20240101000000000')).toMatchObject({
      query: {
        body: {
          from: [
            { timeTravel: { kind: 'timestamp', timestamp: { value: { value: '2024-01-01 00:00:00.000' } } } },
          ],
        },
      },
    });
    expect(s('FROM src INSERT INTO a SELECT x INSERT INTO b SELECT y')).toMatchObject({
      kind: 'multiInsert',
      inserts: [{ table: { parts: ['a'] } }, { table: { parts: ['b'] } }],
    });
    expect(s('WITH c AS (SELECT 1) INSERT INTO t SELECT * FROM c')).toMatchObject({
      kind: 'insert',
      query: { with: { ctes: [{ name: 'c' }] } },
    });
    expect(s('EXPLAIN FORMATTED DELETE FROM t')).toMatchObject({
      kind: 'explain',
      mode: 'FORMATTED',
      statement: { kind: 'delete', table: { parts: ['t'] } },
    });
    expect(s('EXPLAIN SELECT 1')).toMatchObject({ kind: 'explain', mode: 'SIMPLE' });
    expect(() => parseStatement('EXPLAIN LOGICAL SELECT 1')).toThrow(
      expect.objectContaining({ errorClass: 'UNSUPPORTED_FEATURE', sqlState: '0A000' }),
    );
    expect(s("DESCRIBE DETAIL '/p'")).toMatchObject({
      kind: 'describeDetail',
      name: { parts: ['delta', '/p'] },
    });
  });
  it('print back to SQL that parses to the same AST', () => {
    for (const sql of ROUND_TRIP) expect(s(printStatement(parseStatement(sql))), sql).toEqual(s(sql));
  });
  it('split scripts on ; outside strings and comments', () => {
    expect(splitStatements("SELECT ';' -- ;\n; ; SELECT 2;")).toEqual(["SELECT ';'", 'SELECT 2']);
    expect(parseStatements('SELECT 1; /* ; */ SELECT 2').map((x) => x.kind)).toEqual([
      'queryStatement',
      'queryStatement',
    ]);
    expect(() => parseStatement('')).toThrow(
      expect.objectContaining({ errorClass: 'PARSE_EMPTY_STATEMENT' }),
    );
  });
  it('parse every seed SQL block', () => {
    for (const sql of SEED_SQL) expect(() => parseStatements(sql), sql).not.toThrow();
  });
  it("agree with Spark's parser on every golden query (parse, or throw Spark's class)", () => {
    const mismatches: string[] = [];
    const queries = goldenQueries();
    for (const q of queries) {
      let err: unknown = null;
      try {
        parseStatement(q.sql);
      } catch (e) {
        err = e;
      }
      if (err !== null && !(err instanceof LakesqlError)) throw err;
      const ok = err === null ? q.parseError === null : err.errorClass === (q.parseError ?? q.errorClass);
      if (!ok) mismatches.push(`${q.file}: ${q.sql}`);
    }
    expect(queries.length).toBeGreaterThan(3000);
    expect(mismatches).toEqual([]);
  });
  it('parses a 10,000-row INSERT … VALUES fast', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `(${i}, 'name ${i}', ${i}.5, DATE '2024-01-01')`);
    const sql = `INSERT INTO t VALUES ${rows.join(', ')}`;
    const t0 = performance.now();
    const st = parseStatement(sql);
    const ms = performance.now() - t0;
    console.log(`10,000-row INSERT parsed in ${ms.toFixed(1)} ms`);
    expect(st.kind === 'insert' && st.query.body.kind === 'values' ? st.query.body.rows.length : 0).toBe(
      10_000,
    );
  });
  it('throws only LakesqlErrors, whatever the input', () => {
    const words = [
      'SELECT',
      'FROM',
      'WHERE',
      '(',
      ')',
      ',',
      'a',
      '1',
      "'s'",
      '*',
      'JOIN',
      'ON',
      'AS',
      'CASE',
      'WHEN',
      'END',
      'INSERT',
      'INTO',
      'VALUES',
      'MERGE',
      'CREATE',
      'TABLE',
      '<',
      '>',
      'ARRAY',
      '::',
      '->',
      '.',
      ';',
      '/*+',
      '*/',
      'OVER',
      'INTERVAL',
      'DATE',
      '-',
      'NOT',
      'IN',
      '`q`',
      '1e999',
      '99999999999Y',
    ];
    const check = (sql: string) => {
      try {
        parseStatements(sql);
      } catch (e) {
        if (!(e instanceof LakesqlError)) throw e;
      }
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 30 }), (ws) => check(ws.join(' '))),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 60 }), check), { numRuns: 2000 });
  });
});
