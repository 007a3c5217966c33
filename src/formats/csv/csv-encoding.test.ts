/**
 * The CSV reader's `encoding`/`charset` option: real files written in each charset, read back through
 * decodeFileText (the bytes-to-text step of a file read) and readCsv.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { sqlTypeName } from '../../types/data-types.js';
import { DataSourceOptions } from '../data-source-options.js';
import { decodeFileText } from '../text-reader.js';
import { csvOptions } from './csv-options.js';
import { readCsv } from './csv-reader.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lakesql-csv-enc-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();
const utf32 = (s: string, little: boolean) => {
  const cps = [...s].map((c) => c.codePointAt(0)!);
  const b = Buffer.alloc(cps.length * 4);
  cps.forEach((cp, i) => {
    if (little) b.writeUInt32LE(cp, i * 4);
    else b.writeUInt32BE(cp, i * 4);
  });
  return b;
};
const BOM16BE = Buffer.from([0xfe, 0xff]);
const BOM16LE = Buffer.from([0xff, 0xfe]);

/** Writes `bytes` to a file and reads it as `spark.read.options(options).csv(file)` does. */
async function read(name: string, bytes: Uint8Array, options: Record<string, string>, legacy = false) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const o = DataSourceOptions.from({ header: 'true', inferSchema: 'true', ...options });
  const text = decodeFileText(new Uint8Array(await readFile(path)), 'csv', o, legacy);
  const { schema, rows } = readCsv([{ path, text }], o);
  return { schema: schema.fields.map((f) => `${f.name}:${sqlTypeName(f.type)}`), rows };
}

const TEXT = 'name,n\nJosé,1\n"Zoë ""Z""",2\nИван,3\n';
const ROWS = [
  ['José', 1],
  ['Zoë "Z"', 2],
  ['Иван', 3],
];

