/**
 * PreparedStripe.decodeRowGroups: decoding a range of row groups by seeking every column's streams to the
 * row index positions of its first group must give exactly the rows decode() gives for that range, for
 * Apache ORC's example files (Java and C++ writers, every codec) and for our own writer's files (every type,
 * nulls, every codec, small row groups and compression chunks); and it must not touch the bytes before
 * the sought positions (nor, for our writer's files, the chunks after the range).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORC_EXAMPLES_DIR } from '../../conformance/data-dirs.js';
import { field, StringType, struct } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { sliceVector } from './column-slice.js';
import { codecFor } from './compression.js';
import {
  bytesSource,
  type OrcByteSource,
  OrcFormatError,
  type OrcStripe,
  openOrcFile,
  type PreparedStripe,
  rowValue,
} from './index.js';
import type { OrcFile } from './orc-file.js';
import type { StreamKind } from './orc-messages.js';
import { positionLayout, seekPlan } from './row-group-seek.js';
import { readStripeFooter } from './stripe-streams.js';
import type { OrcType } from './type-tree.js';
import { type OrcWriteCompression, writeOrcFile } from './writer/index.js';
import type { OrcSchema } from './writer/write-type.js';

const EXAMPLES = ORC_EXAMPLES_DIR;

/** The bytes as a source that only reads asynchronously: prepareStripe fetches whole streams up front. */
function asyncSource(bytes: Uint8Array, name = '<async>'): OrcByteSource {
  const inner = bytesSource(bytes, name);
  return { name, size: bytes.length, read: inner.read };
}

/** Both kinds of source: a synchronous one is read, when decoding a range, only from where it starts. */
const SOURCES = [
  ['sync', bytesSource],
  ['async', asyncSource],
] as const;
const load = (name: string) => new Uint8Array(readFileSync(`${EXAMPLES}/${name}`));

function rowsOf(stripe: OrcStripe, start = 0, count = stripe.numberOfRows): Value[][] {
  const rows: Value[][] = [];
  for (let r = start; r < start + count; r++) rows.push(stripe.columns.map((c) => rowValue(c.vector, r)));
  return rows;
}

/** The ranges to check in a stripe of `groups` row groups: every single group, and several spans. */
function rangesOf(groups: number, everyGroup: boolean): [number, number][] {
  const mid = Math.floor(groups / 2);
  const ranges: [number, number][] = everyGroup
    ? Array.from({ length: groups }, (_, g) => [g, g + 1] as [number, number])
    : [
        [0, 1],
        [1, 2],
        [mid, mid + 1],
        [groups - 1, groups],
      ];
  ranges.push([0, groups], [mid, Math.min(groups, mid + 3)], [groups - 1, groups], [mid, mid]);
  if (groups > 1) ranges.push([1, groups]);
  return ranges.filter(([a, b]) => a >= 0 && b <= groups && a <= b);
}

/** decodeRowGroups(first, end) equals decode()'s rows of that range, for every stripe and range. */
async function expectRangesMatch(
  file: OrcFile,
  options: { maxStripes?: number; everyGroup?: boolean; maxWholeRows?: number } = {},
): Promise<number> {
  const stride = file.rowIndexStride;
  let checked = 0;
  const stripes = Math.min(file.stripes.length, options.maxStripes ?? Number.POSITIVE_INFINITY);
  for (let s = 0; s < stripes; s++) {
    const prepared = await file.prepareStripe(s);
    const whole = prepared.decode();
    const groups = Math.ceil(prepared.numberOfRows / stride);
    for (const [first, end] of rangesOf(groups, options.everyGroup ?? true)) {
      const start = first * stride;
      const count = Math.min(end * stride, prepared.numberOfRows) - start;
      if (count > (options.maxWholeRows ?? Number.POSITIVE_INFINITY)) continue;
      const part = prepared.decodeRowGroups(first, end);
      expect(part.numberOfRows, `${file.name} stripe ${s} [${first}, ${end})`).toBe(count);
      expect(part.columns.map((c) => c.name)).toEqual(whole.columns.map((c) => c.name));
      for (const c of part.columns) expect(c.vector.length).toBe(count);
      const got = rowsOf(part);
      const want = rowsOf(whole, start, count);
      if (!equalRows(got, want)) {
        // Only on failure: name the first differing row.
        const r = got.findIndex((row, i) => !equalRows([row], [want[i]!]));
        expect(got[r], `${file.name} stripe ${s} [${first}, ${end}) row ${r}`).toEqual(want[r]);
      }
      checked += count;
    }
  }
  return checked;
}

