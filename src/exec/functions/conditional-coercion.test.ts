/**
 * The common type of a function's value arguments follows the session's coercion system, as Spark's
 * FunctionArgumentConversion and IfCoercion do: under ANSI a string meeting an integral type becomes BIGINT, a
 * fractional or decimal one DOUBLE, any other atomic type that type; under the legacy rules the other side
 * becomes a string. Greatest and Least never promote a string.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-conditional-coercion-');

const typesOf = (exprs: readonly string[]) =>
  db.rows(`SELECT ${exprs.map((e) => `typeof(${e})`).join(', ')}`);

describe('if, coalesce, nvl, nvl2, array and map under ANSI', () => {
  it('promote a string to the other side', async () => {
    await db.rows('SET spark.sql.ansi.enabled = true');
    expect(
      await typesOf([
        "if(true, 1Y, '2')",
        "if(true, '1', 2.5F)",
        "if(true, CAST(1 AS DECIMAL(10,0)), '2')",
        "if(true, '1', CAST('2' AS BINARY))",
        "if(true, '1', true)",
        "coalesce('1', DATE'2017-12-11')",
        "nvl(NULL, '1')",
        "nvl2(1, '1', 2)",
        "array(1, '2')",
        "map('1', 2, 3, '4')",
      ]),
    ).toEqual([
      [
        'bigint',
        'double',
        'double',
        'binary',
        'boolean',
        'date',
        'string',
        'bigint',
        'array<bigint>',
        'map<bigint,bigint>',
      ],
    ]);
    expect(await db.rows("SELECT if(false, 1, '22'), coalesce(NULL, '2.5', 1.5D)")).toEqual([[22n, 2.5]]);
  });

  it('fail at run time on a string that is not a value of the common type', async () => {
    await db.rows('SET spark.sql.ansi.enabled = true');
    const e = await errorOf(db.rows("SELECT if(false, 1, 'x')"));
    expect(e.errorClass).toBe('CAST_INVALID_INPUT');
  });
});

describe('the same functions under the legacy rules', () => {
  it('turn the other side into a string', async () => {
    await db.rows('SET spark.sql.ansi.enabled = false');
    expect(await typesOf(["if(true, 1Y, '2')", "coalesce('1', 2.5D)", "array(1, '2')"])).toEqual([
      ['string', 'string', 'array<string>'],
    ]);
    await db.rows('SET spark.sql.ansi.enabled = true');
  });
});

describe('greatest and least', () => {
  it('widen numbers but never promote a string', async () => {
    expect(await typesOf(['greatest(1, 2L, 3.5BD)', 'least(1Y, 2.5F)'])).toEqual([
      ['decimal(21,1)', 'double'],
    ]);
    const e = await errorOf(db.rows("SELECT greatest(1, '2')"));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.DATA_DIFF_TYPES');
  });
});
