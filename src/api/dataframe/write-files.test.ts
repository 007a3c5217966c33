/** DataFrameWriter for files: Spark's layout, exact CSV/JSON/text bytes, codecs, modes, errors, read back. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-write-files-'));
  spark = await LakeSession.create({ warehouse: path.join(dir, 'wh'), output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const PART = /^part-00000-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-c000/;

async function files(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
}

async function onlyPart(folder: string, ext: string): Promise<string> {
  const names = (await files(folder)).filter((f) => f !== '_SUCCESS');
  expect(names).toHaveLength(1);
  expect(names[0]!).toMatch(PART);
  expect(names[0]!.endsWith(ext)).toBe(true);
  return path.join(folder, names[0]!);
}

async function errorOf(p: Promise<unknown>): Promise<LakesqlError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LakesqlError);
  return e as LakesqlError;
}

const sample = () =>
  spark.sql(`SELECT * FROM VALUES
    (1, 'plain', 1.5D, CAST(12.50 AS DECIMAL(5,2)), DATE '2024-03-01', TIMESTAMP '2024-03-01 10:20:30.123', true),
    (2, 'a,b "q" \\\\x', 1e10D, CAST(-0.05 AS DECIMAL(5,2)), NULL, NULL, false),
    (3, '', NULL, NULL, DATE '1999-12-31', TIMESTAMP '1999-12-31 23:59:59', NULL),
    (4, NULL, CAST('NaN' AS DOUBLE), CAST(0 AS DECIMAL(5,2)), NULL, NULL, NULL)
    AS t(id, s, d, m, dt, ts, b)`);

describe('csv', () => {
  it('writes Spark CSV text: quoting, escapes, empty vs NULL, number and datetime text', async () => {
    const out = path.join(dir, 'csv1');
    await (await sample()).write.format('csv').save(out);
    expect(await files(out)).toContain('_SUCCESS');
    expect(await readFile(path.join(out, '_SUCCESS'), 'utf8')).toBe('');
    const text = await readFile(await onlyPart(out, '.csv'), 'utf8');
    expect(text).toBe(
      [
        '1,plain,1.5,12.50,2024-03-01,2024-03-01T10:20:30.123Z,true',
        '2,"a,b \\"q\\" \\x",1.0E10,-0.05,,,false',
        '3,"",,,1999-12-31,1999-12-31T23:59:59.000Z,',
        '4,,NaN,0.00,,,',
        '',
      ].join('\n'),
    );
  });

  it('header, sep, nullValue, dateFormat and timestampFormat options; gzip', async () => {
    const out = path.join(dir, 'csv2');
    await (await sample())
      .select('id', 's', 'dt', 'ts')
      .write.format('csv')
      .option('header', true)
      .option('sep', ';')
      .option('nullValue', 'NA')
      .option('dateFormat', 'dd/MM/yyyy')
      .option('timestampFormat', 'yyyy-MM-dd HH:mm')
      .option('compression', 'gzip')
      .save(out);
    const gz = await onlyPart(out, '.csv.gz');
    expect(gunzipSync(await readFile(gz)).toString('utf8')).toBe(
      'id;s;dt;ts\n1;plain;01/03/2024;2024-03-01 10:20\n2;"a,b \\"q\\" \\x";NA;NA\n3;"";31/12/1999;1999-12-31 23:59\n4;NA;NA;NA\n',
    );
  });

  it('timestamps follow the session time zone', async () => {
    const out = path.join(dir, 'csv-tz');
    await spark.sql(`SET spark.sql.session.timeZone = America/Los_Angeles`);
    try {
      await (await spark.sql(`SELECT TIMESTAMP '2024-07-01 12:00:00' AS ts`)).write.csv(out);
    } finally {
      await spark.sql(`SET spark.sql.session.timeZone = UTC`);
    }
    expect(await readFile(await onlyPart(out, '.csv'), 'utf8')).toBe('2024-07-01T12:00:00.000-07:00\n');
  });

  it('reads back what it wrote', async () => {
    const out = path.join(dir, 'csv3');
    await (await sample()).select('id', 's', 'd').write.option('header', 'true').csv(out);
    const back = await spark.read.option('header', true).option('inferSchema', true).csv(out);
    expect((await back.schema()).fields.map((f) => `${f.name} ${f.dataType.simpleString()}`)).toEqual([
      'id int',
      's string',
      'd double',
    ]);
    const rows = await back.orderBy('id').collect();
    // Spark reads `""` back as NULL too: the empty value equals the default nullValue.
    expect(rows.map((r) => r.s)).toEqual(['plain', 'a,b "q" \\x', null, null]);
  });

  it('refuses nested columns', async () => {
    const e = await errorOf((await spark.sql('SELECT array(1) AS a')).write.csv(path.join(dir, 'csv-bad')));
    expect(e.errorClass).toBe('UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE');
    expect(e.messageParameters).toEqual({ columnName: '`a`', columnType: '"ARRAY<INT>"', format: 'CSV' });
  });
});

describe('json', () => {
  it('writes JSON lines with Spark value forms', async () => {
    const out = path.join(dir, 'json1');
    await (await sample()).write.format('json').save(out);
    const text = await readFile(await onlyPart(out, '.json'), 'utf8');
    expect(text).toBe(
      [
        '{"id":1,"s":"plain","d":1.5,"m":12.50,"dt":"2024-03-01","ts":"2024-03-01T10:20:30.123Z","b":true}',
        '{"id":2,"s":"a,b \\"q\\" \\\\x","d":1.0E10,"m":-0.05,"b":false}',
        '{"id":3,"s":"","dt":"1999-12-31","ts":"1999-12-31T23:59:59.000Z"}',
        '{"id":4,"d":"NaN","m":0.00}',
        '',
      ].join('\n'),
    );
  });

  it('nests arrays, structs and maps', async () => {
    const out = path.join(dir, 'json2');
    await (
      await spark.sql(
        `SELECT array(1, NULL) AS a, named_struct('x', 1, 'y', CAST(NULL AS STRING)) AS st, map('k', 2) AS mp, X'0102' AS bin`,
      )
    ).write.json(out);
    expect(await readFile(await onlyPart(out, '.json'), 'utf8')).toBe(
      '{"a":[1,null],"st":{"x":1},"mp":{"k":2},"bin":"AQI="}\n',
    );
  });
});

describe('text', () => {
  it('writes one line per row, NULL as an empty line', async () => {
    const out = path.join(dir, 'text1');
    await (await spark.sql(`SELECT * FROM VALUES ('a'), (NULL), ('b c') AS t(v)`)).write.text(out);
    expect(await readFile(await onlyPart(out, '.txt'), 'utf8')).toBe('a\n\nb c\n');
    const back = await spark.read.text(out);
    expect((await back.collect()).map((r) => r.value)).toEqual(['a', '', 'b c']);
  });

  it('needs exactly one string column', async () => {
    const two = await errorOf(
      (await spark.sql(`SELECT 'a' AS x, 'b' AS y`)).write.text(path.join(dir, 'text-bad')),
    );
    expect(two.errorClass).toBe('_LEGACY_ERROR_TEMP_1290');
    const int = await errorOf((await spark.sql(`SELECT 1 AS x`)).write.text(path.join(dir, 'text-bad2')));
    expect(int.errorClass).toBe('UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE');
  });
});

describe('parquet', () => {
  it('snappy by default, zstd/gzip/none on request, read back', async () => {
    const df = await sample();
    for (const [codec, ext] of [
      [undefined, '.snappy.parquet'],
      ['zstd', '.zstd.parquet'],
      ['gzip', '.gz.parquet'],
      ['none', '.parquet'],
    ] as const) {
      const out = path.join(dir, `pq-${codec ?? 'default'}`);
      const w = df.write.format('parquet');
      if (codec) w.option('compression', codec);
      await w.save(out);
      const file = await onlyPart(out, ext);
      if (codec === 'none') expect(file.endsWith('.snappy.parquet')).toBe(false);
      const back = await spark.read.parquet(out);
      expect(await back.count()).toBe(4);
    }
  });

  it('an unknown codec fails as Spark does', async () => {
    const e = await errorOf(
      (await sample()).write.option('compression', 'brotli2').parquet(path.join(dir, 'pq-bad')),
    );
    expect(e.errorClass).toBe('CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION');
  });
});

describe('partitionBy and modes', () => {
  it('Hive folders with Spark escaping and the default partition', async () => {
    const out = path.join(dir, 'parts');
    await (
      await spark.sql(`SELECT * FROM VALUES (1, 'a/b', 1), (2, NULL, 1), (3, 'x y', 2) AS t(id, p, q)`)
    ).write
      .partitionBy('p', 'q')
      .csv(out);
    const names = await files(out);
    expect(names.map((n) => n.replace(/part-.*$/, 'part'))).toEqual([
      '_SUCCESS',
      'p=__HIVE_DEFAULT_PARTITION__/q=1/part',
      'p=a%2Fb/q=1/part',
      'p=x y/q=2/part',
    ]);
    expect(await readFile(path.join(out, names[2]!), 'utf8')).toBe('1\n');
    const back = await spark.read.csv(out);
    expect(await back.columns()).toEqual(['_c0', 'p', 'q']);
    expect((await back.orderBy('_c0').collect()).map((r) => [r._c0, r.p, r.q])).toEqual([
      ['1', 'a/b', 1],
      ['2', null, 1],
      ['3', 'x y', 2],
    ]);
  });

  it('error, ignore, append, overwrite', async () => {
    const out = path.join(dir, 'modes');
    const one = await spark.sql(`SELECT 1 AS id`);
    await one.write.json(out);
    const e = await errorOf(one.write.json(out));
    expect(e.errorClass).toBe('PATH_ALREADY_EXISTS');
    await one.write.mode('ignore').json(out);
    expect((await files(out)).length).toBe(2);
    await one.write.mode('append').json(out);
    expect((await files(out)).length).toBe(3);
    expect(await (await spark.read.json(out)).count()).toBe(2);
    await (await spark.sql(`SELECT 7 AS id`)).write.mode('overwrite').json(out);
    expect((await files(out)).length).toBe(2);
    expect((await (await spark.read.json(out)).collect()).map((r) => r.id)).toEqual([7n]);
  });
});
