/** Spark's parse-time refusals of SQL pipe operators (AstBuilder.visitOperatorPipeStatement and friends). */
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { parseStatement } from '../parse.js';

function errorOf(sql: string): { errorClass: string; parameters: Record<string, unknown> } {
  try {
    parseStatement(sql);
  } catch (e) {
    if (e instanceof LakesqlError) return { errorClass: e.errorClass, parameters: e.messageParameters };
    throw e;
  }
  throw new Error(`${sql} parsed`);
}

describe('pipe operator refusals', () => {
  it('names the case an AGGREGATE refuses', () => {
    const cases: [string, string][] = [
      ['TABLE t |> AGGREGATE sum(a), grouping(b) GROUP BY b', 'GROUPING'],
      ['TABLE t |> AGGREGATE grouping_id(b) GROUP BY b', 'GROUPING_ID'],
      ['TABLE t |> AGGREGATE sum(a) GROUP BY b, c GROUPING SETS (b, c)', 'GROUPING SETS'],
    ];
    for (const [sql, c] of cases) {
      expect(errorOf(sql)).toEqual({
        errorClass: 'UNSUPPORTED_FEATURE.PIPE_OPERATOR_AGGREGATE_UNSUPPORTED_CASE',
        parameters: { case: c },
      });
    }
    expect(errorOf('TABLE t |> AGGREGATE sum(a) OVER () GROUP BY b').parameters.case).toMatch(
      /^window functions;/,
    );
    expect(errorOf('TABLE t |> AGGREGATE').errorClass).toBe('_LEGACY_ERROR_TEMP_0035');
  });

  it('refuses stars in EXTEND, WINDOW after WHERE, mixed result clauses and a dashed alias', () => {
    expect(errorOf('TABLE t |> EXTEND *')).toEqual({
      errorClass: 'INVALID_USAGE_OF_STAR_OR_REGEX',
      parameters: { elem: "'*'", prettyName: 'expression `pipeexpression`' },
    });
    expect(errorOf('TABLE t |> WHERE sum(x) OVER w = 1 WINDOW w AS (PARTITION BY y)').errorClass).toBe(
      'NOT_ALLOWED_IN_PIPE_OPERATOR_WHERE.WINDOW_CLAUSE',
    );
    expect(errorOf('TABLE t |> ORDER BY x SORT BY x').errorClass).toBe(
      'UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES',
    );
    expect(errorOf('TABLE t |> SORT BY x LIMIT 1')).toEqual({
      errorClass: 'MULTIPLE_QUERY_RESULT_CLAUSES_WITH_PIPE_OPERATORS',
      parameters: { clause1: 'SORT BY', clause2: 'LIMIT' },
    });
    expect(() => parseStatement('TABLE t |> DISTRIBUTE BY x SORT BY x')).not.toThrow();
    expect(errorOf('TABLE t |> AS u-v')).toEqual({
      errorClass: 'INVALID_IDENTIFIER',
      parameters: { ident: 'u-v' },
    });
  });
});
