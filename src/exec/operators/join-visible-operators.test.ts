/**
 * Operator SQL that DuckDB's optimizer must see through. AND/OR operands are written bare, with no
 * `::BOOLEAN` around them: DuckDB pulls a conjunct common to every branch of an OR out as a join key (TPC-H
 * q19's `p_partkey = l_partkey`) only from plain conjunctions, and ran q19 as a block-wise nested loop over
 * the whole cross product when each conjunct was cast. DATE ± INTERVAL DAY is a DATE (Spark's DateAdd, since
 * SPARK-35852), so a filter like q01's `l_shipdate <= date '1998-12-01' - interval '90' day` compares dates,
 * folded by DuckDB to a constant it can push into the scan, instead of casting every row to TIMESTAMPTZ.
 */
import { describe, expect, it } from 'vitest';
import { resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import { parseDataTypeString } from '../../plan/types/parse-data-type.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';
import { compileBinaryOperator } from './compile-binary-operator.js';

const ANSI = { ansi: true, timeZone: 'UTC' };
const fx = useSqlSession('lakesql-join-visible-');

describe('operators DuckDB optimizes through', () => {
  it('writes AND and OR over bare operands', () => {
    const bool = parseDataTypeString('boolean');
    const and = resolveBinaryOperator('and', bool, bool, ANSI);
    expect(compileBinaryOperator('and', '("a" = "b")', '"c"', and, ANSI)).toBe('(("a" = "b") AND "c")');
    expect(
      compileBinaryOperator(
        'or',
        'NOT "a"',
        '"c" IS NULL',
        resolveBinaryOperator('or', bool, bool, ANSI),
        ANSI,
      ),
    ).toBe('((NOT "a") OR ("c" IS NULL))');
  });

  it('joins on the key common to every branch of an OR with a hash join', async () => {
    await fx.rows(`CREATE TABLE l (k INT, q INT) USING DELTA; CREATE TABLE p (k INT, b STRING) USING DELTA;
      INSERT INTO l VALUES (1, 5), (2, 15), (3, 25); INSERT INTO p VALUES (1, 'x'), (2, 'y'), (3, 'z')`);
    const query = `SELECT l.k FROM l, p WHERE (p.k = l.k AND p.b = 'x' AND l.q < 10) OR (p.k = l.k AND p.b = 'y' AND l.q > 10)`;
    const text = String((await fx.rows(`EXPLAIN FORMATTED ${query}`))[0]![0]);
    const plan = text.slice(text.indexOf('== DuckDB Plan =='));
    expect(plan).toContain('HASH_JOIN');
    expect(plan).not.toMatch(/BLOCKWISE_NL_JOIN|NESTED_LOOP_JOIN|CROSS_PRODUCT/);
    expect(await fx.rows(`${query} ORDER BY 1`)).toEqual([[1], [2]]);
  });

  it('types DATE ± INTERVAL DAY as a DATE, and any finer interval as a TIMESTAMP', async () => {
    expect(
      await fx.rows(
        `SELECT typeof(date '1998-12-01' - interval '90' day), CAST(date '1998-12-01' - interval '90' day AS STRING),
           typeof(interval '2' day + date '2020-02-28'), CAST(interval '2' day + date '2020-02-28' AS STRING),
           CAST(date '2020-03-01' + interval '-1' day AS STRING), typeof(date '2020-01-01' + interval '1' hour),
           typeof(date '2020-01-01' + interval '1 2' day to hour)`,
      ),
    ).toEqual([['date', '1998-09-02', 'date', '2020-03-01', '2020-02-29', 'timestamp', 'timestamp']]);
  });

  it('compares a DATE column with DATE ± INTERVAL DAY as dates', async () => {
    await fx.rows(
      `CREATE TABLE d (s DATE) USING DELTA; INSERT INTO d VALUES (DATE '1998-09-02'), (DATE '1998-09-03')`,
    );
    const query = `SELECT CAST(s AS STRING) FROM d WHERE s <= date '1998-12-01' - interval '90' day`;
    const text = String((await fx.rows(`EXPLAIN FORMATTED ${query}`))[0]![0]);
    const sql = text.slice(text.indexOf('== DuckDB SQL =='), text.indexOf('== DuckDB Plan =='));
    expect(sql).not.toContain('TIMESTAMPTZ');
    expect(await fx.rows(query)).toEqual([['1998-09-02']]);
  });
});
