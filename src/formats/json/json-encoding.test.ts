/**
 * The JSON reader's `encoding`/`charset`, `lineSep` and `samplingRatio` options, on real files read
 * through decodeFileText and readJson.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTypeName } from '../../types/data-types.js';
import { DataSourceOptions } from '../data-source-options.js';
import { decodeFileText } from '../text-reader.js';
import { readJson } from './json-reader.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lakesql-json-enc-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(name: string, bytes: Uint8Array, options: Record<string, string>) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const o = DataSourceOptions.from(options);
  const text = decodeFileText(new Uint8Array(await readFile(path)), 'json', o);
  const { schema, rows } = readJson([{ path, text }], o);
  return { schema: schema.fields.map((f) => `${f.name}:${sqlTypeName(f.type)}`), rows };
}

const LINES = '{"a":1,"s":"José"}\n{"a":2,"s":"Иван"}\n';
const ROWS = [
  [1n, 'José'],
  [2n, 'Иван'],
];
const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();

describe('JSON encoding option', () => {
  it('reads UTF-16LE lines split by lineSep', async () => {
    const got = await read('le.json', Buffer.from(LINES, 'utf16le'), { encoding: 'UTF-16LE', lineSep: '\n' });
    expect(got.schema).toEqual(['a:bigint', 's:string']);
    expect(got.rows).toEqual(ROWS);
  });

  it('reads windows-1252 and ISO-8859-1 lines (any Java charset) with a lineSep', async () => {
    const w = await read('w.json', iconv.encode('{"s":"“€”"}|{"s":"é"}', 'windows-1252'), {
      charset: 'windows-1252',
      lineSep: '|',
    });
    expect(w.rows).toEqual([['“€”'], ['é']]);
    const l = await read('l.json', Buffer.from('{"s":"\xe9"}\n', 'latin1'), {
      encoding: 'latin1',
      lineSep: '\n',
    });
    expect(l.rows).toEqual([['é']]);
  });

  it('requires lineSep for a non-UTF-8 encoding and multiLine for UTF-16/UTF-32 (JSONOptionsInRead)', async () => {
    await expect(read('x1.json', Buffer.from(LINES, 'utf16le'), { encoding: 'UTF-16LE' })).rejects.toThrow(
      'The lineSep option must be specified for the UTF-16LE encoding',
    );
    await expect(read('x2.json', utf16be(LINES), { encoding: 'UTF-16', lineSep: '\n' })).rejects.toThrow(
      'The UTF-16 encoding must not be included in the denyList when multiLine is disabled',
    );
    await expect(read('x3.json', Buffer.from(LINES), { encoding: 'nope' })).rejects.toThrow(
      /INVALID_PARAMETER_VALUE.CHARSET/,
    );
    // UTF-8 needs neither.
    expect((await read('x4.json', Buffer.from(LINES), { encoding: 'UTF-8' })).rows).toEqual(ROWS);
  });

  it('reads UTF-16 and UTF-32 documents with multiLine, given or detected as Jackson does', async () => {
    const doc = '[{"a":1,"s":"José"},\n{"a":2,"s":"Иван"}]';
    const bom = await read('m1.json', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(doc)]), {
      encoding: 'UTF-16',
      multiLine: 'true',
    });
    expect(bom.rows).toEqual(ROWS);
    const detected = await read('m2.json', Buffer.from(doc, 'utf16le'), { multiLine: 'true' });
    expect(detected.rows).toEqual(ROWS);
    const cps = [...doc].map((c) => c.codePointAt(0)!);
    const u32 = Buffer.alloc(cps.length * 4);
    cps.forEach((cp, i) => {
      u32.writeUInt32BE(cp, i * 4);
    });
    expect((await read('m3.json', u32, { multiLine: 'true' })).rows).toEqual(ROWS);
    expect((await read('m4.json', u32, { multiLine: 'true', encoding: 'UTF-32' })).rows).toEqual(ROWS);
  });

  it('splits lines on lineSep only when it is given, and on \\r too otherwise', async () => {
    const got = await read('cr.json', Buffer.from('{"a":1}\r{"a":2}\r\n{"a":3}'), {});
    expect(got.rows).toEqual([[1n], [2n], [3n]]);
    const sep = await read('sep.json', Buffer.from('{"a":1};;{"a":2};;'), { lineSep: ';;' });
    expect(sep.rows).toEqual([[1n], [2n]]);
  });
});

describe('JSON samplingRatio', () => {
  // Dataset.sample(false, 0.3, 1) keeps lines 3, 4, 7, 8 and 12 of a one-partition file.
  const text = Array.from({ length: 12 }, (_, i) =>
    [3, 4, 7, 8, 12].includes(i + 1) ? `{"a":${i}}` : `{"a":${i},"b":"x"}`,
  ).join('\n');

  it('infers from the lines Spark samples, the same on every run', async () => {
    for (let run = 0; run < 3; run++) {
      const got = await read(`s${run}.json`, Buffer.from(text), { samplingRatio: '0.3' });
      expect(got.schema).toEqual(['a:bigint']);
      expect(got.rows.length).toBe(12);
    }
    expect((await read('all.json', Buffer.from(text), {})).schema).toEqual(['a:bigint', 'b:string']);
  });

  it('requires a ratio above 0', async () => {
    await expect(read('z.json', Buffer.from(text), { samplingRatio: '-1' })).rejects.toThrow(
      'samplingRatio (-1.0) should be greater than 0',
    );
  });
});
