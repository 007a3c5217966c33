/**
 * Helpers of java-layout.test.ts: rewriting a Java-written ORC file with our writer, and bringing the two
 * files' structure into the form it is compared in (the allowed differences are explained there).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ORC_EXAMPLES_DIR } from '../../../../conformance/data-dirs.js';
import type { Value } from '../../../../types/value.js';
import { bytesSource, openOrcFile } from '../../index.js';
import { zoneOffsetSeconds } from '../../timezone.js';
import { type OrcWriteCompression, OrcWriter } from '../index.js';
import type { OrcSchema } from '../write-type.js';
import { type OrcLayout, orcLayout, type RawStatistics, type StripeLayout } from './orc-layout.js';

export const EXAMPLES = ORC_EXAMPLES_DIR;

/** The OrcSchema of a footer's type list, so that our file has exactly the Java file's types. */
export function schemaOf(types: OrcLayout['types'], id = 0): OrcSchema {
  const t = types[id]!;
  const sub = t.subtypes.map((s) => schemaOf(types, s));
  switch (t.kind) {
    case 'struct':
      return { kind: 'struct', fields: sub.map((type, i) => ({ name: t.fieldNames[i]!, type })) };
    case 'array':
      return { kind: 'array', element: sub[0]! };
    case 'map':
      return { kind: 'map', key: sub[0]!, value: sub[1]! };
    case 'uniontype':
      return { kind: 'uniontype', variants: sub };
    case 'decimal':
      return { kind: 'decimal', precision: t.precision!, scale: t.scale! };
    case 'char':
    case 'varchar':
      return { kind: t.kind, maximumLength: t.maximumLength! };
    default:
      return { kind: t.kind } as OrcSchema;
  }
}

export interface Pair {
  readonly java: OrcLayout;
  readonly ours: OrcLayout;
  readonly javaRows: Value[][];
  readonly ourRows: Value[][];
}

/** Reads the Java file and writes its rows again with our writer, stripe for stripe. */
export async function rewrite(file: string): Promise<Pair> {
  const javaBytes = new Uint8Array(readFileSync(path.join(EXAMPLES, file)));
  const java = await orcLayout(javaBytes, file);
  const reader = await openOrcFile(bytesSource(javaBytes, file));
  const javaRows = await reader.readRows();
  const writer = await OrcWriter.create(reader.schema, {
    orcSchema: schemaOf(java.types),
    compression: java.postScript.compression as OrcWriteCompression,
    // Uncompressed Java files have no block size (and our default is Java's, 256 KiB).
    ...(java.postScript.compressionBlockSize === undefined
      ? {}
      : { compressionBlockSize: java.postScript.compressionBlockSize }),
    rowIndexStride: java.rowIndexStride,
    // Stripes end where Java's ended (its stripes are cut by memory, ours by endStripe here).
    stripeSizeRows: Number.MAX_SAFE_INTEGER,
    writerTimeZone: 'UTC',
  });
  let row = 0;
  for (const s of java.stripes) {
    for (let i = 0; i < s.numberOfRows; i++) writer.writeRow(javaRows[row++]!);
    writer.endStripe();
  }
  const ourBytes = writer.finish();
  const ours = await orcLayout(ourBytes, `rewritten ${file}`);
  const ourRows = await (await openOrcFile(bytesSource(ourBytes, `rewritten ${file}`))).readRows();
  return { java, ours, javaRows, ourRows };
}

export const STRING_KINDS = new Set(['string', 'varchar', 'char']);

/** E: the encoding choices that differ, as `stripe S column C: java X, ours Y`. */
export function encodingDifferences(p: Pair): string[] {
  const out: string[] = [];
  p.java.stripes.forEach((js, s) => {
    js.encodings.forEach((je, c) => {
      const oe = p.ours.stripes[s]!.encodings[c];
      if (je !== oe) out.push(`stripe ${s} column ${c}: java ${je}, ours ${oe}`);
    });
  });
  return out;
}

