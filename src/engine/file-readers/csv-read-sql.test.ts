/**
 * The native CSV read (DuckDB's read_csv, csv-read-sql.ts) against csv-reader.ts on the same files: every
 * read planned for the engine must give csv-reader.ts's schema and rows exactly, and the reads that only
 * csv-reader.ts gets right must stay with it. Table-driven cases pin each rule; a seeded random sweep mixes
 * Spark's awkward tokens ('1.50', ' 12', 'NaN', 'True', zones, `\`) with every option combination routed here.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { csvPlanRows, planFileRead } from '../../formats/file-source.js';
import {
  BooleanType,
  type DataType,
  DateType,
  DoubleType,
  field,
  IntegerType,
  LongType,
  StringType,
  type StructType,
  sqlTypeName,
  struct,
} from '../../types/data-types.js';
import { EngineSession } from '../engine-session.js';
import { csvReadSql } from './csv-read-sql.js';
import { fileRowsSql } from './file-rows-sql.js';
import { readFilesSql } from './read-files.js';

let engine: EngineSession;
let dir: string;
let seq = 0;

beforeAll(async () => {
  engine = await EngineSession.create({ threads: 2 });
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-csv-native-'));
});

afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

const json = (rows: Record<string, unknown>[]) =>
  JSON.stringify(rows, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
const schemaText = (s: StructType) => s.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`).join(', ');

interface Outcome {
  readonly native: boolean;
  readonly schema: string;
  readonly rows: Record<string, unknown>[];
}

/** Reads `files` both ways; fails unless a native plan gives exactly the TypeScript reader's schema and rows. */
async function readBoth(
  files: readonly string[],
  options: Record<string, string>,
  schema?: StructType,
): Promise<Outcome> {
  const folder = path.join(dir, `case${seq++}`);
  await mkdir(folder, { recursive: true });
  await Promise.all(files.map((text, i) => writeFile(path.join(folder, `part-${i}.csv`), text)));
  const plan = await planFileRead({
    format: 'csv',
    paths: [folder],
    options: new DataSourceOptions(Object.entries(options)),
    ...(schema ? { schema } : {}),
    dbfsRoot: dir,
  }).catch((e: unknown) => {
    // Files csv-reader.ts refuses (nothing to infer a schema from) are never planned for the engine.
    if (e instanceof LakesqlError) return e;
    throw e;
  });
  if (plan instanceof LakesqlError) return { native: false, schema: plan.errorClass, rows: [] };
  if (plan.kind === 'rows') {
    return {
      native: false,
      schema: schemaText(plan.rows.schema),
      rows: await engine.all(fileRowsSql(plan.rows)),
    };
  }
  if (plan.kind !== 'csv') throw new Error(`unexpected ${plan.kind} plan`);
  const expected = await csvPlanRows(plan);
  const native = csvReadSql(plan);
  expect(schemaText(native.schema)).toBe(schemaText(expected.schema));
  const want = await engine.all(fileRowsSql(expected));
  const got = await engine.all(native.sql);
  expect(json(got)).toBe(json(want));
  return { native: true, schema: schemaText(native.schema), rows: got };
}

const INFER = { header: 'true', inferSchema: 'true' };

