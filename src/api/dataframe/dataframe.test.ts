/** DataFrame transformations and actions, run through a LakeSession on a temp warehouse. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, countDistinct, expr, lit, max, sum, upper, when } from '../functions.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;
const printed: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-df-'));
  spark = await LakeSession.create({ warehouse: dir, output: (t) => printed.push(t) });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const people = () =>
  spark.createDataFrame(
    [
      [1, 'ann', 10],
      [2, 'bob', 20],
      [3, 'cy', 30],
    ],
    'id int, name string, v int',
  );

const byId = <T extends { id?: unknown }>(rows: T[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));

describe('createDataFrame and collect', () => {
  it('types rows by the DDL schema', async () => {
    const df = people();
    expect(await df.collect()).toEqual([
      { id: 1, name: 'ann', v: 10 },
      { id: 2, name: 'bob', v: 20 },
      { id: 3, name: 'cy', v: 30 },
    ]);
    expect(await df.dtypes()).toEqual([
      ['id', 'int'],
      ['name', 'string'],
      ['v', 'int'],
    ]);
  });

  it('takes object rows and converts every type to JS', async () => {
    const df = spark.createDataFrame(
      [{ l: 5n, d: '12.5', dt: '2024-01-02', ts: new Date('2024-01-02T03:04:05.123Z'), b: true, a: [1, 2] }],
      'l bigint, d decimal(5,2), dt date, ts timestamp, b boolean, a array<int>',
    );
    expect(await df.collect()).toEqual([
      { l: 5n, d: '12.50', dt: '2024-01-02', ts: new Date('2024-01-02T03:04:05.123Z'), b: true, a: [1, 2] },
    ]);
  });

  it('keeps the schema of zero rows', async () => {
    const df = spark.createDataFrame([], 'id int, name string');
    expect(await df.collect()).toEqual([]);
    expect(await df.columns()).toEqual(['id', 'name']);
  });
});

describe('transformations', () => {
  it('select, selectExpr, filter and where', async () => {
    const df = people();
    expect(await df.select('name', col('v').plus(1).alias('w')).collect()).toEqual([
      { name: 'ann', w: 11 },
      { name: 'bob', w: 21 },
      { name: 'cy', w: 31 },
    ]);
    expect(await df.selectExpr('id * 2 AS d', 'upper(name)').columns()).toEqual(['d', 'upper(name)']);
    expect(await df.filter(col('v').gt(15)).where('id < 3').collect()).toEqual([
      { id: 2, name: 'bob', v: 20 },
    ]);
    expect(await df.filter(df.col('v').between(10, 20)).count()).toBe(2);
  });

  it('withColumn replaces a column in place, else appends it', async () => {
    const df = people();
    const replaced = df.withColumn('name', upper('name'));
    expect(await replaced.columns()).toEqual(['id', 'name', 'v']);
    expect((await replaced.first())?.name).toBe('ANN');
    const appended = df.withColumn('big', col('v').gt(15));
    expect(await appended.columns()).toEqual(['id', 'name', 'v', 'big']);
    expect((await appended.collect()).map((r) => r.big)).toEqual([false, true, true]);
  });

  it('withColumnRenamed and drop (unknown names are no-ops)', async () => {
    const df = people();
    expect(await df.withColumnRenamed('v', 'value').columns()).toEqual(['id', 'name', 'value']);
    expect(await df.withColumnRenamed('nope', 'x').columns()).toEqual(['id', 'name', 'v']);
    expect(await df.drop('name', 'nope').collect()).toEqual([
      { id: 1, v: 10 },
      { id: 2, v: 20 },
      { id: 3, v: 30 },
    ]);
  });

  it('orderBy, limit, distinct and dropDuplicates', async () => {
    const df = people();
    expect((await df.orderBy(col('v').desc()).limit(2).collect()).map((r) => r.id)).toEqual([3, 2]);
    const dup = spark.createDataFrame(
      [
        [1, 'a'],
        [1, 'a'],
        [1, 'b'],
      ],
      'k int, s string',
    );
    expect(await dup.distinct().count()).toBe(2);
    expect(await dup.dropDuplicates(['k']).count()).toBe(1);
    expect(await dup.dropDuplicates(['k']).columns()).toEqual(['k', 's']);
  });

  it('when/otherwise and lit', async () => {
    const df = people().select(
      'id',
      when(col('v').lt(15), 'low').when(col('v').lt(25), 'mid').otherwise('high').alias('band'),
      lit(7).alias('seven'),
    );
    expect(await df.collect()).toEqual([
      { id: 1, band: 'low', seven: 7 },
      { id: 2, band: 'mid', seven: 7 },
      { id: 3, band: 'high', seven: 7 },
    ]);
  });

  it('range', async () => {
    const df = spark.range(1, 7, 2);
    expect(await df.collect()).toEqual([{ id: 1n }, { id: 3n }, { id: 5n }]);
    expect((await df.schema()).treeString()).toBe('root\n |-- id: long (nullable = false)\n');
  });
});

describe('groupBy', () => {
  const sales = () =>
    spark.createDataFrame(
      [
        ['a', 1],
        ['a', 2],
        ['b', 5],
      ],
      'k string, v int',
    );

  it('names aggregates as Spark does', async () => {
    const df = sales()
      .groupBy('k')
      .agg(sum('v'), max(col('v')).alias('top'), countDistinct('v'));
    expect(await df.columns()).toEqual(['k', 'sum(v)', 'top', 'count(DISTINCT v)']);
    expect((await df.orderBy('k').collect()).map((r) => [r.k, r['sum(v)'], r.top])).toEqual([
      ['a', 3n, 2],
      ['b', 5n, 5],
    ]);
  });

  it('count(), sum(), avg() shortcuts', async () => {
    expect(await sales().groupBy('k').count().orderBy('k').collect()).toEqual([
      { k: 'a', count: 2n },
      { k: 'b', count: 1n },
    ]);
    expect(await sales().groupBy('k').avg('v').orderBy('k').collect()).toEqual([
      { k: 'a', 'avg(v)': 1.5 },
      { k: 'b', 'avg(v)': 5 },
    ]);
    expect(await sales().groupBy().sum().collect()).toEqual([{ 'sum(v)': 8n }]);
    expect(await sales().agg({ v: 'max' }).collect()).toEqual([{ 'max(v)': 5 }]);
  });
});

describe('joins', () => {
  const left = () =>
    spark.createDataFrame(
      [
        [1, 'a'],
        [2, 'b'],
      ],
      'k int, l string',
    );
  const right = () =>
    spark.createDataFrame(
      [
        [2, 'x'],
        [3, 'y'],
      ],
      'k int, r string',
    );

  it('USING joins of every kind keep the key once', async () => {
    expect(await left().join(right(), 'k').collect()).toEqual([{ k: 2, l: 'b', r: 'x' }]);
    expect(
      byId((await left().join(right(), ['k'], 'left').collect()).map((r) => ({ id: r.k, ...r }))),
    ).toEqual([
      { id: 1, k: 1, l: 'a', r: null },
      { id: 2, k: 2, l: 'b', r: 'x' },
    ]);
    expect(
      byId((await left().join(right(), 'k', 'right').collect()).map((r) => ({ id: r.k, ...r }))),
    ).toEqual([
      { id: 2, k: 2, l: 'b', r: 'x' },
      { id: 3, k: 3, l: null, r: 'y' },
    ]);
    expect(byId((await left().join(right(), 'k', 'full').collect()).map((r) => ({ id: r.k, ...r })))).toEqual(
      [
        { id: 1, k: 1, l: 'a', r: null },
        { id: 2, k: 2, l: 'b', r: 'x' },
        { id: 3, k: 3, l: null, r: 'y' },
      ],
    );
    expect(await left().join(right(), 'k', 'left_semi').collect()).toEqual([{ k: 2, l: 'b' }]);
    expect(await left().join(right(), 'k', 'left_anti').collect()).toEqual([{ k: 1, l: 'a' }]);
  });

  it('a Column condition resolves each side by its DataFrame', async () => {
    const a = left();
    const b = right();
    const joined = a.join(b, a.col('k').equalTo(b.col('k')), 'inner').select(a.col('k'), 'l', 'r');
    expect(await joined.collect()).toEqual([{ k: 2, l: 'b', r: 'x' }]);
    const aliased = left()
      .alias('p')
      .join(right().alias('q'), col('p.k').equalTo(col('q.k')), 'left')
      .select('p.k', 'q.r')
      .orderBy('k');
    expect(await aliased.collect()).toEqual([
      { k: 1, r: null },
      { k: 2, r: 'x' },
    ]);
  });

  it('cross join', async () => {
    expect(await left().crossJoin(right()).count()).toBe(4);
  });
});

describe('set operations', () => {
  it('union is by position, unionByName by name with missing columns as NULL', async () => {
    const a = spark.createDataFrame([[1, 'x']], 'id int, s string');
    const b = spark.createDataFrame([['y', 2]], 's string, id int');
    expect(await a.union(spark.createDataFrame([[2, 'z']], 'n int, t string')).collect()).toEqual([
      { id: 1, s: 'x' },
      { id: 2, s: 'z' },
    ]);
    expect(await a.unionByName(b).collect()).toEqual([
      { id: 1, s: 'x' },
      { id: 2, s: 'y' },
    ]);
    const c = spark.createDataFrame([[3, true]], 'id int, flag boolean');
    expect(await a.unionByName(c, true).collect()).toEqual([
      { id: 1, s: 'x', flag: null },
      { id: 3, s: null, flag: true },
    ]);
    await expect(a.unionByName(c).collect()).rejects.toMatchObject({
      errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION',
    });
  });
});

describe('views, sql and output', () => {
  it('createOrReplaceTempView is visible to spark.sql and spark.table', async () => {
    await people().createOrReplaceTempView('people');
    const df = await spark.sql('SELECT name FROM people WHERE v > 15 ORDER BY name');
    expect(await df.collect()).toEqual([{ name: 'bob' }, { name: 'cy' }]);
    expect(await (await spark.table('people')).count()).toBe(3);
    expect(await spark.catalog.tableExists('people')).toBe(true);
    expect(spark.catalog.dropTempView('people')).toBe(true);
    expect(await spark.catalog.tableExists('people')).toBe(false);
  });

  it('expr() parses Spark SQL', async () => {
    expect(await people().select(expr('v * 2').alias('d')).collect()).toEqual([
      { d: 20 },
      { d: 40 },
      { d: 60 },
    ]);
  });

  it('printSchema prints Spark tree format', async () => {
    const df = spark.createDataFrame(
      [],
      'id bigint not null, s struct<a:int,b:array<string>>, m map<string,decimal(10,2)>',
    );
    const text = await df.printSchema();
    expect(text).toBe(
      [
        'root',
        ' |-- id: long (nullable = true)',
        ' |-- s: struct (nullable = true)',
        ' |    |-- a: integer (nullable = true)',
        ' |    |-- b: array (nullable = true)',
        ' |    |    |-- element: string (containsNull = true)',
        ' |-- m: map (nullable = true)',
        ' |    |-- key: string',
        ' |    |-- value: decimal(10,2) (valueContainsNull = true)',
        '',
      ].join('\n'),
    );
    expect(printed.at(-1)).toBe(`${text}\n`);
  });

  it('show() prints Spark table with NULLs and truncated strings', async () => {
    const df = spark.createDataFrame(
      [
        [1, 'short'],
        [2, 'a string that is longer than twenty characters'],
        [3, null],
      ],
      'id int, s string',
    );
    const text = await df.show(2);
    expect(text).toBe(
      [
        '+---+--------------------+',
        '| id|                   s|',
        '+---+--------------------+',
        '|  1|               short|',
        '|  2|a string that is ...|',
        '+---+--------------------+',
        'only showing top 2 rows',
        '',
      ].join('\n'),
    );
    expect(await df.show(20, false)).toBe(
      [
        '+---+----------------------------------------------+',
        '|id |s                                             |',
        '+---+----------------------------------------------+',
        '|1  |short                                         |',
        '|2  |a string that is longer than twenty characters|',
        '|3  |NULL                                          |',
        '+---+----------------------------------------------+',
        '',
      ].join('\n'),
    );
  });

  it("explain prints and returns SQL EXPLAIN's text for PySpark's extended flag and mode names", async () => {
    const df = people().filter('v > 1');
    const simple = await df.explain();
    expect(simple.match(/^== .* ==$/gm)).toEqual(['== Physical Plan ==', '== DuckDB Plan ==']);
    expect((await df.explain(true)).match(/^== .* ==$/gm)).toEqual([
      '== Parsed Logical Plan ==',
      '== Analyzed Logical Plan ==',
      '== Optimized Logical Plan ==',
      '== Physical Plan ==',
      '== DuckDB SQL ==',
      '== DuckDB Plan ==',
    ]);
    expect(await df.explain('extended')).toContain('Filter (v#');
    expect((await df.explain('formatted')).match(/^== .* ==$/gm)).toEqual([
      '== Physical Plan ==',
      '== DuckDB SQL ==',
      '== DuckDB Plan ==',
    ]);
    expect(await df.explain('cost')).toContain('== Analyzed Logical Plan ==');
    await expect(df.explain('codegen')).rejects.toMatchObject({ errorClass: 'UNSUPPORTED_FEATURE' });
    await expect(df.explain('bogus' as 'simple')).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
    });
  });
});
