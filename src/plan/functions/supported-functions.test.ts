/**
 * The registry's lookups and errors. docs/FUNCTIONS.md and the TypeScript `functions` module are generated
 * from the registry by src/api/functions-generated.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { IntegerType, StringType } from '../../types/data-types.js';
import { lookupFunction } from './registry.js';

describe('registry', () => {
  const ansi = { ansi: true, timeZone: 'UTC' };
  const arg = (type = StringType, sql = 'x') => ({ type, foldable: false, sql });
  it('looks names and aliases up case-insensitively', () => {
    expect(lookupFunction('SUBSTR')?.name).toBe('substr');
    expect(lookupFunction('Substring')?.name).toBe('substring');
    expect(lookupFunction('Len')?.name).toBe('char_length');
    expect(lookupFunction('no_such_fn')).toBeUndefined();
  });
  it('raises WRONG_NUM_ARGS.WITHOUT_SUGGESTION with Spark parameters', () => {
    try {
      lookupFunction('concat_ws')?.resolve([], ansi);
      expect.unreachable();
    } catch (e) {
      expect(isLakesqlError(e, 'WRONG_NUM_ARGS.WITHOUT_SUGGESTION')).toBe(true);
      expect((e as { messageParameters: unknown }).messageParameters).toEqual({
        functionName: '`concat_ws`',
        expectedNum: '> 0',
        actualNum: 0,
        docroot: 'https://spark.apache.org/docs/latest',
      });
      expect((e as { sqlState: string }).sqlState).toBe('42605');
    }
  });
  it('raises DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', () => {
    try {
      lookupFunction('array_compact')?.resolve([arg(IntegerType, 'id')], ansi);
      expect.unreachable();
    } catch (e) {
      expect((e as { messageParameters: unknown }).messageParameters).toEqual({
        sqlExpr: '"array_compact(id)"',
        paramIndex: 'first',
        requiredType: '"ARRAY"',
        inputSql: '"id"',
        inputType: '"INT"',
      });
    }
  });
  it('casts implicitly the way ANSI coercion does', () => {
    expect(lookupFunction('left')?.resolve([arg(), arg(StringType, "'2'")], ansi).inputTypes).toEqual([
      StringType,
      IntegerType,
    ]);
    expect(lookupFunction('contains')?.resolve([arg(IntegerType), arg()], ansi).inputTypes).toEqual([
      StringType,
      StringType,
    ]);
  });
});
