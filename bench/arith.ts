/**
 * `arith`: integral arithmetic over range(5M) in Spark SQL through lakesql (parse, analyze, compile to DuckDB
 * SQL with Spark's ANSI semantics, run, collect) against the same arithmetic in DuckDB's own SQL. The ratio
 * is the price of Spark's semantics in the generated SQL (issue 10's target: within 1.3x).
 */
import type { BenchContext } from './context.js';
import { scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

const ROWS = 5_000_000;

export function arithCases(ctx: BenchContext): BenchCase[] {
  const n = scaled(ctx, ROWS);
  return [
    arithCase(
      ctx,
      'max(id % 100), max(id + 1)',
      `SELECT max(id % 100) AS a, max(id + 1) AS b FROM range(${n})`,
      `SELECT max(id % 100) AS a, max(id + 1) AS b FROM range(${n}) AS t(id)`,
    ),
    arithCase(
      ctx,
      'id % 100, sum(id * 2 + 1), max(id + 7) GROUP BY 1',
      `SELECT id % 100 AS k, sum(id * 2 + 1) AS s, max(id + 7) AS m FROM range(${n}) GROUP BY 1`,
      `SELECT id % 100 AS k, sum(id * 2 + 1) AS s, max(id + 7) AS m FROM range(${n}) AS t(id) GROUP BY 1`,
    ),
  ];
}

function arithCase(ctx: BenchContext, name: string, sparkSql: string, duckdbSql: string): BenchCase {
  let expected: string | undefined;
  /** Rows as sorted text (GROUP BY gives no order), so that both sides' answers can be compared. */
  const text = (rows: readonly Record<string, unknown>[]) =>
    rows
      .map((r) => [r.a ?? r.k, r.b ?? r.s, r.m].map(String).join(','))
      .sort()
      .join(';');
  const agree = (got: string, side: string) => {
    expected ??= got;
    check(got === expected, `${side} gave ${got.slice(0, 200)}, the other side ${expected.slice(0, 200)}`);
  };
  return {
    benchmark: 'arith',
    name: `${name}, ${scaled(ctx, ROWS)} rows`,
    lakesqlDoes: 'Spark SQL (ANSI) through LakeSession.sql(…).collect()',
    baselineDoes: 'the same query in DuckDB SQL',
    lakesql: async () => {
      const frame = await ctx.session.sql(sparkSql);
      agree(text((await frame.collect()) as Record<string, unknown>[]), 'lakesql');
    },
    baseline: async () => {
      agree(text(await ctx.session.engine.all(duckdbSql)), 'DuckDB');
    },
  };
}