function equalRows(a: readonly Value[][], b: readonly Value[][]): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}

const JAVA_FILES: readonly [string, { maxStripes?: number; everyGroup?: boolean; maxWholeRows?: number }][] =
  [
    ['TestOrcFile.testSeek.orc', { maxStripes: 2 }],
    ['TestOrcFile.test1.orc', {}],
    ['TestOrcFile.columnProjection.orc', {}],
    ['TestOrcFile.testPredicatePushdown.orc', {}],
    ['TestOrcFile.testDate1900.orc', { maxStripes: 3 }],
    ['TestOrcFile.testTimestamp.orc', {}],
    ['TestOrcFile.testUnionAndTimestamp.orc', {}],
    ['TestOrcFile.testStringAndBinaryStatistics.orc', {}],
    ['TestOrcFile.testSnappy.orc', {}],
    ['TestStringDictionary.testRowIndex.orc', {}],
    ['TestVectorOrcFile.testLz4.orc', {}],
    ['TestVectorOrcFile.testZstd.0.12.orc', {}],
    ['decimal.orc', {}],
    ['decimal64_v2.orc', {}],
    ['decimal64_v2_cplusplus.orc', {}],
    ['complextypes_iceberg.orc', {}],
    ['over1k_bloom.orc', {}],
    ['nulls-at-end-snappy.orc', {}],
    ['orc-file-11-format.orc', {}],
    ['orc_index_int_string.orc', {}],
    ['orc_split_elim.orc', { maxStripes: 2 }],
    ['orc_split_elim_cpp.orc', {}],
    ['orc_split_elim_new.orc', {}],
    ['demo-11-zlib.orc', { maxStripes: 2 }],
    ['demo-12-zlib.orc', { everyGroup: false, maxWholeRows: 40_000 }],
    // stride 10000 but no ROW_INDEX streams: row group 0 needs none.
    ['TestOrcFile.testSargSkipPickupGroupWithoutIndexJava.orc', {}],
  ];

describe('decodeRowGroups on Apache ORC example files', () => {
  it.each(JAVA_FILES)('%s: every range equals the slice of decode()', async (name, options) => {
    const file = await openOrcFile(bytesSource(load(name), name));
    expect(file.rowIndexStride).toBeGreaterThan(0);
    expect(await expectRangesMatch(file, options)).toBeGreaterThan(0);
  });

  it('reads only the projected columns and their row indexes', async () => {
    const file = await openOrcFile(bytesSource(load('TestOrcFile.testSeek.orc'), 'testSeek'));
    const prepared = await file.prepareStripe(1, ['string1', 'int1']);
    const whole = prepared.decode();
    const part = prepared.decodeRowGroups(2, 4);
    expect(part.columns.map((c) => c.name)).toEqual(['string1', 'int1']);
    expect(rowsOf(part)).toEqual(rowsOf(whole, 2000, 2000));
  });

  it('reads a synchronous source only from where the range starts', async () => {
    const name = 'TestOrcFile.columnProjection.orc';
    const inner = bytesSource(load(name), name);
    let read = 0;
    const source: OrcByteSource = {
      ...inner,
      readSync: (offset, length) => {
        read += length;
        return inner.readSync!(offset, length);
      },
    };
    const file = await openOrcFile(source);
    const prepared = await file.prepareStripe(0);
    const groups = Math.ceil(prepared.numberOfRows / file.rowIndexStride);
    read = 0;
    const whole = prepared.decode();
    const wholeBytes = read;
    read = 0;
    const part = prepared.decodeRowGroups(groups - 1, groups);
    // The last of 5 groups: its row-index positions lie near the streams' ends.
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(wholeBytes / 3);
    expect(rowsOf(part)).toEqual(rowsOf(whole, (groups - 1) * file.rowIndexStride, part.numberOfRows));
  });

  it('fails clearly for a file without a row index and for a range outside the stripe', async () => {
    const file = await openOrcFile(
      bytesSource(load('TestOrcFile.testWithoutIndex.orc'), 'TestOrcFile.testWithoutIndex.orc'),
    );
    const prepared = await file.prepareStripe(0);
    expect(() => prepared.decodeRowGroups(0, 1)).toThrow(OrcFormatError);
    expect(() => prepared.decodeRowGroups(0, 1)).toThrow(
      /testWithoutIndex.orc: stripe 0: .*rowIndexStride 0/,
    );
    const seek = await openOrcFile(bytesSource(load('TestOrcFile.testSeek.orc'), 'testSeek'));
    const p = await seek.prepareStripe(0);
    expect(() => p.decodeRowGroups(0, 6)).toThrow(RangeError);
    expect(() => p.decodeRowGroups(3, 2)).toThrow(RangeError);
    expect(() => p.decodeRowGroups(-1, 1)).toThrow(RangeError);
    expect(p.decodeRowGroups(5, 5).numberOfRows).toBe(0);
  });

  it('decodes a row group of a file whose bytes before (and chunks after) it are destroyed', async () => {
    // (Files of a few chunks per stream have nothing to destroy before a row group: it is in chunk 0.)
    for (const name of ['demo-12-zlib.orc', 'TestOrcFile.columnProjection.orc']) {
      const bytes = load(name);
      const file = await openOrcFile(bytesSource(bytes, name));
      const stride = file.rowIndexStride;
      const s = 0;
      const prepared = await file.prepareStripe(s);
      const groups = Math.ceil(prepared.numberOfRows / stride);
      const g = groups - 2;
      const want = rowsOf(prepared.decode(), g * stride, stride);
      const broken = await destroyAround(bytes, file, s, g, g + 1);
      expect(broken.destroyed, name).toBeGreaterThan(0);
      for (const [, open] of SOURCES) {
        const again = await (await openOrcFile(open(broken.bytes, name))).prepareStripe(s);
        // The whole stripe no longer decodes (or decodes to other values), but the row group does.
        expect(() => expect(rowsOf(again.decode(), g * stride, stride)).toEqual(want)).toThrow();
        expect(rowsOf(again.decodeRowGroups(g, g + 1))).toEqual(want);
      }
    }
  });
});

