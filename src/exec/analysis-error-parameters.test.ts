/**
 * Analysis errors name the expressions they refuse as Spark's toSQLExpr does: quoted (`"(1 = array(1))"`),
 * so the message reads `Cannot resolve "(1 = array(1))" due to data type mismatch` (Spark's golden files);
 * an aggregate's FILTER condition is checked as Spark's CheckAnalysis does (INVALID_AGGREGATE_FILTER.*).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from './session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-analysis-error-parameters-');

describe('analysis error parameters', () => {
  it.each([
    [
      'SELECT 1 = array(1)',
      'DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES',
      { left: '"INT"', right: '"ARRAY<INT>"', sqlExpr: '"(1 = array(1))"' },
    ],
    [
      'SELECT CAST(1 AS STRING) / CAST(1 AS STRING)',
      'DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE',
      {
        inputType: '("DOUBLE" or "DECIMAL")',
        actualDataType: '"STRING"',
        sqlExpr: '"(CAST(1 AS STRING) / CAST(1 AS STRING))"',
      },
    ],
    [
      'SELECT CAST(1 AS BINARY)',
      'DATATYPE_MISMATCH.CAST_WITH_CONF_SUGGESTION',
      {
        sqlExpr: '"CAST(1 AS BINARY)"',
        srcType: '"INT"',
        targetType: '"BINARY"',
        config: '"spark.sql.ansi.enabled"',
        configVal: "'false'",
      },
    ],
    [
      "SELECT -DATE '1999-01-01'",
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
      {
        sqlExpr: `"(- DATE '1999-01-01')"`,
        paramIndex: 'first',
        requiredType: '("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")',
        inputSql: `"DATE '1999-01-01'"`,
        inputType: '"DATE"',
      },
    ],
    [
      'SELECT a, sum(a) OVER (PARTITION BY a RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM VALUES (1), (2) AS t(a)',
      'DATATYPE_MISMATCH.RANGE_FRAME_WITHOUT_ORDER',
      { sqlExpr: '"(PARTITION BY a RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING)"' },
    ],
    [
      'SELECT count(a) FILTER (WHERE rand(a) > 1) FROM VALUES (1) AS t(a)',
      'INVALID_AGGREGATE_FILTER.NON_DETERMINISTIC',
      { filterExpr: '"(rand(a) > 1)"' },
    ],
    [
      "SELECT sum(a) FILTER (WHERE s) FROM VALUES (1, 'x') AS t(a, s)",
      'INVALID_AGGREGATE_FILTER.NOT_BOOLEAN',
      { filterExpr: '"s"' },
    ],
    [
      'SELECT sum(a) FILTER (WHERE max(a) > 1) FROM VALUES (1) AS t(a)',
      'INVALID_AGGREGATE_FILTER.CONTAINS_AGGREGATE',
      { filterExpr: '"(max(a) > 1)"', aggExpr: '"max(a)"' },
    ],
    [
      'SELECT sum(a) FILTER (WHERE nth_value(a, 2) OVER (ORDER BY a) > 1) FROM VALUES (1) AS t(a)',
      'INVALID_AGGREGATE_FILTER.CONTAINS_WINDOW_FUNCTION',
      {
        filterExpr:
          '"(nth_value(a, 2) OVER (ORDER BY a ASC NULLS FIRST RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) > 1)"',
        windowExpr:
          '"nth_value(a, 2) OVER (ORDER BY a ASC NULLS FIRST RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"',
      },
    ],
    [
      'SELECT ntile(0) OVER (ORDER BY a) FROM VALUES (1) AS t(a)',
      'DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE',
      { sqlExpr: '"ntile(0)"', exprName: 'buckets', valueRange: '(0, 2147483647]', currentValue: '0' },
    ],
  ])('%s', async (sql, errorClass, params) => {
    const e = await errorOf(fixture.session.execute(sql));
    expect(e.errorClass).toBe(errorClass);
    expect(e.messageParameters).toEqual(params);
    if ('sqlExpr' in params) {
      expect(e.message).toContain(`Cannot resolve ${params.sqlExpr} due to data type mismatch`);
    }
    expect(e.message).not.toMatch(/<[a-zA-Z]+Expr>/);
  });
});
