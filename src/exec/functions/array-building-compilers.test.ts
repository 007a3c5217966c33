import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { isLakesqlError } from '../../errors/index.js';
import { lookupFunction } from '../../plan/functions/registry.js';
import { arrayOf, ByteType, type DataType, IntegerType, StringType } from '../../types/data-types.js';
import { runCall } from './testing/run-call.js';

const ints = (sql: string) => ({ sql, type: arrayOf(IntegerType) });
const i = (v: number) => ({ sql: String(v), type: IntegerType, value: v });
const NULL_INT = { sql: 'NULL', type: IntegerType, value: null };

let engine: EngineSession;
beforeAll(async () => {
  engine = await EngineSession.create();
});
afterAll(() => engine.close());

// Oracle: results/array.sql.out.
describe('array_insert', () => {
  it.each([
    ['[1, 2, 3]', 3, 4, [1, 2, 4, 3]],
    ['[2, 3, 4]', 1, 1, [1, 2, 3, 4]],
    ['[1, 3, 4]', -2, 2, [1, 3, 2, 4]],
    ['[2, 3, NULL, 4]', 5, 5, [2, 3, null, 4, 5]],
    ['[2, 3, NULL, 4]', -5, 1, [1, 2, 3, null, 4]],
    ['[1]', 3, 9, [1, null, 9]],
    ['[1]', -4, 9, [9, null, null, 1]],
  ])('array_insert(%s, %i, %i)', async (a, p, v, expected) => {
    expect(await runCall(engine, 'array_insert', [ints(a), i(p), i(v)])).toEqual(expected);
  });
  it('gives NULL for a NULL position, inserts a NULL item', async () => {
    expect(await runCall(engine, 'array_insert', [ints('[1, 2, 3, NULL]'), NULL_INT, i(4)])).toBe(null);
    expect(await runCall(engine, 'array_insert', [ints('[1, 2, 3, NULL]'), i(4), NULL_INT])).toEqual([
      1,
      2,
      3,
      null,
      null,
    ]);
  });
  it('raises INVALID_INDEX_OF_ZERO for position 0', async () => {
    await expect(runCall(engine, 'array_insert', [ints('[2, 3, 4]'), i(0), i(1)])).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INVALID_INDEX_OF_ZERO'),
    );
  });
  it('widens a tinyint item but refuses a string one', () => {
    const sig = lookupFunction('array_insert');
    const arg = (type: DataType, sql: string) => ({ type, sql, foldable: true });
    const semantics = { ansi: true, timeZone: 'UTC' };
    expect(
      sig?.resolve(
        [arg(arrayOf(IntegerType), 'array(1)'), arg(IntegerType, '2'), arg(ByteType, '2')],
        semantics,
      ).returnType,
    ).toEqual(arrayOf(IntegerType));
    expect(() =>
      sig?.resolve([arg(arrayOf(IntegerType), 'a'), arg(IntegerType, '3'), arg(StringType, '4')], semantics),
    ).toThrow(/ARRAY_FUNCTION_DIFF_TYPES/);
  });
});

describe('arrays_zip', () => {
  it('pads to the longest input and is NULL when an input is NULL', async () => {
    const r = (await runCall(engine, 'arrays_zip', [ints('[1, 2, 3]'), ints('[4]')])) as unknown[];
    expect(r).toHaveLength(3);
    expect(await runCall(engine, 'arrays_zip', [ints('[1, 2, 3]'), ints('NULL')])).toBe(null);
  });
});

describe('elt and sort_array', () => {
  it('elt raises INVALID_ARRAY_INDEX under ANSI, NULL otherwise', async () => {
    const s = (v: string) => ({ sql: `'${v}'`, type: StringType, value: v });
    await expect(runCall(engine, 'elt', [i(4), s('123'), s('456')])).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INVALID_ARRAY_INDEX'),
    );
    expect(await runCall(engine, 'elt', [i(-1), s('123'), s('456')], { ansi: false, timeZone: 'UTC' })).toBe(
      null,
    );
  });
  it('sort_array with a NULL order is NULL, and names its default order', async () => {
    const asc = { sql: 'CAST(NULL AS BOOLEAN)', type: { kind: 'primitive', name: 'boolean' } as const };
    expect(await runCall(engine, 'sort_array', [{ sql: "['b', 'd']", type: arrayOf(StringType) }, asc])).toBe(
      null,
    );
    expect(lookupFunction('sort_array')?.prettyName?.(['a'])).toBe('sort_array(a, true)');
  });
});