describe('plain CSV through read_csv', () => {
  it("infers Spark's types from the tokens' shapes and reads each file once, header skipped per file", async () => {
    const r = await readBoth(
      [
        'id,name,value,day,flag,big\n1,a,1.50,2024-01-05,True,3000000000\n',
        'id,name,value,day,flag,big\n-2,,2,2024-02-29,FALSE,-1\n',
      ],
      INFER,
    );
    expect(r.native).toBe(true);
    expect(r.schema).toBe('id int, name string, value double, day date, flag boolean, big bigint');
    expect(json(r.rows)).toBe(
      json([
        { id: 1, name: 'a', value: 1.5, day: r.rows[0]!.day, flag: true, big: 3000000000n },
        { id: -2, name: null, value: 2, day: r.rows[1]!.day, flag: false, big: -1n },
      ]),
    );
  });

  it('fills NULLs for short records, keeps CRLF, a missing final newline and backslashes as Spark does', async () => {
    const r = await readBoth(['a;b;c\r\n1;x\\y\r\n2\r\n3;;z'], { ...INFER, sep: ';' });
    expect(r.native).toBe(true);
    expect(r.schema).toBe('a int, b string, c string');
    expect(json(r.rows)).toBe(
      json([
        { a: 1, b: 'x\\y', c: null },
        { a: 2, b: null, c: null },
        { a: 3, b: null, c: 'z' },
      ]),
    );
  });

  it('reads every column as a string without inferSchema, spaces kept', async () => {
    const r = await readBoth(['a,b\n 12 ,NaN\n'], { header: 'true' });
    expect(r.native).toBe(true);
    expect(json(r.rows)).toBe(json([{ a: ' 12 ', b: 'NaN' }]));
  });

  it('reads a given schema natively only where every token parses alike', async () => {
    const s = struct([field('a', LongType), field('b', DoubleType), field('c', DateType)]);
    const ok = await readBoth(['1,2,2024-01-01\n3,4.25,2024-12-31\n'], {}, s);
    expect(ok.native).toBe(true);
    // '+5' is a Java long but not a shape read_csv is trusted with; ' 4' is malformed for Spark's double.
    for (const text of ['+5,2,2024-01-01\n', '1, 4,2024-01-01\n', '1,2,2024-1-1\n', '1,2,0999-01-01\n']) {
      expect((await readBoth([text], {}, s)).native, text).toBe(false);
    }
  });

  it('is one read_csv with the types by position, nothing sniffed, names restored outside', async () => {
    const folder = path.join(dir, 'sql-shape');
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, 'x.csv');
    await writeFile(file, 'id,select\n1,a\n');
    const plan = await planFileRead({
      format: 'csv',
      paths: [file],
      options: new DataSourceOptions(Object.entries(INFER)),
      dbfsRoot: dir,
    });
    if (plan.kind !== 'csv') throw new Error(plan.kind);
    expect(csvReadSql(plan).sql).toBe(
      `SELECT "c0" AS "id", "c1" AS "select" FROM read_csv(['${file}'], columns = {'c0': 'INTEGER', 'c1': 'VARCHAR'}, ` +
        `header = true, delim = ',', quote = '"', auto_detect = false, null_padding = true)`,
    );
  });

  it("reads natively through read_files() too, whose options carry the format and the DataFrame's schema", async () => {
    const folder = path.join(dir, 'read-files');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'x.csv'), 'id,name\n1,a\n2,b\n');
    const schema = struct([field('id', IntegerType), field('name', StringType)]);
    const read = await readFilesSql(engine, {
      format: 'csv',
      paths: [folder],
      options: new DataSourceOptions([
        ['format', 'csv'],
        ['schema', 'id INT, name STRING'],
        ['header', 'true'],
        ['inferSchema', 'true'],
      ]),
      schema,
      dbfsRoot: dir,
    });
    expect(read.sql).toContain('FROM read_csv([');
    expect(json(await engine.all(read.sql))).toBe(
      json([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
    );
  });

  it('keeps csv-reader.ts for a file whose path read_csv would take for a glob', async () => {
    const folder = path.join(dir, 'glob-name');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'a[1].csv'), 'a\n1\n');
    const plan = await planFileRead({
      format: 'csv',
      paths: [folder],
      options: new DataSourceOptions(Object.entries(INFER)),
      dbfsRoot: dir,
    });
    expect(plan.kind).toBe('rows');
  });

  const TYPESCRIPT_ONLY: readonly [string, readonly string[], Record<string, string>][] = [
    ['a quote anywhere', ['a,b\n"x,y",1\n'], INFER],
    ['a record longer than the header', ['a,b\n1,2,3\n'], INFER],
    ['a blank line', ['a,b\n1,2\n\n3,4\n'], INFER],
    ['a whitespace-only line', ['a,b\n1,2\n  \n'], INFER],
    ['a lone \\r line break', ['a,b\r1,2\r'], INFER],
    ['a BOM', ['\ufeffa,b\n1,2\n'], INFER],
    ['a NUL byte', ['a,b\n1,x\u0000y\n'], INFER],
    ['NaN among doubles', ['a\n1.5\nNaN\n'], INFER],
    ['Infinity', ['a\nInfinity\n'], INFER],
    ['a number with spaces', ['a\n 12\n'], INFER],
    ['a timestamp with a zone', ['a\n2024-01-01T10:00:00Z\n'], INFER],
    ['dates and numbers mixed', ['a\n2024-01-01\n5\n'], INFER],
    ['a 19-digit integer', ['a\n1234567890123456789\n'], INFER],
    ['DROPMALFORMED', ['a,b\n1,2\n'], { ...INFER, mode: 'DROPMALFORMED' }],
    ['FAILFAST', ['a,b\n1,2\n'], { ...INFER, mode: 'FAILFAST' }],
    ['a rescued data column', ['a,b\n1,2\n'], { ...INFER, rescuedDataColumn: '_rescued' }],
    ['a charset other than UTF-8', ['a,b\n1,2\n'], { ...INFER, encoding: 'ISO-8859-1' }],
    ['samplingRatio', ['a,b\n1,2\n'], { ...INFER, samplingRatio: '0.5' }],
    ['a nullValue', ['a,b\n1,NA\n'], { ...INFER, nullValue: 'NA' }],
    ['a comment character', ['a,b\n#x\n1,2\n'], { ...INFER, comment: '#' }],
    ['a lineSep', ['a,b\n1,2\n'], { ...INFER, lineSep: '\n' }],
    ['a timestampFormat', ['a,b\n1,2\n'], { ...INFER, timestampFormat: 'yyyy' }],
    ['ignoreLeadingWhiteSpace', ['a,b\n1,2\n'], { ...INFER, ignoreLeadingWhiteSpace: 'true' }],
    ['a corrupt-record column in the header', ['a,_corrupt_record\n1,2\n'], INFER],
    ['an option read_csv is not known to honour alike', ['a,b\n1,2\n'], { ...INFER, maxColumns: '5' }],
  ];

  it.each(TYPESCRIPT_ONLY)('keeps csv-reader.ts for %s', async (_, files, options) => {
    expect((await readBoth(files, options)).native).toBe(false);
  });
});

