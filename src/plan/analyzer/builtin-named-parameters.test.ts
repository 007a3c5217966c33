/**
 * `name => value` arguments to built-in functions follow Spark's defaultRearrange: they are put in the
 * function's parameter order with defaults filled in (the column name shows them), and misuse raises Spark's
 * error classes.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-named-arguments-');

async function columnNames(sql: string): Promise<string[]> {
  const results = await fx.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows' ? last.columns.map((c) => c.name) : [];
}

describe('named arguments to built-in functions', () => {
  it('rearranges them into parameter order and fills the defaults', async () => {
    const sql = "SELECT mask(lowerChar => 'q', digitChar => 'd', str => 'Ab1-')";
    expect(await fx.rows(sql)).toEqual([['Xqd-']]);
    expect(await columnNames(sql)).toEqual(['mask(Ab1-, X, q, d, NULL)']);
    expect(await fx.rows('SELECT * FROM explode(collection => array(1, 2))')).toEqual([[1], [2]]);
  });

  it('raises Spark errors for misplaced, repeated, unknown and missing names', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      [
        "SELECT mask(lowerChar => 'q', 'Ab')",
        'UNEXPECTED_POSITIONAL_ARGUMENT',
        { routineName: '`mask`', parameterName: '`lowerChar`' },
      ],
      [
        "SELECT mask('Ab', digitChar => 'd', digitChar => 'e')",
        'DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.DOUBLE_NAMED_ARGUMENT_REFERENCE',
        { routineName: '`mask`', parameterName: '`digitChar`' },
      ],
      [
        "SELECT mask('Ab', str => 'Cd')",
        'DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.BOTH_POSITIONAL_AND_NAMED',
        { routineName: '`mask`', parameterName: '`str`' },
      ],
      [
        "SELECT mask(lowerChar => 'q')",
        'REQUIRED_PARAMETER_NOT_FOUND',
        { routineName: '`mask`', parameterName: '`str`', index: 0 },
      ],
      [
        "SELECT mask('Ab', upperCase => 'q')",
        'UNRECOGNIZED_PARAMETER_NAME',
        {
          routineName: '`mask`',
          argumentName: '`upperCase`',
          proposal: '`upperChar` `lowerChar` `otherChar`',
        },
      ],
      [
        "SELECT encode(str => 'a', charset => 'utf-8')",
        'NAMED_PARAMETERS_NOT_SUPPORTED',
        { functionName: '`encode`' },
      ],
    ];
    for (const [sql, errorClass, parameters] of cases) {
      const e = await errorOf(fx.session.execute(sql));
      expect([sql, e.errorClass, e.messageParameters]).toEqual([sql, errorClass, parameters]);
    }
  });
});