/** Java's stream list as ours must be, after D (no bloom filters) and E (dictionary choices). */
export function expectedStreams(p: Pair, s: number): string[] {
  const js = p.java.stripes[s]!;
  const os = p.ours.stripes[s]!;
  const out: string[] = [];
  for (const name of js.streams) {
    const [col, kind] = name.split(':') as [string, string];
    const c = Number(col);
    if (kind === 'BLOOM_FILTER' || kind === 'BLOOM_FILTER_UTF8') continue;
    const je = js.encodings[c];
    const oe = os.encodings[c];
    const isString = STRING_KINDS.has(p.java.types[c]!.kind);
    if (isString && je === 'DICTIONARY_V2' && oe === 'DIRECT_V2') {
      if (kind === 'DICTIONARY_DATA') continue;
      // Old Java writers list an empty dictionary (a stripe without values) without LENGTH.
      const noLength = !js.streams.includes(`${c}:LENGTH`) && js.dictionarySizes[c] === 0;
      if (kind === 'DATA' && noLength) {
        out.push(name, `${c}:LENGTH`);
        continue;
      }
    }
    out.push(name);
    if (isString && je === 'DIRECT_V2' && oe === 'DICTIONARY_V2' && kind === 'LENGTH')
      out.push(`${c}:DICTIONARY_DATA`);
  }
  return out;
}

export interface CompareOptions {
  /** The zone an old Java writer's timestamp milliseconds are local to (G). */
  readonly javaZone: string | undefined;
  /** H: the Java file's collection counts are not comparable. */
  readonly javaCollectionCountsWrong?: boolean;
}

/** F, G and H: one column's statistics from both files, in the form they are compared in. */
export function comparable(
  java: RawStatistics,
  ours: RawStatistics,
  options: CompareOptions,
): [RawStatistics, RawStatistics] {
  const j: RawStatistics = { ...java };
  const o: RawStatistics = { ...ours };
  // F
  if (j.bytesOnDisk !== undefined) {
    j.bytesOnDisk = 'present';
    if (o.bytesOnDisk !== undefined) o.bytesOnDisk = 'present';
  } else delete o.bytesOnDisk;
  // G: hasNull (ColumnStatistics.hasNull = 10) is missing from writerVersion 0 files.
  if (j.hasNull === undefined) delete o.hasNull;
  // G: timestamps before ORC-135.
  const jt = j.timestampStatistics as Record<string, bigint | number> | undefined;
  const ot = o.timestampStatistics as Record<string, bigint | number> | undefined;
  if (jt !== undefined && ot !== undefined && jt.minimumUtc === undefined) {
    const zone = options.javaZone ?? 'UTC';
    const converted: Record<string, bigint> = {};
    if (jt.minimum !== undefined) converted.minimumUtc = wallClockAsUtc(BigInt(jt.minimum), zone);
    if (jt.maximum !== undefined) converted.maximumUtc = wallClockAsUtc(BigInt(jt.maximum), zone);
    j.timestampStatistics = converted;
    const { minimumNanos: _min, maximumNanos: _max, ...rest } = ot;
    o.timestampStatistics = rest;
  }
  // G: CollectionStatistics came with ORC 1.7; older Java files have none.
  if (j.collectionStatistics === undefined) delete o.collectionStatistics;
  const counts = j.collectionStatistics as Record<string, number> | undefined;
  if (options.javaCollectionCountsWrong && counts?.minChildren !== undefined) {
    j.collectionStatistics = 'H';
    o.collectionStatistics = 'H';
  }
  return [j, o];
}

/** SerializationUtils.convertToUtc: writer-local milliseconds to the wall clock read as UTC. */
export function wallClockAsUtc(localMillis: bigint, zone: string): bigint {
  const seconds = Number(localMillis >= 0n ? localMillis / 1000n : -((-localMillis + 999n) / 1000n));
  return localMillis + BigInt(zoneOffsetSeconds(zone, seconds)) * 1000n;
}

