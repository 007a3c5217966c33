import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { isLakesqlError } from '../../errors/index.js';
import { allFunctions } from '../../plan/functions/registry.js';
import { arrayOf, BinaryType, DoubleType, decimal, IntegerType, StringType } from '../../types/data-types.js';
import { lookupCompiler } from './compilers.js';
import { runCall } from './testing/run-call.js';

const s = (v: string) => ({ sql: `'${v.replaceAll("'", "''")}'`, type: StringType, value: v });
const i = (v: number) => ({ sql: String(v), type: IntegerType, value: v });
const NULL_STR = { sql: 'NULL', type: StringType, value: null };

let engine: EngineSession;
beforeAll(async () => {
  engine = await EngineSession.create();
});
afterAll(() => engine.close());

describe('every registered function has a compiler', () => {
  // A function folded at analysis (schema_of_json) becomes a literal and never reaches a compiler.
  it.each(allFunctions().map((f) => [f.name, f.fold !== undefined] as const))('%s', (name, folded) => {
    expect(lookupCompiler(name) === undefined).toBe(folded);
  });
});

// Oracles: results/string-functions.sql.out, math.sql.out, array.sql.out, Spark's function docs.
describe('golden values on DuckDB', () => {
  it('hash and xxhash64 give Spark values', async () => {
    const args = [s('Spark'), { sql: '[123]', type: arrayOf(IntegerType, false) }, i(2)];
    expect(await runCall(engine, 'hash', args)).toBe(-1321691492);
    expect(await runCall(engine, 'xxhash64', args)).toBe(5602566077635097486n);
  });
  it('substr follows Spark position rules', async () => {
    expect(await runCall(engine, 'substr', [s('Spark SQL'), i(5)])).toBe('k SQL');
    expect(await runCall(engine, 'substr', [s('Spark SQL'), i(-3)])).toBe('SQL');
    expect(await runCall(engine, 'substr', [s('Spark SQL'), i(5), i(1)])).toBe('k');
  });
  it('split_part and left/right', async () => {
    expect(await runCall(engine, 'split_part', [s('11.12.13'), s('.'), i(-1)])).toBe('13');
    expect(await runCall(engine, 'split_part', [s('11.12.13'), s('.'), i(4)])).toBe('');
    expect(await runCall(engine, 'left', [s('abcd'), i(-2)])).toBe('');
    await expect(runCall(engine, 'split_part', [s('11.12.13'), s('.'), i(0)])).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INVALID_INDEX_OF_ZERO'),
    );
  });
  it('make_valid_utf8, validate_utf8 and try_validate_utf8 on valid text and on invalid bytes', async () => {
    const bad = { sql: "from_hex('61ff62')", type: BinaryType };
    const good = { sql: "from_hex('616263')", type: BinaryType };
    expect(await runCall(engine, 'make_valid_utf8', [bad])).toBe('a\uFFFDb');
    expect(await runCall(engine, 'make_valid_utf8', [s('abc')])).toBe('abc');
    expect(await runCall(engine, 'try_validate_utf8', [bad])).toBeNull();
    expect(await runCall(engine, 'try_validate_utf8', [good])).toBe('abc');
    expect(await runCall(engine, 'validate_utf8', [good])).toBe('abc');
    await expect(runCall(engine, 'validate_utf8', [bad])).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INVALID_UTF8_STRING'),
    );
  });
  it('concat with NULL is NULL; concat_ws skips it', async () => {
    expect(await runCall(engine, 'concat', [s('a'), NULL_STR])).toBe(null);
    expect(await runCall(engine, 'concat_ws', [s(','), s('a'), NULL_STR, s('b')])).toBe('a,b');
  });
  it('round is HALF_UP, bround HALF_EVEN', async () => {
    const d = { sql: '2.5', type: DoubleType };
    expect(await runCall(engine, 'round', [d])).toBe(3);
    expect(await runCall(engine, 'bround', [d])).toBe(2);
  });
  it('sqrt of a negative is NaN and log of 0 is NULL', async () => {
    expect(await runCall(engine, 'sqrt', [{ sql: '-1', type: DoubleType }])).toBeNaN();
    expect(await runCall(engine, 'ln', [{ sql: '0', type: DoubleType }])).toBe(null);
  });
  it('element_at raises INVALID_ARRAY_INDEX_IN_ELEMENT_AT under ANSI', async () => {
    const arr = { sql: '[1, 2, 3]', type: arrayOf(IntegerType, false) };
    expect(await runCall(engine, 'element_at', [arr, i(-1)])).toBe(3);
    await expect(runCall(engine, 'element_at', [arr, i(5)])).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INVALID_ARRAY_INDEX_IN_ELEMENT_AT'),
    );
  });
  it('md5 and date_format', async () => {
    expect(await runCall(engine, 'md5', [{ sql: "'Spark'", type: BinaryType }])).toBe(
      '8cde774d6f7333752ed72cacddb05126',
    );
    expect(
      await runCall(engine, 'date_format', [
        { sql: "TIMESTAMP '2016-04-08 10:11:12'", type: StringType },
        s('yyyy-MM-dd HH:mm'),
      ]),
    ).toBe('2016-04-08 10:11');
  });
  it('sum(decimal) widens by 10 digits', async () => {
    expect(
      allFunctions()
        .find((f) => f.name === 'sum')
        ?.resolve([{ type: decimal(5, 2), foldable: false, sql: 'x' }], { ansi: true, timeZone: 'UTC' })
        .returnType,
    ).toEqual(decimal(15, 2));
  });
});
