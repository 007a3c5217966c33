/**
 * Spark's map and higher-order functions end to end (analyzer, DuckDB SQL, result types and column names).
 * Oracles: Spark's function docs and results/higher-order-functions.sql.out, map.sql.out.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as F from '../../api/functions.js';
import { LakeSession } from '../../api/lake-session.js';
import { isLakesqlError } from '../../errors/index.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-map-functions-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

/** The single value of a one-column, one-row query. */
async function value(sql: string): Promise<unknown> {
  const rows = await (await spark.sql(`SELECT ${sql} AS v`)).collect();
  return (rows[0] as Record<string, unknown>).v;
}

/** Column name and Spark type of a one-column query. */
async function column(sql: string): Promise<[string, string]> {
  const schema = await (await spark.sql(`SELECT ${sql}`)).schema();
  const f = schema.fields[0]!;
  return [f.name, f.dataType.simpleString()];
}

async function errorOf(sql: string): Promise<unknown> {
  try {
    await (await spark.sql(`SELECT ${sql}`)).collect();
  } catch (e) {
    return e;
  }
  return undefined;
}

const fails = async (sql: string, errorClass: string) => {
  const e = await errorOf(sql);
  expect(isLakesqlError(e, errorClass as never), `${sql}: ${String(e)}`).toBe(true);
};

const m = (...entries: [unknown, unknown][]) => new Map(entries);

describe('map_filter, transform_values, transform_keys, map_zip_with', () => {
  it('map_filter keeps the entries the predicate holds for (NULL drops), in order', async () => {
    expect(await value('map_filter(map(1, 0, 2, 2, 3, -1), (k, v) -> k > v)')).toEqual(m([1, 0], [3, -1]));
    expect(await value('map_filter(map(1, 0, 2, NULL), (k, v) -> v >= 0)')).toEqual(m([1, 0]));
    expect(await value("map_filter(map('a', 1), (k, v) -> false)")).toEqual(m());
    expect(await value('map_filter(CAST(NULL AS MAP<INT, INT>), (k, v) -> true)')).toBe(null);
    expect(await column('map_filter(map(1, 0, 2, 2, 3, -1), (k, v) -> k > v)')).toEqual([
      'map_filter(map(1, 0, 2, 2, 3, -1), lambdafunction((k > v), k, v))',
      'map<int,int>',
    ]);
  });
  it('transform_values and transform_keys', async () => {
    expect(await value("transform_values(map('a', 1, 'b', 2), (k, v) -> v * 10 + length(k))")).toEqual(
      m(['a', 11], ['b', 21]),
    );
    expect(await column("transform_values(map('a', 1), (k, v) -> concat(k, v))")).toEqual([
      'transform_values(map(a, 1), lambdafunction(concat(k, v), k, v))',
      'map<string,string>',
    ]);
    expect(await value("transform_keys(map(1, 'x', 2, 'y'), (k, v) -> k + 1)")).toEqual(
      m([2, 'x'], [3, 'y']),
    );
    expect(await column("transform_keys(map(1, 'x'), (k, v) -> CAST(k AS STRING))")).toEqual([
      'transform_keys(map(1, x), lambdafunction(CAST(k AS STRING), k, v))',
      'map<string,string>',
    ]);
    expect(await value('transform_keys(CAST(NULL AS MAP<INT, INT>), (k, v) -> k)')).toBe(null);
    expect(await value('transform_values(map(1, 1), (k, v) -> NULL)')).toEqual(m([1, null]));
  });
  it('transform_keys raises NULL_MAP_KEY and DUPLICATED_MAP_KEY', async () => {
    await fails("transform_keys(map(1, 'x', 2, 'y'), (k, v) -> 1)", 'DUPLICATED_MAP_KEY');
    await fails("transform_keys(map(1, 'x', 2, 'y'), (k, v) -> IF(k = 2, NULL, k))", 'NULL_MAP_KEY');
    const e = await errorOf("transform_keys(map(1, 'x', 2, 'y', 3, 'z'), (k, v) -> k % 2)");
    expect(String(e)).toContain('Duplicate map key 1 was found');
  });
  it('a lambda of the wrong arity is INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH', async () => {
    const e = await errorOf('map_filter(map(1, 2), k -> true)');
    expect(isLakesqlError(e, 'DATATYPE_MISMATCH.INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH')).toBe(true);
    expect((e as { messageParameters: unknown }).messageParameters).toMatchObject({
      sqlExpr: '"map_filter(map(1, 2), lambdafunction(true, k))"',
      expectedNumArgs: 2,
      actualNumArgs: 1,
    });
  });
  it('map_zip_with walks the union of keys, first map first, NULL for a missing side', async () => {
    expect(
      await value("map_zip_with(map(1, 'a', 2, 'b'), map(1, 'x', 3, 'y'), (k, v1, v2) -> concat(v1, v2))"),
    ).toEqual(m([1, 'ax'], [2, null], [3, null]));
    expect(await value('map_zip_with(map(1, 1), map(2L, 2), (k, v1, v2) -> coalesce(v1, v2) + k)')).toEqual(
      m([1n, 2n], [2n, 4n]),
    );
    expect(await value('map_zip_with(map(1, 1), CAST(NULL AS MAP<INT, INT>), (k, a, b) -> a)')).toBe(null);
    expect(await column("map_zip_with(map(1, 'a'), map(1, 'x'), (k, v1, v2) -> concat(v1, v2))")).toEqual([
      'map_zip_with(map(1, a), map(1, x), lambdafunction(concat(v1, v2), k, v1, v2))',
      'map<int,string>',
    ]);
    await fails(
      'map_zip_with(map(1, 1), map(array(1), 1), (k, a, b) -> a)',
      'DATATYPE_MISMATCH.MAP_ZIP_WITH_DIFF_TYPES',
    );
  });
});