/** comparable for every column of a statistics list. */
export function compareStatistics(
  java: readonly RawStatistics[],
  ours: readonly RawStatistics[],
  options: CompareOptions,
): { java: RawStatistics[]; ours: RawStatistics[] } {
  const j: RawStatistics[] = [];
  const o: RawStatistics[] = [];
  java.forEach((s, c) => {
    const [a, b] = comparable(s, ours[c] ?? {}, options);
    j.push(a);
    o.push(b);
  });
  return { java: j, ours: o };
}

const utf8 = new TextEncoder();

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * The statistics the Java writer gathers for rows[from..to) of a struct<int, string>-like file, computed
 * from the rows themselves (root, then each top-level int or string column), as ColumnStatisticsImpl
 * serializes them: for files whose Java writer recorded none (writers without a row index never merge
 * their row-group statistics into the stripe's).
 */
export function statisticsFromRows(
  types: OrcLayout['types'],
  rows: readonly Value[][],
  from: number,
  to: number,
): RawStatistics[] {
  const out: RawStatistics[] = [{ numberOfValues: to - from, hasNull: false }];
  types[0]!.subtypes.forEach((id, field) => {
    const kind = types[id]!.kind;
    const values = rows.slice(from, to).map((r) => r[field]!);
    const present = values.filter((v) => v !== null);
    const hasNull = present.length < values.length;
    if (kind === 'int' || kind === 'bigint') {
      const ints = present.map((v) => BigInt(v as number | bigint));
      const intStatistics: Record<string, bigint> = {};
      if (ints.length > 0) {
        const sorted = [...ints].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        intStatistics.minimum = sorted[0]!;
        intStatistics.maximum = sorted[sorted.length - 1]!;
      }
      intStatistics.sum = ints.reduce((a, b) => a + b, 0n);
      out.push({ numberOfValues: present.length, intStatistics, hasNull });
    } else if (kind === 'string') {
      const bytes = present.map((v) => utf8.encode(v as string));
      const stringStatistics: Record<string, unknown> = {};
      if (bytes.length > 0) {
        const dec = new TextDecoder();
        stringStatistics.minimum = dec.decode(bytes.reduce((a, b) => (compareBytes(b, a) < 0 ? b : a)));
        stringStatistics.maximum = dec.decode(bytes.reduce((a, b) => (compareBytes(b, a) > 0 ? b : a)));
        stringStatistics.sum = BigInt(bytes.reduce((n, b) => n + b.length, 0));
      }
      out.push({ numberOfValues: present.length, stringStatistics, hasNull });
    } else {
      throw new Error(`statisticsFromRows: no ${kind}`);
    }
  });
  return out;
}

/**
 * The sums of a top-level double column as the Java writer adds them: row by row within a row group,
 * row groups into their stripe, stripes into the file (DoubleStatisticsImpl.updateDouble and merge).
 */
export function doubleSums(
  p: Pair,
  field: number,
): { rowGroups: number[][]; stripes: number[]; file: number } {
  const stride = p.java.rowIndexStride;
  const rowGroups: number[][] = [];
  const stripes: number[] = [];
  let row = 0;
  let file = 0;
  for (const s of p.java.stripes) {
    const groups: number[] = [];
    let stripe = 0;
    for (let start = 0; start < s.numberOfRows; start += stride) {
      let sum = 0;
      for (let r = start; r < Math.min(s.numberOfRows, start + stride); r++) {
        const v = p.javaRows[row + r]![field];
        if (typeof v === 'number') sum += v;
      }
      groups.push(sum);
      stripe += sum;
    }
    row += s.numberOfRows;
    rowGroups.push(groups);
    stripes.push(stripe);
    file += stripe;
  }
  return { rowGroups, stripes, file };
}

/** Our stripe's data bytes per column, from its stripe footer (what bytesOnDisk must say). */
export function dataBytes(s: StripeLayout, columns: number): number[] {
  const out = new Array<number>(columns).fill(0);
  s.streams.forEach((name, i) => {
    const [col, kind] = name.split(':') as [string, string];
    if (kind !== 'ROW_INDEX' && !kind.startsWith('BLOOM_FILTER')) out[Number(col)]! += s.streamLengths[i]!;
  });
  return out;
}
