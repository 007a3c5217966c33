/** DESCRIBE FUNCTION rows: a cast alias is Spark's Cast with FunctionRegistry.castAlias's usage text. */
import { describe, expect, it } from 'vitest';
import { describeFunctionRows } from './describe-function.js';

describe('DESCRIBE FUNCTION of a cast alias', () => {
  it('names the Cast class and its usage', () => {
    expect(describeFunctionRows(['boolean'], false)).toEqual([
      ['Function: boolean'],
      ['Class: org.apache.spark.sql.catalyst.expressions.Cast'],
      ['Usage: boolean(expr) - Casts the value `expr` to the target data type `boolean`.'],
    ]);
  });

  it('with EXTENDED adds that there is no example, since 2.0.1', () => {
    expect(describeFunctionRows(['INT'], true).at(-1)).toEqual([
      'Extended Usage:\n    No example/argument for int.\n\n    Since: 2.0.1\n',
    ]);
  });
});