describe('CSV encoding option', () => {
  const unicodeCases: [string, string, Buffer][] = [
    ['UTF-8', 'utf-8', Buffer.from(TEXT, 'utf8')],
    ['UTF-8 with a BOM', 'UTF-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)])],
    ['UTF-16 with a big-endian BOM', 'UTF-16', Buffer.concat([BOM16BE, utf16be(TEXT)])],
    ['UTF-16 with a little-endian BOM', 'utf-16', Buffer.concat([BOM16LE, Buffer.from(TEXT, 'utf16le')])],
    ['UTF-16 without a BOM (big-endian)', 'UTF-16', utf16be(TEXT)],
    ['UTF-16LE', 'UTF-16LE', Buffer.from(TEXT, 'utf16le')],
    ['UTF-16LE with a BOM', 'utf-16le', Buffer.concat([BOM16LE, Buffer.from(TEXT, 'utf16le')])],
    ['UTF-16BE', 'UTF-16BE', utf16be(TEXT)],
    ['UTF-32 without a BOM (big-endian)', 'UTF-32', utf32(TEXT, false)],
    ['UTF-32 with a little-endian BOM', 'UTF-32', Buffer.concat([utf32('\ufeff', true), utf32(TEXT, true)])],
  ];
  for (const [label, encoding, bytes] of unicodeCases) {
    it(`reads ${label}`, async () => {
      const got = await read(`${label}.csv`, bytes, { encoding });
      expect(got.schema).toEqual(['name:string', 'n:int']);
      expect(got.rows).toEqual(ROWS);
    });
  }

  it('reads UTF-32LE and UTF-32BE under the legacy Java charsets, and the charset alias of encoding', async () => {
    const le = await read('u32le.csv', utf32(TEXT, true), { charset: 'UTF-32LE' }, true);
    const be = await read('u32be.csv', utf32(TEXT, false), { charset: 'x-utf-32be' }, true);
    expect(le.rows).toEqual(ROWS);
    expect(be.rows).toEqual(ROWS);
  });

  it('reads ISO-8859-1 byte for byte (0x80-0x9F are C1 controls, not windows-1252)', async () => {
    const bytes = Buffer.from('name,n\nJos\xe9,1\nx\x80y,2\n', 'latin1');
    const got = await read('latin1.csv', bytes, { encoding: 'ISO-8859-1' });
    expect(got.rows).toEqual([
      ['José', 1],
      ['x\u0080y', 2],
    ]);
  });

  it('reads US-ASCII with bytes above 0x7F as U+FFFD', async () => {
    const got = await read('ascii.csv', Buffer.from('name,n\nJos\xe9,1\n', 'latin1'), {
      encoding: 'US-ASCII',
    });
    expect(got.rows).toEqual([['Jos\ufffd', 1]]);
  });

  it('reads windows-1252, cp1251 and Shift_JIS with spark.sql.legacy.javaCharsets', async () => {
    const w = await read(
      'w1252.csv',
      iconv.encode('name,n\n“€5”,1\nJosé,2\n', 'windows-1252'),
      { encoding: 'windows-1252' },
      true,
    );
    expect(w.rows).toEqual([
      ['“€5”', 1],
      ['José', 2],
    ]);
    const c = await read(
      'cp1251.csv',
      iconv.encode('name,n\nИван,1\n', 'cp1251'),
      { encoding: 'Cp1251' },
      true,
    );
    expect(c.rows).toEqual([['Иван', 1]]);
    const j = await read(
      'sjis.csv',
      iconv.encode('name,n\n東京,1\n', 'shift_jis'),
      { encoding: 'Shift_JIS' },
      true,
    );
    expect(j.rows).toEqual([['東京', 1]]);
  });

  it('keeps multi-line quoted fields and lineSep working after decoding', async () => {
    const text = 'id;note|1;"two\r\nlines"|2;"é|ü"|';
    const got = await read('ml.csv', Buffer.from(text, 'utf16le'), {
      encoding: 'UTF-16LE',
      sep: ';',
      lineSep: '|',
      multiLine: 'true',
    });
    expect(got.schema).toEqual(['id:int', 'note:string']);
    expect(got.rows).toEqual([
      [1, 'two\r\nlines'],
      [2, 'é|ü'],
    ]);
    const crlf = await read('ml2.csv', Buffer.concat([BOM16BE, utf16be('id,note\r\n1,"a\nb"\r\n2,c\r\n')]), {
      encoding: 'UTF-16',
      multiLine: 'true',
    });
    expect(crlf.rows).toEqual([
      [1, 'a\nb'],
      [2, 'c'],
    ]);
  });

  it("refuses what Spark 4's CharsetProvider refuses with INVALID_PARAMETER_VALUE.CHARSET", async () => {
    const bytes = Buffer.from(TEXT);
    const failure = async (encoding: string, legacy: boolean) => {
      try {
        await read(`bad-${encoding}.csv`, bytes, { encoding }, legacy);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const refused = await failure('windows-1252', false);
    expect(isLakesqlError(refused, 'INVALID_PARAMETER_VALUE.CHARSET')).toBe(true);
    expect((refused as { messageParameters: unknown }).messageParameters).toEqual({
      functionName: '`CSVOptions`',
      parameter: '`charset`',
      charset: 'windows-1252',
      charsets: 'iso-8859-1, us-ascii, utf-16, utf-16be, utf-16le, utf-32, utf-8',
    });
    expect(isLakesqlError(await failure('utf8', false), 'INVALID_PARAMETER_VALUE.CHARSET')).toBe(true);
    expect(isLakesqlError(await failure('no-such-charset', true), 'INVALID_PARAMETER_VALUE.CHARSET')).toBe(
      true,
    );
    expect(isLakesqlError(await failure('binary', true), 'INVALID_PARAMETER_VALUE.CHARSET')).toBe(true);
    expect(await failure('utf8', true)).toBeUndefined();
    expect(() => csvOptions(DataSourceOptions.from({ charset: 'no-such-charset' }))).toThrow(
      /INVALID_PARAMETER_VALUE.CHARSET/,
    );
  });
});
