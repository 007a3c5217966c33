/** spark.read and SQL path tables over real files in a temp folder: schemas as simpleString, exact rows. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../lake-session.js';
import type { DataFrame } from './dataframe.js';

let dir: string;
let spark: LakeSession;
const STUDENT = `StudentId,Name,Subject,Mark
1,Ram,science,80
1,Ram,maths,90
1,Ram,language,85
2,Tom,science,72
2,Tom,maths,75
2,Tom,science,79
3,Kim,science,81
3,Kim,maths,92
3,Kim,language,89
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-reader-'));
  spark = await LakeSession.builder()
    .config('spark.sql.warehouse.dir', path.join(dir, 'warehouse'))
    .withOutput(() => {})
    .getOrCreate();
  await mkdir(path.join(dir, 'dbfs/FileStore/sample_data'), { recursive: true });
  await writeFile(path.join(dir, 'dbfs/FileStore/sample_data/sampleStudent.csv'), STUDENT);
});

afterAll(async () => {
  spark.stop();
  await rm(dir, { recursive: true, force: true });
});

const types = async (df: DataFrame) => (await df.dtypes()).map(([n, t]) => `${n} ${t}`).join(', ');
const file = async (name: string, text: string) => {
  const p = path.join(dir, name);
  await mkdir(path.dirname(p), { recursive: true });
  await writeFile(p, text);
  return p;
};

describe('CSV', () => {
  it('reads the seed file from dbfs:/ with header and inferSchema', async () => {
    const df = await spark.read
      .options({ header: 'True', inferSchema: 'True' })
      .csv('dbfs:/FileStore/sample_data/sampleStudent.csv');
    expect(await types(df)).toBe('StudentId int, Name string, Subject string, Mark int');
    const rows = await df.collect();
    expect(rows.length).toBe(9);
    expect(rows[0]).toEqual({ StudentId: 1, Name: 'Ram', Subject: 'science', Mark: 80 });
  });

  it('is all strings without inferSchema, and _c<i> names without header', async () => {
    const p = path.join(dir, 'dbfs/FileStore/sample_data/sampleStudent.csv');
    expect(await types(await spark.read.option('header', true).csv(p))).toBe(
      'StudentId string, Name string, Subject string, Mark string',
    );
    const noHeader = await spark.read.csv(`/dbfs/FileStore/sample_data/sampleStudent.csv`);
    expect(await types(noHeader)).toBe('_c0 string, _c1 string, _c2 string, _c3 string');
  });

  it('infers Spark types: bigint, decimal, double, boolean, date, timestamp, mixed as string', async () => {
    const p = await file(
      'types.csv',
      'i,l,d,x,b,dt,ts,m,n\n1,3000000000,12345678901234567890,1.5,true,2024-01-15,2024-01-15 10:30:00,1,\n2,4,5,2,false,2024-02-01,2024-01-16T11:00:00,a,\n',
    );
    const df = await spark.read.option('header', 'true').option('inferSchema', 'true').csv(p);
    expect(await types(df)).toBe(
      'i int, l bigint, d decimal(20,0), x double, b boolean, dt date, ts timestamp, m string, n string',
    );
    const rows = await df.collect();
    expect(rows[1]?.l).toBe(4n);
    expect(rows[0]?.x).toBe(1.5);
    expect(rows[0]?.n).toBe(null);
  });

  it('honours sep, quote, escape, comment, nullValue and whitespace options', async () => {
    const p = await file('opts.csv', '# comment\na;b;c\n"x;1";NA;  pad  \n\'q\';\\"e;z\n');
    const df = await spark.read
      .options({
        header: true,
        sep: ';',
        comment: '#',
        nullValue: 'NA',
        ignoreLeadingWhiteSpace: true,
        ignoreTrailingWhiteSpace: true,
      })
      .csv(p);
    expect(await df.collect()).toEqual([
      { a: 'x;1', b: null, c: 'pad' },
      { a: "'q'", b: '\\"e', c: 'z' },
    ]);
  });

  it('applies the modes to malformed records', async () => {
    const p = await file('bad.csv', 'a,b\n1,2\nx,3\n4\n');
    const permissive = await spark.read
      .option('header', true)
      .schema('a int, b int, _corrupt_record string')
      .csv(p);
    expect(await permissive.collect()).toEqual([
      { a: 1, b: 2, _corrupt_record: null },
      { a: null, b: 3, _corrupt_record: 'x,3' },
      { a: 4, b: null, _corrupt_record: '4' },
    ]);
    const dropped = await spark.read
      .option('header', true)
      .option('mode', 'DROPMALFORMED')
      .schema('a int, b int')
      .csv(p);
    expect(await dropped.collect()).toEqual([{ a: 1, b: 2 }]);
    await expect(
      spark.read.option('header', true).option('mode', 'FAILFAST').schema('a int, b int').csv(p),
    ).rejects.toMatchObject({ errorClass: 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION' });
    await expect(
      spark.read.option('header', true).option('mode', 'FAILFAST').schema('a int, b int').csv(p),
    ).rejects.toThrow(/bad\.csv, line 3/);
  });

  it('fails with PATH_NOT_FOUND for a missing path', async () => {
    await expect(spark.read.csv(path.join(dir, 'nope.csv'))).rejects.toMatchObject({
      errorClass: 'PATH_NOT_FOUND',
    });
  });

  it('reads folders recursively, skipping _ and . files, with Hive partitions typed', async () => {
    await file('part/year=2024/k=a/p1.csv', 'v\n1\n');
    await file('part/year=2025/k=b/p2.csv', 'v\n2\n');
    await file('part/_SUCCESS', '');
    await file('part/.hidden.csv', 'v\n9\n');
    const df = await spark.read.options({ header: true, inferSchema: true }).csv(path.join(dir, 'part'));
    expect(await types(df)).toBe('v int, year int, k string');
    expect(await df.orderBy('v').collect()).toEqual([
      { v: 1, year: 2024, k: 'a' },
      { v: 2, year: 2025, k: 'b' },
    ]);
    const glob = await spark.read.option('header', true).csv(path.join(dir, 'part/year=*/k=b/*.csv'));
    expect(await glob.collect()).toEqual([{ v: '2' }]);
  });
});

describe('JSON, text and Parquet', () => {
  it('infers JSON lines with nested structs and arrays, and keeps corrupt records', async () => {
    const p = await file('e.json', '{"id":1,"tags":["a"],"s":{"y":1.5,"x":"q"}}\n{"id":2}\nnot json\n');
    const df = await spark.read.json(p);
    expect(await types(df)).toBe(
      '_corrupt_record string, id bigint, s struct<x:string,y:double>, tags array<string>',
    );
    const rows = await df.collect();
    expect(rows[2]).toEqual({ _corrupt_record: 'not json', id: null, s: null, tags: null });
    expect(rows[0]?.id).toBe(1n);
    const strings = await spark.read
      .option('primitivesAsString', true)
      .option('mode', 'DROPMALFORMED')
      .json(p);
    expect(await types(strings)).toBe('id string, s struct<x:string,y:string>, tags array<string>');
  });

  it('reads multiLine JSON documents', async () => {
    const p = await file('m.json', '[\n {"a": 1},\n {"a": 2, "b": true}\n]\n');
    const df = await spark.read.option('multiLine', true).json(p);
    expect(await types(df)).toBe('a bigint, b boolean');
    expect((await df.collect()).length).toBe(2);
  });

  it('reads text as one value column per line', async () => {
    const p = await file('t.txt', 'one\ntwo\r\nthree\n');
    const df = await spark.read.text(p);
    expect(await types(df)).toBe('value string');
    expect(await df.collect()).toEqual([{ value: 'one' }, { value: 'two' }, { value: 'three' }]);
  });

  it('reads Parquet with its own schema, from SQL path tables too', async () => {
    const out = path.join(dir, 'pq');
    await mkdir(out, { recursive: true });
    await spark.engine.run(
      `COPY (SELECT 1::INTEGER AS a, 'x' AS b, 2.5::DECIMAL(5,2) AS c, TIMESTAMPTZ '2024-01-01 00:00:00+00' AS t) TO '${out}/f.parquet' (FORMAT parquet)`,
    );
    const df = await spark.read.parquet(out);
    expect(await types(df)).toBe('a int, b string, c decimal(5,2), t timestamp');
    const viaSql = await spark.sql(`SELECT a, b FROM parquet.\`${out}\``);
    expect(await viaSql.collect()).toEqual([{ a: 1, b: 'x' }]);
  });
});

describe('SQL', () => {
  it('reads csv.`path` and read_files(…)', async () => {
    const p = path.join(dir, 'dbfs/FileStore/sample_data/sampleStudent.csv');
    const plain = await spark.sql(`SELECT * FROM csv.\`${p}\` LIMIT 1`);
    expect(await plain.collect()).toEqual([{ _c0: 'StudentId', _c1: 'Name', _c2: 'Subject', _c3: 'Mark' }]);
    const rf = await spark.sql(
      `SELECT Name, sum(Mark) AS total FROM read_files('${p}', format => 'csv', header => true, inferSchema => true) GROUP BY Name ORDER BY Name`,
    );
    expect(await rf.collect()).toEqual([
      { Name: 'Kim', total: 262n },
      { Name: 'Ram', total: 255n },
      { Name: 'Tom', total: 226n },
    ]);
  });
});

describe('seed 001, batch part', () => {
  it('reads the CSV, writes Delta, creates the table over it and selects it', async () => {
    const dataframe = await spark.read
      .options({ header: 'True', inferSchema: 'True' })
      .csv('dbfs:/FileStore/sample_data/sampleStudent.csv');
    const savePath = path.join(dir, 'demo_score');
    await dataframe.write.format('delta').save(savePath);
    await spark.sql('create database if not exists demo_db');
    await spark.sql(`CREATE TABLE demo_db.score USING DELTA LOCATION '${savePath}'`);
    const rows = await (
      await spark.sql('SELECT * FROM demo_db.score ORDER BY StudentId, Subject, Mark')
    ).collect();
    expect(rows.length).toBe(9);
    expect(rows[0]).toEqual({ StudentId: 1, Name: 'Ram', Subject: 'language', Mark: 85 });
    expect(await types(await spark.table('demo_db.score'))).toBe(
      'StudentId int, Name string, Subject string, Mark int',
    );
    expect(
      (await readFile(path.join(savePath, '_delta_log/00000000000000000000.json'), 'utf8')).length,
    ).toBeGreaterThan(0);
  });

  it('decodes the charset `encoding` names: Spark 4’s seven, others with spark.sql.legacy.javaCharsets', async () => {
    const text = 'id,name\n1,Zoë\n2,Ærø\n';
    const utf16 = path.join(dir, 'people-utf16.csv');
    await writeFile(utf16, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    const cp1252 = path.join(dir, 'people-cp1252.csv');
    await writeFile(cp1252, Buffer.from(text, 'latin1'));
    const names = async (df: DataFrame) => (await df.collect()).map((r) => r.name);
    const reader = () => spark.read.options({ header: 'true', inferSchema: 'true' });
    expect(await names(await reader().option('encoding', 'UTF-16').csv(utf16))).toEqual(['Zoë', 'Ærø']);
    await expect(reader().option('encoding', 'windows-1252').csv(cp1252)).rejects.toMatchObject({
      errorClass: 'INVALID_PARAMETER_VALUE.CHARSET',
    });
    await spark.sql('SET spark.sql.legacy.javaCharsets = true');
    try {
      const rows = await spark.sql(
        `SELECT name FROM read_files('${cp1252}', format => 'csv', header => true, encoding => 'windows-1252')`,
      );
      expect(await names(rows)).toEqual(['Zoë', 'Ærø']);
    } finally {
      await spark.sql('SET spark.sql.legacy.javaCharsets = false');
    }
  });
});

describe('Delta time travel options', () => {
  let location: string;
  const ids = async (df: DataFrame) => (await df.orderBy('a').collect()).map((r) => r.a);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    location = path.join(dir, 'travel');
    await spark.sql(`CREATE TABLE travel (a INT) USING DELTA LOCATION '${location}'`);
    await sleep(20);
    await spark.sql('INSERT INTO travel VALUES (1)');
    await sleep(20);
    await spark.sql('INSERT INTO travel VALUES (2)');
  });

  it('versionAsOf reads that version, by path, by option path and by table(), as VERSION AS OF does', async () => {
    expect(await ids(await spark.read.format('delta').load(location))).toEqual([1, 2]);
    expect(await ids(await spark.read.format('delta').option('versionAsOf', 1).load(location))).toEqual([1]);
    expect(await ids(await spark.read.format('delta').option('versionAsOf', 0).load(location))).toEqual([]);
    expect(
      await ids(await spark.read.format('delta').options({ path: location, VersionAsOf: '1' }).load()),
    ).toEqual([1]);
    expect(await ids(await spark.read.option('versionAsOf', 1).table('travel'))).toEqual([1]);
    expect(await ids(await spark.sql('SELECT * FROM travel VERSION AS OF 1'))).toEqual([1]);
  });

  it('timestampAsOf reads the version current at that time', async () => {
    const history = await (await spark.sql('DESCRIBE HISTORY travel')).collect();
    const at = (v: number) => history.find((r) => r.version === BigInt(v))!.timestamp as Date;
    const text = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
    const byOption = await spark.read
      .format('delta')
      .option('timestampAsOf', text(at(1)))
      .load(location);
    expect(await ids(byOption)).toEqual([1]);
    const byTable = await spark.read.option('timestampAsOf', text(at(2))).table('travel');
    expect(await ids(byTable)).toEqual([1, 2]);
    await expect(
      spark.read.format('delta').option('timestampAsOf', '2999-01-01 00:00:00').load(location),
    ).rejects.toMatchObject({ errorClass: 'DELTA_TIMESTAMP_GREATER_THAN_COMMIT', sqlState: '42816' });
  });

  it('a version that does not exist, both options, or a version that is no number fail at the read', async () => {
    await expect(spark.read.format('delta').option('versionAsOf', 5).load(location)).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_TIME_TRAVEL_VERSION',
      messageParameters: { version: 5, earliest: 0, latest: 2 },
    });
    await expect(spark.read.option('versionAsOf', 5).table('travel')).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_TIME_TRAVEL_VERSION',
    });
    await expect(
      spark.read.format('delta').options({ versionAsOf: 1, timestampAsOf: '2024-01-01' }).load(location),
    ).rejects.toMatchObject({ errorClass: 'DELTA_ONEOF_IN_TIMETRAVEL', sqlState: '42601' });
    await expect(
      spark.read.options({ versionAsOf: 1, timestampAsOf: '2024-01-01' }).table('travel'),
    ).rejects.toMatchObject({ errorClass: 'INVALID_TIME_TRAVEL_SPEC', sqlState: '42K0E' });
    await expect(
      spark.read.format('delta').option('versionAsOf', 'one').load(location),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_TIME_TRAVEL_INVALID_BEGIN_VALUE',
      sqlState: '42604',
      messageParameters: { timeTravelKey: 'versionAsOf' },
    });
    await expect(spark.read.option('timestampAsOf', 'yesterday').table('travel')).rejects.toMatchObject({
      errorClass: 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.OPTION',
      sqlState: '42K0E',
      messageParameters: { expr: '"yesterday"' },
    });
  });

  it('time travel on a view is refused, by option and in SQL', async () => {
    await spark.createDataFrame([[1]], 'a int').createOrReplaceTempView('travel_view');
    const refused = {
      errorClass: 'UNSUPPORTED_FEATURE.TIME_TRAVEL',
      sqlState: '0A000',
      messageParameters: { relationId: '`travel_view`' },
    };
    await expect(spark.read.option('versionAsOf', 0).table('travel_view')).rejects.toMatchObject(refused);
    await expect(spark.sql('SELECT * FROM travel_view VERSION AS OF 0')).rejects.toMatchObject(refused);
  });
});