/**
 * A copy of `bytes` with every data stream of stripe `s` destroyed (0xff) before row group `g`'s position
 * and, when `after` is given, from the second compression chunk after row group `after`'s position on.
 */
async function destroyAround(
  bytes: Uint8Array,
  file: OrcFile,
  s: number,
  g: number,
  after: number | undefined,
): Promise<{ bytes: Uint8Array; destroyed: number }> {
  const out = new Uint8Array(bytes);
  const source = bytesSource(bytes, file.name);
  const codec = codecFor(file.compression, undefined);
  const stripe = file.stripes[s]!;
  const footer = await readStripeFooter(source, codec, stripe, s, 1);
  const types: OrcType[] = [];
  const collect = (t: OrcType): void => {
    types[t.id] = t;
    for (const c of t.children) collect(c);
  };
  collect(file.orcType);
  const compressed = file.compression !== 'NONE';
  const starts = new Map<string, [number, number]>();
  let offset = stripe.offset;
  for (const st of footer.streams) {
    starts.set(`${st.column}:${st.kind}`, [offset, st.length]);
    offset += st.length;
  }
  let destroyed = 0;
  for (let id = 0; id < types.length; id++) {
    const kinds = new Set<StreamKind>(footer.streams.filter((x) => x.column === id).map((x) => x.kind));
    const layout = positionLayout(
      types[id]!,
      footer.columns[id]!,
      kinds,
      file.version[0] === 1 && file.version[1] === 9999,
      10,
    );
    const entries = await file.rowGroupStatistics(s, id);
    const plan = seekPlan(layout, entries[g]!.positions, compressed, 'test')!;
    const afterPlan =
      after === undefined || entries[after] === undefined
        ? undefined
        : seekPlan(layout, entries[after]!.positions, compressed, 'test')!;
    for (const [kind, seek] of plan) {
      const range = starts.get(`${id}:${kind}`);
      if (range === undefined) continue;
      const [at, length] = range;
      out.fill(0xff, at, at + seek.at[0]!);
      destroyed += seek.at[0]!;
      const tail = afterPlan?.get(kind);
      if (tail !== undefined && compressed) {
        // Keep the chunk holding the position and the next one (a run may continue into it).
        let chunk = at + tail.at[0]!;
        for (let k = 0; k < 2 && chunk < at + length; k++) {
          const header = bytes[chunk]! | (bytes[chunk + 1]! << 8) | (bytes[chunk + 2]! << 16);
          chunk += 3 + (header >>> 1);
        }
        if (chunk < at + length) {
          out.fill(0xff, chunk, at + length);
          destroyed += at + length - chunk;
        }
      }
    }
  }
  return { bytes: out, destroyed };
}

