/**
 * `bind` names a value for a body that repeats it. A column reference is repeated as is (free, and no per-row
 * list); anything else is evaluated once through a one-element list. Casts over columns then stay vectorized.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { parseDataTypeString } from '../../plan/types/parse-data-type.js';
import { compileCast } from './compile-cast.js';
import { bind, isColumnReference, isRepeatable, reuse } from './sql-helpers.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ threads: 1 });
});
afterAll(() => session.close());

const SEM = { ansi: true, timeZone: 'UTC' };

describe('isRepeatable', () => {
  it('repeats short deterministic SQL and binds volatile, expensive or long SQL', () => {
    expect(isRepeatable('"a"')).toBe(true);
    expect(isRepeatable('(("a")::DOUBLE / 7)')).toBe(true);
    expect(isRepeatable('random()')).toBe(false);
    expect(isRepeatable('CAST(uuid() AS VARCHAR)')).toBe(false);
    expect(isRepeatable('spark_make_valid_utf8("b")')).toBe(false);
    expect(isRepeatable('list_transform("l", lambda x: x + 1)')).toBe(false);
    expect(isRepeatable(`${'"a" + '.repeat(200)}1`)).toBe(false);
  });

  it('reuse writes a repeatable operand out again and binds the others once', () => {
    expect(reuse('"a" + 1', (v) => `${v} * ${v}`)).toBe('"a" + 1 * "a" + 1');
    expect(reuse('random()', (v) => `${v} * ${v}`)).toMatch(/^\(list_transform\(\[random\(\)\]/);
  });
});

describe('bind', () => {
  it('repeats a quoted column name and binds any other expression once', () => {
    expect(bind('"a"', (v) => `${v} + ${v}`)).toBe('"a" + "a"');
    expect(bind('"t"."a""b"', (v) => `-${v}`)).toBe('-"t"."a""b"');
    expect(bind('"a" + 1', (v) => `${v} * ${v}`)).toMatch(
      /^\(list_transform\(\["a" \+ 1\], lambda (__v\d+): \1 \* \1\)\)\[1\]$/,
    );
    expect(bind('1', (v) => v)).toMatch(/lambda/);
  });

  it('tells a column reference from expressions that merely start and end with quotes', () => {
    expect(isColumnReference('"a"')).toBe(true);
    expect(isColumnReference('"a"."b"')).toBe(true);
    expect(isColumnReference('"a" || "b"')).toBe(false);
    expect(isColumnReference('"a"; DROP')).toBe(false);
    expect(isColumnReference("'a'")).toBe(false);
  });
});

describe('casts of a string column', () => {
  const cast = (to: string) =>
    compileCast('"v"', parseDataTypeString('string'), parseDataTypeString(to), 'ansi', SEM);

  it('compile without a per-row list or lambda', () => {
    for (const t of ['int', 'bigint', 'double', 'boolean', 'decimal(10,2)', 'date', 'timestamp']) {
      expect(cast(t), t).not.toMatch(/list_transform|lambda/);
    }
  });

  it('keep Spark results: NULL stays NULL, a bad value raises CAST_INVALID_INPUT', async () => {
    const rows = await session.all(
      `SELECT ${cast('int')} AS n FROM (VALUES (1, ' 42 '), (2, NULL), (3, '-7')) t(i, v) ORDER BY i`,
    );
    expect(rows.map((r) => r.n)).toEqual([42, null, -7]);
    await expect(session.all(`SELECT ${cast('int')} AS n FROM (VALUES ('4x')) t(v)`)).rejects.toMatchObject({
      errorClass: 'CAST_INVALID_INPUT',
    });
  });
});

describe('casts of a column to STRING', () => {
  const cast = (from: string) =>
    compileCast('"v"', parseDataTypeString(from), parseDataTypeString('string'), 'ansi', SEM);

  it('compile without a per-row list or lambda', () => {
    for (const t of ['timestamp', 'date', 'int', 'decimal(10,2)', 'binary']) {
      expect(cast(t), t).not.toMatch(/list_transform|lambda/);
    }
  });

  it('print doubles as Java does', async () => {
    const rows = await session.all(
      `SELECT ${cast('double')} AS s FROM (VALUES (1, 'NaN'::DOUBLE), (2, 'Infinity'::DOUBLE), (3, '-Infinity'::DOUBLE), (4, -0.0::DOUBLE), (5, 1.0E10::DOUBLE), (6, 1.0E-5::DOUBLE), (7, 123.456::DOUBLE), (8, NULL::DOUBLE), (9, 1.0E7::DOUBLE), (10, 0.001::DOUBLE)) t(i, v) ORDER BY i`,
    );
    expect(rows.map((r) => r.s)).toEqual([
      'NaN',
      'Infinity',
      '-Infinity',
      '-0.0',
      '1.0E10',
      '1.0E-5',
      '123.456',
      null,
      '1.0E7',
      '0.001',
    ]);
  });
});