describe('zip_with, array_sort, reduce, transform with an index', () => {
  it('zip_with pads the shorter array with NULL', async () => {
    expect(await value("zip_with(array(1, 2, 3), array('a', 'b'), (x, y) -> concat(y, x))")).toEqual([
      'a1',
      'b2',
      null,
    ]);
    expect(await value('zip_with(array(1, 2), array(3, 4), (x, y) -> x + y)')).toEqual([4, 6]);
    expect(await value('zip_with(array(), array(1), (x, y) -> y)')).toEqual([1]);
    expect(await value('zip_with(CAST(NULL AS ARRAY<INT>), array(1), (x, y) -> y)')).toBe(null);
    expect(await column('zip_with(array(1), array(2), (x, y) -> x + y)')).toEqual([
      'zip_with(array(1), array(2), lambdafunction((x + y), x, y))',
      'array<int>',
    ]);
  });
  it('array_sort with a comparator (stable), and without one: ascending, NULLs last', async () => {
    expect(
      await value(
        'array_sort(array(5, 6, 1), (left, right) -> case when left < right then -1 when left > right then 1 else 0 end)',
      ),
    ).toEqual([1, 5, 6]);
    expect(
      await value(
        "array_sort(array('bc', 'ab', 'dc'), (left, right) -> case when left is null and right is null then 0 when left is null then -1 when right is null then 1 when left < right then 1 when left > right then -1 else 0 end)",
      ),
    ).toEqual(['dc', 'bc', 'ab']);
    // Equal under the comparator: the input order is kept.
    expect(await value("array_sort(array('bb', 'a', 'cc', 'd'), (l, r) -> length(l) - length(r))")).toEqual([
      'a',
      'd',
      'bb',
      'cc',
    ]);
    expect(await value("array_sort(array('b', 'd', NULL, 'c', 'a'))")).toEqual(['a', 'b', 'c', 'd', null]);
    expect(await value("array_sort(array(2.0D, CAST('NaN' AS DOUBLE), 1.0D))")).toEqual([1, 2, Number.NaN]);
    expect(await value('array_sort(array(1), (l, r) -> CAST(NULL AS INT))')).toEqual([1]);
    expect(await value('array_sort(CAST(array() AS ARRAY<INT>), (l, r) -> l - r)')).toEqual([]);
    expect(await value('array_sort(CAST(NULL AS ARRAY<INT>))')).toBe(null);
    expect(await column("array_sort(array('b', 'a'))")).toEqual([
      'array_sort(array(b, a), lambdafunction((IF(((left IS NULL) AND (right IS NULL)), 0, (IF((left IS NULL), 1, (IF((right IS NULL), -1, (IF((left < right), -1, (IF((left > right), 1, 0)))))))))), left, right))',
      'array<string>',
    ]);
    expect(await column('array_sort(array(2, 1), (l, r) -> r - l)')).toEqual([
      'array_sort(array(2, 1), lambdafunction((r - l), l, r))',
      'array<int>',
    ]);
  });
  it('array_sort raises COMPARATOR_RETURNS_NULL and wants an INT comparator', async () => {
    await fails('array_sort(array(1, 2), (l, r) -> CAST(NULL AS INT))', 'COMPARATOR_RETURNS_NULL');
    await fails('array_sort(array(1, 2), (l, r) -> 1L)', 'DATATYPE_MISMATCH.UNEXPECTED_RETURN_TYPE');
    await fails('array_sort(array(map(1, 2)))', 'DATATYPE_MISMATCH.INVALID_ORDERING_TYPE');
  });
  it('reduce is aggregate, with or without a finish lambda', async () => {
    expect(await value('reduce(array(1, 2, 3), 0, (acc, x) -> acc + x)')).toBe(6);
    expect(await value('reduce(array(1, 2, 3), 0, (acc, x) -> acc + x, acc -> acc * 10)')).toBe(60);
    expect(await value('aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x, acc -> acc * acc)')).toBe(36);
    expect(await value('reduce(CAST(array() AS ARRAY<INT>), 5, (acc, x) -> acc + x)')).toBe(5);
    expect(await column('reduce(array(1), 0, (acc, x) -> acc + x)')).toEqual([
      'reduce(array(1), 0, lambdafunction((acc + x), acc, x))',
      'int',
    ]);
  });
  it('the merge lambda must keep the start value type; exists and forall take no index', async () => {
    await fails(
      'aggregate(array(1L, 2L), 0, (acc, x) -> acc + x)',
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
    );
    expect(await value('aggregate(array(1L, 2L), 0L, (acc, x) -> acc + x)')).toBe(3n);
    await fails(
      'exists(array(1), (x, i) -> true)',
      'DATATYPE_MISMATCH.INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH',
    );
  });
  it('nests: lambdas inside map lambdas see the entry, the element and the outer parameters', async () => {
    expect(
      await value("transform_values(map('a', array(3, 1, 2)), (k, v) -> array_sort(v, (l, r) -> r - l))"),
    ).toEqual(m(['a', [3, 2, 1]]));
    expect(await value('transform(array(map(1, 2, 3, 4)), m -> map_filter(m, (k, v) -> k > 1))')).toEqual([
      m([3, 4]),
    ]);
    expect(
      await value('map_filter(map(1, array(1, 5), 2, array(6)), (k, v) -> exists(v, x -> x > k * 4))'),
    ).toEqual(m([1, [1, 5]]));
    expect(await value('transform(array(10, 20), (x, i) -> transform(array(1), y -> y + i))')).toEqual([
      [1],
      [2],
    ]);
  });
  it("a lambda's index parameter is 0-based", async () => {
    expect(await value('transform(array(10, 20), (x, i) -> x + i)')).toEqual([10, 21]);
    expect(await value('filter(array(0, 2, 3), (x, i) -> x > i)')).toEqual([2, 3]);
  });
});

