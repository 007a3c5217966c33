/**
 * The VARIANT functions end to end: parse_json's Spark JSON text, variant_get and the `:` path, casts in
 * both directions, and the errors Spark raises (INVALID_VARIANT_CAST, INVALID_VARIANT_GET_PATH, refused
 * comparisons).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-variant-');
const J = `'{"b": 1.50, "a": [1, 2e3, "x", null], "c": {"d": true}}'`;

describe('VARIANT functions', () => {
  it('parse_json prints Spark’s JSON: keys sorted, no spaces, decimals without trailing zeros', async () => {
    expect(await db.rows(`SELECT parse_json(${J}), typeof(parse_json('1'))`)).toEqual([
      ['{"a":[1,2000.0,"x",null],"b":1.5,"c":{"d":true}}', 'variant'],
    ]);
    expect(
      await db.rows(`SELECT to_json(parse_json(${J}):a), try_parse_json('{'), try_parse_json('[1]')`),
    ).toEqual([['[1,2000.0,"x",null]', null, '[1]']]);
  });

  it('variant_get and the : path extract a path as a type, NULL where it finds nothing', async () => {
    expect(
      await db.rows(
        `SELECT variant_get(v, '$.b', 'decimal(5,2)'), variant_get(v, '$.a[2]', 'string'), v:c.d, v:a[1]::int,
                variant_get(v, '$.zz', 'int'), v:a[9], variant_get(v, '$.c'), try_variant_get(v, '$.a[2]', 'int')
         FROM (SELECT parse_json(${J}) AS v)`,
      ),
    ).toEqual([[150n, 'x', 'true', 2000, null, null, '{"d":true}', null]]);
  });

  it('is_variant_null and schema_of_variant', async () => {
    expect(
      await db.rows(
        `SELECT is_variant_null(parse_json('null')), is_variant_null(parse_json('1')),
                is_variant_null(CAST(NULL AS VARIANT)), schema_of_variant(parse_json(${J}))`,
      ),
    ).toEqual([[true, false, false, 'OBJECT<a: ARRAY<VARIANT>, b: DECIMAL(3,2), c: OBJECT<d: BOOLEAN>>']]);
    expect(await db.rows(`SELECT schema_of_variant(parse_json('[1, 2.5, 0.001]'))`)).toEqual([
      ['ARRAY<DECIMAL(23,3)>'],
    ]);
  });

  it('schema_of_variant_agg merges the schemas of a group, skipping SQL NULLs', async () => {
    expect(
      await db.rows(
        `SELECT k, schema_of_variant_agg(v) FROM VALUES (1, parse_json('{"a":1}')), (1, parse_json('{"a":1.5,"b":"x"}')),
           (1, NULL), (2, parse_json('[1]')), (2, parse_json('["a"]')) AS t(k, v) GROUP BY k ORDER BY k`,
      ),
    ).toEqual([
      [1, 'OBJECT<a: DECIMAL(21,1), b: STRING>'],
      [2, 'ARRAY<VARIANT>'],
    ]);
    expect(await db.rows(`SELECT schema_of_variant_agg(parse_json('1')) FROM range(0)`)).toEqual([['VOID']]);
  });

  it('casts a variant by its value’s own kind, and values of every scalar type to a variant', async () => {
    expect(
      await db.rows(
        `SELECT CAST(parse_json('1.9') AS INT), CAST(parse_json('"12"') AS INT), CAST(parse_json('true') AS INT),
                CAST(parse_json('"2020-01-02"') AS DATE), CAST(parse_json('{"a":1}') AS STRING),
                CAST(parse_json('"abc"') AS STRING), CAST(parse_json('null') AS INT)`,
      ),
    ).toEqual([[1, 12, 1, 18263, '{"a":1}', 'abc', null]]);
    expect(
      await db.rows(
        `SELECT to_json(CAST(1.50 AS VARIANT)), schema_of_variant(CAST(1.50 AS VARIANT)),
                schema_of_variant(CAST(2.5D AS VARIANT)), schema_of_variant(CAST(7Y AS VARIANT)),
                to_json(CAST(named_struct('y', 'z', 'x', array(1, 2)) AS VARIANT)),
                CAST(CAST(DATE'2020-01-02' AS VARIANT) AS STRING)`,
      ),
    ).toEqual([['1.5', 'DECIMAL(3,2)', 'DOUBLE', 'BIGINT', '{"x":[1,2],"y":"z"}', '2020-01-02']]);
  });

  it('casts that cannot succeed raise INVALID_VARIANT_CAST, or give NULL under try_variant_get', async () => {
    const e = await errorOf(db.session.execute(`SELECT CAST(parse_json('300') AS TINYINT)`));
    expect([e.errorClass, e.messageParameters]).toEqual([
      'INVALID_VARIANT_CAST',
      { value: '300', dataType: '"TINYINT"' },
    ]);
    expect(await db.rows(`SELECT try_variant_get(parse_json('300'), '$', 'tinyint')`)).toEqual([[null]]);
    const obj = await errorOf(
      db.session.execute(`SELECT variant_get(parse_json('{"a":[1]}'), '$.a', 'int')`),
    );
    expect(obj.messageParameters).toEqual({ value: '[1]', dataType: '"INT"' });
  });

  it('refuses bad paths, non-constant paths, non-variant inputs, ordering, grouping and comparisons as Spark does', async () => {
    const path = await errorOf(db.session.execute(`SELECT variant_get(parse_json('1'), '$[-1]', 'int')`));
    expect([path.errorClass, path.messageParameters]).toEqual([
      'INVALID_VARIANT_GET_PATH',
      { path: '$[-1]', functionName: '`variant_get`' },
    ]);
    const foldable = await errorOf(
      db.session.execute(`SELECT variant_get(parse_json('1'), p) FROM VALUES ('$') AS t(p)`),
    );
    expect(foldable.errorClass).toBe('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT');
    const input = await errorOf(db.session.execute(`SELECT is_variant_null('x')`));
    expect([input.errorClass, input.messageParameters.requiredType]).toEqual([
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
      '"VARIANT"',
    ]);
    const order = await errorOf(db.session.execute(`SELECT 1 ORDER BY parse_json('1') DESC`));
    expect([order.errorClass, order.messageParameters]).toEqual([
      'DATATYPE_MISMATCH.INVALID_ORDERING_TYPE',
      { sqlExpr: '"parse_json(1) DESC NULLS LAST"', functionName: '`sortorder`', dataType: '"VARIANT"' },
    ]);
    const group = await errorOf(db.session.execute(`SELECT count(*) FROM range(2) GROUP BY parse_json('1')`));
    expect([group.errorClass, group.messageParameters]).toEqual([
      'GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE',
      { sqlExpr: '"parse_json(1)"', dataType: '"VARIANT"' },
    ]);
    const eq = await errorOf(db.session.execute(`SELECT parse_json('1') = parse_json('1')`));
    expect([eq.errorClass, eq.messageParameters]).toEqual([
      'DATATYPE_MISMATCH.INVALID_ORDERING_TYPE',
      { sqlExpr: '"(parse_json(1) = parse_json(1))"', functionName: '`=`', dataType: '"VARIANT"' },
    ]);
  });
});