/** Every ORC type, with nulls, runs, a dictionary and a direct string, an all-null stripe for one column. */
const SCHEMA: OrcSchema = {
  kind: 'struct',
  fields: [
    { name: 'b', type: { kind: 'boolean' } },
    { name: 't', type: { kind: 'tinyint' } },
    { name: 'sm', type: { kind: 'smallint' } },
    { name: 'i', type: { kind: 'int' } },
    { name: 'l', type: { kind: 'bigint' } },
    { name: 'f', type: { kind: 'float' } },
    { name: 'd', type: { kind: 'double' } },
    { name: 'sdict', type: { kind: 'string' } },
    { name: 'sdirect', type: { kind: 'string' } },
    { name: 'c', type: { kind: 'char', maximumLength: 4 } },
    { name: 'vc', type: { kind: 'varchar', maximumLength: 8 } },
    { name: 'bin', type: { kind: 'binary' } },
    { name: 'dt', type: { kind: 'date' } },
    { name: 'ts', type: { kind: 'timestamp' } },
    { name: 'tsl', type: { kind: 'timestamp with local time zone' } },
    { name: 'dec', type: { kind: 'decimal', precision: 10, scale: 2 } },
    { name: 'big', type: { kind: 'decimal', precision: 30, scale: 5 } },
    { name: 'arr', type: { kind: 'array', element: { kind: 'int' } } },
    {
      name: 'm',
      type: {
        kind: 'map',
        key: { kind: 'string' },
        value: {
          kind: 'struct',
          fields: [
            { name: 'x', type: { kind: 'int' } },
            { name: 'y', type: { kind: 'string' } },
          ],
        },
      },
    },
    {
      name: 'st',
      type: {
        kind: 'struct',
        fields: [
          { name: 'p', type: { kind: 'double' } },
          { name: 'q', type: { kind: 'array', element: { kind: 'string' } } },
        ],
      },
    },
    { name: 'u', type: { kind: 'uniontype', variants: [{ kind: 'int' }, { kind: 'string' }] } },
    { name: 'nonull', type: { kind: 'bigint' } },
    { name: 'sparse', type: { kind: 'int' } },
  ],
};

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateRows(count: number, stripeRows: number, seed = 42): Value[][] {
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const maybe = (v: () => Value): Value => (rnd() < 0.15 ? null : v());
  const str = () => ['alpha', 'beta', 'gamma', 'δέλτα', ''][int(0, 4)]!;
  const rows: Value[][] = [];
  for (let r = 0; r < count; r++) {
    const stripe = Math.floor(r / stripeRows);
    rows.push([
      maybe(() => rnd() < 0.5),
      maybe(() => int(-128, 127)),
      maybe(() => int(-32768, 32767)),
      // Runs (repeats and deltas) as well as scattered values.
      maybe(() => (r % 50 < 25 ? 7 : r % 50 < 40 ? r * 3 : int(-2e9, 2e9))),
      maybe(() => (r % 3 === 0 ? BigInt(int(-1e9, 1e9)) * 10_000_000_000n : BigInt(r))),
      maybe(() => Math.fround(rnd() * 1000 - 500)),
      maybe(() => (r % 7 === 0 ? Number.NaN : rnd() * 1e6)),
      maybe(str),
      maybe(() => `direct ${r} ${int(0, 1e6)}`),
      maybe(() => ['ab', 'cd  ', 'efgh'][int(0, 2)]!),
      maybe(() => `v${int(0, 9999)}`),
      maybe(() => Uint8Array.from({ length: int(0, 6) }, () => int(0, 255))),
      maybe(() => int(-20000, 30000)),
      maybe(() => BigInt(int(-2e9, 2e9)) * 1_000_000n + BigInt(int(0, 999_999))),
      maybe(() => BigInt(int(0, 2e9)) * 1_000_000n + BigInt(int(0, 999) * 1000)),
      maybe(() => BigInt(int(-1e9, 1e9))),
      maybe(() => BigInt(int(-1e9, 1e9)) * 10n ** 18n + BigInt(int(0, 1e9))),
      maybe(() => Array.from({ length: int(0, 4) }, () => (rnd() < 0.1 ? null : int(-100, 100)))),
      maybe(() => ({
        kind: 'map' as const,
        entries: Array.from({ length: int(0, 3) }, (_, k): [Value, Value] => [
          `k${k}`,
          rnd() < 0.1 ? null : { kind: 'struct', fields: { x: maybe(() => int(0, 9)), y: maybe(str) } },
        ]),
      })),
      maybe(() => ({
        kind: 'struct' as const,
        fields: { p: maybe(() => rnd()), q: maybe(() => Array.from({ length: int(0, 3) }, str)) },
      })),
      maybe(() =>
        rnd() < 0.5
          ? { kind: 'struct' as const, fields: { tag: 0, field0: maybe(() => int(0, 99)), field1: null } }
          : { kind: 'struct' as const, fields: { tag: 1, field0: null, field1: maybe(str) } },
      ),
      BigInt(r * 1000 - 7),
      // All null in stripe 1 (no DATA stream there), rare otherwise.
      stripe === 1 || rnd() < 0.9 ? null : int(0, 9),
    ]);
  }
  return rows;
}