/** A deterministic generator (mulberry32), so that a failure names a case that can be run again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Token families: one family per column keeps columns typed; a stray AWKWARD token mixes one up. */
const FAMILIES: readonly (readonly string[])[] = [
  ['0', '7', '-3', '2147483647', '-2147483648', '007', '123456789'],
  ['2147483648', '-9000000000', '123456789012345678', '5'],
  ['1.50', '-0.25', '3.0', '12345678901234567.125', '2'],
  ['2024-01-05', '2024-02-29', '1999-12-31', '1000-01-01'],
  ['true', 'False', 'TRUE', 'fAlSe'],
  ['abc', 'name_1', 'x y', 'a\\b', 'Ünï', '_x', 'Zed', 'é', 'hello world '],
];
const AWKWARD = [
  '',
  ' 12',
  '12 ',
  '+5',
  'NaN',
  'Infinity',
  'Inf',
  '-Inf',
  '1e5',
  '1d',
  '0x10',
  '.5',
  '5.',
  '-',
  '1_000',
  '2024-1-5',
  '2024-01-05 10:00:00',
  '2024-01-05T10:00:00Z',
  '0999-12-31',
  '2023-02-29',
  'tom',
  'True ',
  '99999999999999999999',
  'T10:00',
  '\\',
];
const SCHEMA_TYPES: readonly DataType[] = [
  IntegerType,
  LongType,
  DoubleType,
  DateType,
  BooleanType,
  StringType,
];

describe('plain CSV through read_csv, random files', () => {
  it('gives csv-reader.ts rows for every generated file and option combination it takes', async () => {
    const next = random(10);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    let native = 0;
    const cases = 300;
    for (let c = 0; c < cases; c++) {
      const width = 1 + Math.floor(next() * 4);
      const families = Array.from({ length: width }, () => pick(FAMILIES));
      const sep = pick([',', ';', '\t', '|']);
      const eol = pick(['\n', '\r\n']);
      const header = next() < 0.7;
      // One awkward token per case at most, so that each one is met alone (another would hide it).
      const stray = next() < 0.6 ? pick(AWKWARD) : undefined;
      const files = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
        const lines: string[] = header ? [families.map((_, i) => `col${i}`).join(sep)] : [];
        const count = 1 + Math.floor(next() * 6);
        for (let l = 0; l < count; l++) {
          const cells = families.map((f) =>
            stray !== undefined && next() < 0.2 ? stray : next() < 0.1 ? '' : pick(f),
          );
          // Now and then a short record, which both fill with NULLs.
          const kept = next() < 0.1 ? cells.slice(0, Math.max(1, width - 1)) : cells;
          lines.push(kept.join(sep));
        }
        return lines.join(eol) + (next() < 0.8 ? eol : '');
      });
      const options: Record<string, string> = { header: String(header), sep };
      let schema: StructType | undefined;
      const mode = next();
      if (mode < 0.6) options.inferSchema = 'true';
      else if (mode < 0.85) schema = struct(families.map((_, i) => field(`col${i}`, pick(SCHEMA_TYPES))));
      const r = await readBoth(files, options, schema).catch((e: unknown) => {
        throw new Error(`case ${c}: ${JSON.stringify({ files, options, schema })}: ${String(e)}`);
      });
      if (r.native) native += 1;
    }
    // The sweep must exercise both paths.
    expect(native).toBeGreaterThan(cases / 4);
    expect(native).toBeLessThan(cases);
  }, 120_000);
});
