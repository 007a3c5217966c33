/**
 * Column names of math functions (mathExpressions.scala): a UnaryMathExpression/BinaryMathExpression prints
 * the upper-case name its class passes, unless called through a name registered with setAlias (sign, pow,
 * ceiling), which prints as written; positive is the `(+ x)` operator form; log(x) is LOG(E(), x).
 * Also: a BIGINT parameter takes any numeric value by implicit cast (bin(25.5)).
 */
import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../sql/parse.js';
import { prettySql } from '../analyzer/pretty-sql.js';

describe('math function names', () => {
  it.each([
    ['sin(1)', 'SIN(1)'],
    ['Sqrt(4)', 'SQRT(4)'],
    ['degrees(1)', 'DEGREES(1)'],
    ['ln(1)', 'ln(1)'],
    ['rint(1.5)', 'rint(1.5)'],
    ['signum(-2)', 'SIGNUM(-2)'],
    ['sign(-2)', 'sign(-2)'],
    ['power(2, 3)', 'POWER(2, 3)'],
    ['pow(2, 3)', 'pow(2, 3)'],
    ['atan2(1, 2)', 'ATAN2(1, 2)'],
    ['log(10, 100)', 'LOG(10, 100)'],
    ['log(100)', 'LOG(E(), 100)'],
    ['pi()', 'PI()'],
    ['e()', 'E()'],
    ['floor(1.5)', 'FLOOR(1.5)'],
    ['ceil(1.5)', 'CEIL(1.5)'],
    ['ceiling(1.5)', 'ceiling(1.5)'],
    ['ceil(1.55, 1)', 'ceil(1.55, 1)'],
    ['positive(-25)', '(+ -25)'],
    ['abs(-1)', 'abs(-1)'],
  ])('%s is named %s', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});