const SPARK_SCHEMA = struct(
  (SCHEMA as { fields: readonly { name: string }[] }).fields.map((f) => field(f.name, StringType)),
);
const STRIPE_ROWS = 300;
const ROWS = generateRows(1000, STRIPE_ROWS);
const CODECS: readonly OrcWriteCompression[] = ['NONE', 'ZLIB', 'SNAPPY', 'ZSTD', 'LZ4'];

async function writeTestFile(compression: OrcWriteCompression, stride: number): Promise<Uint8Array> {
  return writeOrcFile(SPARK_SCHEMA, ROWS, {
    compression,
    orcSchema: SCHEMA,
    stripeSizeRows: STRIPE_ROWS,
    rowIndexStride: stride,
    compressionBlockSize: 256,
  });
}

describe('decodeRowGroups on files of our writer', () => {
  it.each(CODECS)('%s: every type, every stripe and range equals the slice of decode()', async (codec) => {
    for (const [stride, open] of [
      [37, bytesSource],
      [37, asyncSource],
      [100, bytesSource],
    ] as const) {
      const file = await openOrcFile(open(await writeTestFile(codec, stride), `ours-${codec}`));
      expect(file.stripes.map((s) => s.numberOfRows)).toEqual([300, 300, 300, 100]);
      expect(file.rowIndexStride).toBe(stride);
      expect(await expectRangesMatch(file)).toBeGreaterThan(0);
    }
  });

  it('holds for random row counts, stripe sizes, row-group strides and chunk sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 260 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(...CODECS),
        fc.constantFrom(64, 200, 4096),
        async (seed, count, stripeRows, stride, compression, blockSize) => {
          const bytes = await writeOrcFile(SPARK_SCHEMA, generateRows(count, stripeRows, seed), {
            compression,
            orcSchema: SCHEMA,
            stripeSizeRows: stripeRows,
            rowIndexStride: stride,
            compressionBlockSize: blockSize,
          });
          const file = await openOrcFile(bytesSource(bytes, `random-${compression}`));
          await expectRangesMatch(file, { everyGroup: true });
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each(CODECS)('%s: touches no byte before the range, nor chunks after it', async (codec) => {
    const bytes = await writeTestFile(codec, 37);
    const file = await openOrcFile(bytesSource(bytes, `ours-${codec}`));
    const stride = 37;
    for (const s of [0, 2]) {
      const prepared = await file.prepareStripe(s);
      const whole = prepared.decode();
      const [first, end] = [3, 5];
      const want = rowsOf(whole, first * stride, 2 * stride);
      const beforeOnly = await destroyAround(bytes, file, s, first, undefined);
      expect(beforeOnly.destroyed).toBeGreaterThan(0);
      const broken = await destroyAround(bytes, file, s, first, codec === 'NONE' ? undefined : end);
      if (codec !== 'NONE') expect(broken.destroyed).toBeGreaterThan(beforeOnly.destroyed);
      for (const [, open] of SOURCES) {
        const damaged = await (await openOrcFile(open(broken.bytes))).prepareStripe(s);
        expect(rowsOf(damaged.decodeRowGroups(first, end))).toEqual(want);
        expect(() => expect(rowsOf(damaged.decode(), first * stride, 2 * stride)).toEqual(want)).toThrow();
      }
    }
  });

  it('fetches the row indexes with the stripe: decodeRowGroups reads nothing more', async () => {
    const bytes = await writeTestFile('ZLIB', 37);
    const reads: [number, number][] = [];
    const inner = asyncSource(bytes, 'ours');
    const source: OrcByteSource = {
      ...inner,
      read: (offset, length) => {
        reads.push([offset, length]);
        return inner.read(offset, length);
      },
    };
    const file = await openOrcFile(source);
    const prepared: PreparedStripe = await file.prepareStripe(0, ['i', 'm']);
    const before = reads.length;
    const indexEnd = file.stripes[0]!.offset + file.stripes[0]!.indexLength;
    // The ROW_INDEX streams (in the index section) were among the stripe's reads.
    expect(reads.some(([offset]) => offset >= file.stripes[0]!.offset && offset < indexEnd)).toBe(true);
    const part = prepared.decodeRowGroups(2, 4);
    expect(reads.length).toBe(before);
    expect(rowsOf(part)).toEqual(rowsOf(prepared.decode(), 74, 74));
  });

  it('decodes a column whose writer recorded no positions whole and slices it', async () => {
    // An uncompressed file whose ROW_INDEX streams are replaced by entries without positions.
    const bytes = await writeTestFile('NONE', 37);
    const file = await openOrcFile(bytesSource(bytes));
    const s = 1;
    const stripe = file.stripes[s]!;
    const footer = await readStripeFooter(bytesSource(bytes), codecFor('NONE', undefined), stripe, s, 1);
    const emptied = new Uint8Array(bytes);
    const groups = Math.ceil(stripe.numberOfRows / 37);
    let offset = stripe.offset;
    for (const st of footer.streams) {
      if (st.kind === 'ROW_INDEX' && st.column >= 4) {
        // `groups` entries (field 1) of no positions, then an unknown field filling the stream.
        const filler = st.length - 2 * groups - 3;
        expect(filler).toBeGreaterThanOrEqual(0);
        expect(filler).toBeLessThan(0x4000);
        const body = [...Array.from({ length: groups }, () => [0x0a, 0x00]).flat(), 0x7a];
        body.push((filler & 0x7f) | 0x80, filler >>> 7);
        emptied.set(body, offset);
        emptied.fill(0, offset + body.length, offset + st.length);
      }
      offset += st.length;
    }
    for (const [, open] of SOURCES) {
      const damaged = await openOrcFile(open(emptied));
      expect((await damaged.rowGroupStatistics(s, 5))[2]!.positions).toEqual([]);
      const prepared = await damaged.prepareStripe(s);
      const whole = prepared.decode();
      for (const [first, end] of rangesOf(groups, true)) {
        const part = prepared.decodeRowGroups(first, end);
        expect(rowsOf(part)).toEqual(rowsOf(whole, first * 37, part.numberOfRows));
      }
    }
  });

  it('slices every kind of vector', async () => {
    const file = await openOrcFile(bytesSource(await writeTestFile('ZSTD', 37)));
    const whole = await file.readStripe(0);
    for (const [start, count] of [
      [0, 300],
      [17, 40],
      [299, 1],
      [120, 0],
    ] as const) {
      const sliced = {
        numberOfRows: count,
        columns: whole.columns.map((c) => ({ name: c.name, vector: sliceVector(c.vector, start, count) })),
      };
      expect(rowsOf(sliced)).toEqual(rowsOf(whole, start, count));
    }
  });
});

describe('row-index position layouts', () => {
  const int: OrcType = {
    id: 3,
    maxId: 3,
    kind: 'int',
    children: [],
    fieldNames: [],
    maximumLength: undefined,
    precision: undefined,
    scale: undefined,
  };
  const direct = { kind: 'DIRECT_V2', dictionarySize: 0 } as const;

  it('puts PRESENT first, and splits byte offsets from run positions', () => {
    const layout = positionLayout(int, direct, new Set<StreamKind>(['PRESENT', 'DATA']), false, 10);
    expect(layout).toEqual([
      ['PRESENT', 2],
      ['DATA', 1],
    ]);
    const plan = seekPlan(layout, [10, 3, 4, 1, 20, 5, 6], true, 'f: stripe 0 column 3 (int)')!;
    expect(plan.get('PRESENT')).toEqual({ at: [10, 3], runSkip: [4, 1] });
    expect(plan.get('DATA')).toEqual({ at: [20, 5], runSkip: [6] });
    expect(seekPlan(layout, undefined, false, 'x')!.get('DATA')).toEqual({ at: [0], runSkip: [0] });
  });

  it('names the file, stripe and column when the positions do not fit the layout', () => {
    const layout = positionLayout(int, direct, new Set<StreamKind>(['DATA']), false, 10);
    expect(() => seekPlan(layout, [1, 2, 3, 4], true, 'f.orc: stripe 2 column 3 (int)')).toThrow(
      /f\.orc: stripe 2 column 3 \(int\): the row index gives 4 positions where .* take 3/,
    );
    expect(seekPlan(layout, [], true, 'f')).toBeUndefined();
  });
});
