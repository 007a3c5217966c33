import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORC_EXAMPLES_DIR } from '../../conformance/data-dirs.js';
import { isLakesqlError } from '../../errors/index.js';
import { sqlTypeName } from '../../types/data-types.js';
import { codecFor } from './compression.js';
import { bytesSource, type OrcByteSource, OrcFormatError, openOrcFile } from './index.js';

const EXAMPLES = ORC_EXAMPLES_DIR;
const load = (name: string) => readFileSync(`${EXAMPLES}/${name}`);

/** Records which byte ranges the reader asks for. */
function countingSource(bytes: Uint8Array, name: string): OrcByteSource & { reads: [number, number][] } {
  const inner = bytesSource(bytes, name);
  const reads: [number, number][] = [];
  return {
    ...inner,
    reads,
    read: (offset, length) => {
      reads.push([offset, length]);
      return inner.read(offset, length);
    },
    readSync: (offset, length) => {
      reads.push([offset, length]);
      return inner.readSync!(offset, length);
    },
  };
}

describe('openOrcFile', () => {
  it('gives the Spark schema, row count and rows of test1 (zlib, every primitive, nested)', async () => {
    const file = await openOrcFile(bytesSource(load('TestOrcFile.test1.orc'), 'test1'));
    expect(sqlTypeName(file.schema)).toBe(
      'struct<boolean1:boolean,byte1:tinyint,short1:smallint,int1:int,long1:bigint,float1:float,double1:double,' +
        'bytes1:binary,string1:string,middle:struct<list:array<struct<int1:int,string1:string>>>,' +
        'list:array<struct<int1:int,string1:string>>,map:map<string,struct<int1:int,string1:string>>>',
    );
    expect(file.numberOfRows).toBe(2);
    expect(file.compression).toBe('ZLIB');
    const rows = await file.readRows(['long1', 'bytes1', 'string1', 'map']);
    expect(rows[0]).toEqual([
      9223372036854775807n,
      Uint8Array.from([0, 1, 2, 3, 4]),
      'hi',
      { kind: 'map', entries: [] },
    ]);
    expect(rows[1]?.[3]).toEqual({
      kind: 'map',
      entries: [
        ['chani', { kind: 'struct', fields: { int1: 5, string1: 'chani' } }],
        ['mauddib', { kind: 'struct', fields: { int1: 1, string1: 'mauddib' } }],
      ],
    });
  });

  it('reads only the projected columns’ streams', async () => {
    const bytes = load('TestOrcFile.test1.orc');
    const all = countingSource(bytes, 'test1');
    await (await openOrcFile(all)).readStripe(0);
    const one = countingSource(bytes, 'test1');
    const stripe = await (await openOrcFile(one)).readStripe(0, ['int1']);
    expect(stripe.columns.map((c) => c.name)).toEqual(['int1']);
    const bytesRead = (s: { reads: [number, number][] }) => s.reads.reduce((n, [, l]) => n + l, 0);
    expect(one.reads.length).toBeLessThan(all.reads.length);
    expect(bytesRead(one)).toBeLessThan(bytesRead(all));
  });

  it('reads decimals as unscaled bigints, timestamps as microseconds, unions as tagged structs', async () => {
    const file = await openOrcFile(bytesSource(load('TestOrcFile.testUnionAndTimestamp.orc'), 'u'));
    expect(sqlTypeName(file.schema)).toBe(
      'struct<time:timestamp,union:struct<tag:tinyint,field0:int,field1:string>,decimal:decimal(38,18)>',
    );
    const [first, second, third] = await file.readRows();
    // 2000-03-12 15:00:00 (the writer's wall clock) and 12345678.6547456.
    expect(first).toEqual([
      952873200000000n,
      { kind: 'struct', fields: { tag: 0, field0: 42, field1: null } },
      12345678654745600000000000n,
    ]);
    expect(second?.[1]).toEqual({ kind: 'struct', fields: { tag: 1, field0: null, field1: 'hello' } });
    expect(third).toEqual([null, null, null]);
  });

  it('names a missing column', async () => {
    const file = await openOrcFile(bytesSource(load('TestOrcFile.test1.orc'), 'test1'));
    await expect(file.readStripe(0, ['nope'])).rejects.toThrow('ORC: test1: no column "nope" in boolean1');
  });
});

describe('corrupt and truncated files', () => {
  it('rejects an empty file', async () => {
    await expect(openOrcFile(bytesSource(new Uint8Array(0), 'empty.orc'))).rejects.toThrow(
      'ORC: empty.orc: file of 0 bytes is too small to be an ORC file',
    );
  });

  it('fails cleanly, never hangs, at every truncation of a file', async () => {
    const bytes = load('TestOrcFile.test1.orc');
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const outcome = await openOrcFile(bytesSource(bytes.subarray(0, cut), 'cut.orc'))
        .then((f) => f.readRows())
        .then(
          () => 'read',
          (e: unknown) =>
            e instanceof OrcFormatError || isLakesqlError(e) ? 'clean' : `crash: ${String(e)}`,
        );
      expect(outcome, `cut at ${cut}`).not.toMatch(/^crash/);
    }
  });

  it('fails cleanly when bytes are flipped in the stripes', async () => {
    const original = load('TestOrcFile.testStringAndBinaryStatistics.orc');
    for (let at = 3; at < original.length - 300; at += 5) {
      const bytes = Uint8Array.from(original);
      bytes[at] = bytes[at]! ^ 0xff;
      const outcome = await openOrcFile(bytesSource(bytes, 'flip.orc'))
        .then((f) => f.readRows())
        .then(
          () => 'read',
          (e: unknown) =>
            e instanceof OrcFormatError || isLakesqlError(e) ? 'clean' : `crash: ${String(e)}`,
        );
      expect(outcome, `flip at ${at}`).not.toMatch(/^crash/);
    }
  });

  it('says LZO is unsupported', async () => {
    await expect(openOrcFile(bytesSource(load('TestVectorOrcFile.testLzo.orc'), 'lzo.orc'))).rejects.toThrow(
      'The feature is not supported: reading ORC files compressed with LZO (lzo.orc).',
    );
  });

  // Found by the random-byte fuzz: a damaged postscript byte read as compression kind 6 or more.
  it('names the file for an unsupported compression kind; a kind past the spec is a damaged file', () => {
    expect(() => codecFor(6, undefined, 'x.orc')).toThrow(
      'The feature is not supported: ORC compression kind 6 (x.orc).',
    );
    expect(() => codecFor(7, undefined, 'x.orc')).toThrow(
      new OrcFormatError('ORC: x.orc: unknown compression kind 7'),
    );
  });
});