describe('map_concat, map_entries, map_contains_key, map_from_arrays, map_from_entries', () => {
  it('map_concat appends in order, NULL if any map is NULL, raises on a repeated key', async () => {
    expect(await value("map_concat(map(1, 'a', 2, 'b'), map(3, 'c'))")).toEqual(
      m([1, 'a'], [2, 'b'], [3, 'c']),
    );
    expect(await value("map_concat(map(1, 'a'), CAST(NULL AS MAP<INT, STRING>))")).toBe(null);
    expect(await value('map_concat()')).toEqual(m());
    expect(await column('map_concat()')).toEqual(['map_concat()', 'map<string,string>']);
    expect(await column("map_concat(map(1, 'a'), map(2L, 'b'))")).toEqual([
      'map_concat(map(1, a), map(2, b))',
      'map<bigint,string>',
    ]);
    await fails("map_concat(map(1, 'a', 2, 'b'), map(2, 'c'))", 'DUPLICATED_MAP_KEY');
    // Spark normalizes floating keys: NaN repeats NaN, -0.0 repeats 0.0.
    await fails(
      "map_concat(map(CAST('NaN' AS DOUBLE), 1), map(CAST('NaN' AS DOUBLE), 2))",
      'DUPLICATED_MAP_KEY',
    );
    await fails('map_concat(map(0.0D, 1), map(-0.0D, 2))', 'DUPLICATED_MAP_KEY');
    await fails("map(CAST('NaN' AS DOUBLE), 1, CAST('NaN' AS DOUBLE), 2)", 'DUPLICATED_MAP_KEY');
    await fails('map(1, 1, NULL, 2)', 'NULL_MAP_KEY');
    await fails('map(1, 1, 1, 2)', 'DUPLICATED_MAP_KEY');
    expect(await value("map_concat(map(CAST('NaN' AS DOUBLE), 1), map(1.0D, 2))")).toEqual(
      m([Number.NaN, 1], [1, 2]),
    );
    await fails("map_concat(map(1, 'a'), array(1))", 'DATATYPE_MISMATCH.MAP_CONCAT_DIFF_TYPES');
  });
  it('map_entries and map_contains_key', async () => {
    expect(await value("map_entries(map(1, 'a', 2, 'b'))")).toEqual([
      { key: 1, value: 'a' },
      { key: 2, value: 'b' },
    ]);
    expect(await column("map_entries(map(1, 'a'))")).toEqual([
      'map_entries(map(1, a))',
      'array<struct<key:int,value:string>>',
    ]);
    expect(await value('map_entries(CAST(NULL AS MAP<INT, INT>))')).toBe(null);
    expect(await value("map_contains_key(map(1, 'a', 2, 'b'), 1)")).toBe(true);
    expect(await value("map_contains_key(map(1, 'a', 2, 'b'), 3)")).toBe(false);
    expect(await value("map_contains_key(map(1, 'a'), 1.0)")).toBe(true);
    expect(await value("map_contains_key(map(1, 'a'), CAST(NULL AS INT))")).toBe(null);
    expect(await column("map_contains_key(map(1, 'a'), 1)")).toEqual([
      'map_contains_key(map(1, a), 1)',
      'boolean',
    ]);
    await fails("map_contains_key(map(1, 'a'), NULL)", 'DATATYPE_MISMATCH.NULL_TYPE');
    await fails("map_contains_key(map(1, 'a'), 'x')", 'DATATYPE_MISMATCH.MAP_FUNCTION_DIFF_TYPES');
    expect(await value("map_contains_key(map('a', 1), 'a')")).toBe(true);
  });
  it('map_from_arrays pairs keys with values and checks them', async () => {
    expect(await value("map_from_arrays(array(1.0, 3.0), array('2', '4'))")).toEqual(
      m(['1.0', '2'], ['3.0', '4']),
    );
    expect(await column("map_from_arrays(array(1, 3), array('2', '4'))")).toEqual([
      'map_from_arrays(array(1, 3), array(2, 4))',
      'map<int,string>',
    ]);
    expect(await value('map_from_arrays(CAST(array() AS ARRAY<INT>), array())')).toEqual(m());
    expect(await value('map_from_arrays(CAST(NULL AS ARRAY<INT>), array(1))')).toBe(null);
    await fails("map_from_arrays(array(1, 2), array('a'))", '_LEGACY_ERROR_TEMP_2128');
    await fails("map_from_arrays(array(1, NULL), array('a', 'b'))", 'NULL_MAP_KEY');
    await fails("map_from_arrays(array(1, 1), array('a', 'b'))", 'DUPLICATED_MAP_KEY');
  });
  it('map_from_entries takes any two-field struct; a NULL entry gives NULL', async () => {
    expect(await value("map_from_entries(array(struct(1, 'a'), struct(2, 'b')))")).toEqual(
      m([1, 'a'], [2, 'b']),
    );
    expect(await column("map_from_entries(array(struct(1, 'a')))")).toEqual([
      'map_from_entries(array(struct(1, a)))',
      'map<int,string>',
    ]);
    expect(await value("map_from_entries(array(named_struct('x', 1, 'y', 2), NULL))")).toBe(null);
    expect(await value('map_from_entries(CAST(array() AS ARRAY<STRUCT<a: INT, b: INT>>))')).toEqual(m());
    await fails("map_from_entries(array(struct(NULL, 'a')))", 'NULL_MAP_KEY');
    await fails("map_from_entries(array(struct(1, 'a'), struct(1, 'b')))", 'DUPLICATED_MAP_KEY');
    await fails('map_from_entries(array(1))', 'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
  });
});

describe('str_to_map and shuffle', () => {
  it('str_to_map splits on literal delimiters, defaults , and :', async () => {
    expect(await value("str_to_map('a:1,b:2,c:3', ',', ':')")).toEqual(m(['a', '1'], ['b', '2'], ['c', '3']));
    expect(await value("str_to_map('a')")).toEqual(m(['a', null]));
    expect(await value("str_to_map('')")).toEqual(m(['', null]));
    expect(await value("str_to_map('a=1&b=2=3&c', '&', '=')")).toEqual(
      m(['a', '1'], ['b', '2=3'], ['c', null]),
    );
    expect(await value("str_to_map('x.1|y.2', '|', '.')")).toEqual(m(['x', '1'], ['y', '2']));
    expect(await value('str_to_map(CAST(NULL AS STRING))')).toBe(null);
    expect(await column("str_to_map('a:1')")).toEqual(['str_to_map(a:1, ,, :)', 'map<string,string>']);
    await fails("str_to_map('a:1,a:2')", 'DUPLICATED_MAP_KEY');
  });
  it('shuffle permutes the elements', async () => {
    const out = (await value('shuffle(array(1, 20, 3, 5, NULL))')) as unknown[];
    expect([...out].sort()).toEqual([1, 20, 3, 5, null].sort());
    expect(await value('shuffle(CAST(NULL AS ARRAY<INT>))')).toBe(null);
    expect(await column('shuffle(array(1, 20))')).toEqual(['shuffle(array(1, 20))', 'array<int>']);
  });
});

describe('the functions module', () => {
  it('takes JS functions of one to three parameters as lambdas', async () => {
    const df = spark.createDataFrame(
      [
        [{ a: 1, b: 5 }, [3, 1, 2], ['x', 'y']],
        [null, null, []],
      ],
      'm map<string, int>, xs array<int>, ys array<string>',
    );
    const rows = await df
      .select(
        F.map_filter('m', (_k, v) => v.gt(1)).alias('big'),
        F.transform_values('m', (_k, v) => v.multiply(10)).alias('tens'),
        F.transform_keys('m', (k, _v) => F.upper(k)).alias('upper'),
        F.map_zip_with('m', 'm', (_k, v1, v2) => v1.plus(v2)).alias('twice'),
        F.zip_with('xs', 'ys', (x, y) => F.concat(y, x)).alias('zipped'),
        F.array_sort('xs', (l, r) => r.minus(l)).alias('desc'),
        F.array_sort('xs').alias('asc'),
        F.reduce('xs', F.lit(0), (acc, x) => acc.plus(x)).alias('total'),
        F.map_entries('m').alias('entries'),
      )
      .collect();
    expect(rows).toEqual([
      {
        big: m(['b', 5]),
        tens: m(['a', 10], ['b', 50]),
        upper: m(['A', 1], ['B', 5]),
        twice: m(['a', 2], ['b', 10]),
        zipped: ['x3', 'y1', null],
        desc: [3, 2, 1],
        asc: [1, 2, 3],
        total: 6,
        entries: [
          { key: 'a', value: 1 },
          { key: 'b', value: 5 },
        ],
      },
      {
        big: null,
        tens: null,
        upper: null,
        twice: null,
        zipped: null,
        desc: null,
        asc: null,
        total: null,
        entries: null,
      },
    ]);
  });
});
