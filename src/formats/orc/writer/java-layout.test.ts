/**
 * Our ORC writer against Apache ORC's Java writer. We cannot run Java's (or C++'s) reader here, so the
 * check goes the other way: for files the Java writer produced (test/data/orc/examples), the
 * rows are read with our reader and written again with our writer under the same settings (compression,
 * compression block size, row index stride, the same stripe boundaries), and the two files' structure is
 * compared through the reader's metadata access (testing/orc-layout.ts): postscript, footer, type tree,
 * each stripe's streams and their order, column encodings, and file, stripe and row-group statistics,
 * field for field. Then our file must read back to the same rows.
 *
 * What must match follows ORCv1.md and the Java writer (java/core/src/java/org/apache/orc/impl/
 * WriterImpl.java, PhysicalFsWriter.java, writer/*TreeWriter.java, ColumnStatisticsImpl.java). What may
 * legitimately differ is listed in ALLOWED DIFFERENCES below, each with its reason; everything else is
 * compared exactly.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { struct } from '../../../types/data-types.js';
import type { Value } from '../../../types/value.js';
import { bytesSource, openOrcFile } from '../index.js';
import { zoneOffsetSeconds } from '../timezone.js';
import { OrcWriter } from './orc-writer.js';
import {
  type CompareOptions,
  compareStatistics,
  dataBytes,
  doubleSums,
  EXAMPLES,
  encodingDifferences,
  expectedStreams,
  type Pair,
  rewrite,
  STRING_KINDS,
  schemaOf,
  statisticsFromRows,
} from './testing/java-compare.js';
import { type OrcLayout, orcLayout, type RawStatistics } from './testing/orc-layout.js';
import type { OrcSchema } from './write-type.js';

/*
 * ALLOWED DIFFERENCES (each is applied by a named step below, and nothing else is normalised):
 *
 * A. postscript.writerVersion: ours is 6 (ORC-135, timestamp statistics in UTC), which orc_proto.proto
 *    asks of writers that are not Java's; the Java files carry their own release's number (0, 1, 4, 9).
 * B. Footer.writer (9), calendar (11) and softwareVersion (12): newer Java writers name themselves
 *    (writer 0 = ORC_JAVA), the calendar and their release. We leave them out: an absent writer reads as
 *    ORC_JAVA with our writerVersion, an absent calendar as the hybrid calendar every older file has (the
 *    way Spark's own ORC files are read), and softwareVersion is informational. Footer.metadata (5) is
 *    user metadata, which our writer has no option for.
 * C. Stripe footer writerTimezone: we write timestamps in the UTC zone (the rows we read are wall-clock
 *    values, so that stores the same wall clock); Java names its JVM zone. Old Java writers (writerVersion
 *    <= 4) named it even without timestamp columns; newer ones (and ours) only when there is one.
 * D. BLOOM_FILTER / BLOOM_FILTER_UTF8 index streams: optional (orc.bloom.filter.columns); we write none.
 * E. String dictionaries: DICTIONARY_V2 or DIRECT_V2 is each writer's choice (ORCv1.md lets a writer pick
 *    per stripe). Java decides once per column for the whole file, at the first row group, and takes a
 *    dictionary for a column without values; we decide per stripe on all of its values. Where the choice
 *    differs, the streams differ by DICTIONARY_DATA (and old Java writers list an empty dictionary without
 *    its empty LENGTH stream). Every such difference is listed per file below; in these files they are
 *    all columns without values in the stripe (Java: an empty dictionary, ours: DIRECT_V2). Otherwise our
 *    choice (dictionary while distinct values are at most 80% of the values, Java's threshold) is Java's.
 * F. bytesOnDisk: only where the Java file has it (ORC 1.6+) and then its value is our own stream sizes,
 *    checked against our stripe footers (the two writers' encoders do not produce the same bytes).
 * G. Statistics of old Java files, brought to what the current Java writer records for the same data:
 *    timestamp minimum/maximum (writer-local milliseconds, before ORC-135) become minimumUtc/maximumUtc
 *    (the wall clock read as UTC, SerializationUtils.convertToUtc), and the nanos fields (added with
 *    ORC-611) are not compared when the Java file has none; hasNull is not compared when the Java file
 *    (writerVersion 0) predates it; CollectionStatistics (ORC 1.7) are not compared when it has none.
 * H. complextypes_iceberg.orc: its Java writer recorded the vector capacity (1024) as every list's and
 *    map's length in CollectionStatistics (a Java bug, since fixed); ours records the true counts.
 * I. and J.: see Case.javaStatisticsEmpty and Case.javaDoubleSumWrong.
 * K. Row index positions (ORCv1.md "Row Group Index") are compared by count per entry, not value (the
 *    byte offsets depend on each writer's encoder). A column whose encoding differs by E has one more
 *    stream (LENGTH) to seek: one position more uncompressed, two compressed. In
 *    TestStringDictionary.testRowIndex.orc Java's first entry of the string column has no positions at
 *    all (its early dictionary check switches to direct after the first row group was saved); ours has
 *    the full set, the same as every later entry.
 */

interface Case {
  readonly file: string;
  /**
   * E: where the two writers chose differently between DICTIONARY_V2 and DIRECT_V2. In every one of these
   * files that is a string column without values in the stripe: Java takes an empty dictionary, we DIRECT_V2.
   */
  readonly encodingDifferences: readonly string[];
  /** G: the JVM zone of an old writer that named no writer time zone (from the expected rows). */
  readonly javaZone?: string;
  /**
   * I: the Java writer had no row index (stride 0), and it merges row-group statistics into the stripe's
   * only when it builds an index (TreeWriterBase.createRowIndexEntry): its statistics count no values.
   * Ours are compared with the statistics computed from the rows, as Java would have recorded them.
   */
  readonly javaStatisticsEmpty?: boolean;
  /**
   * J: Java's DoubleTreeWriter adds a repeating vector's value to the sum once, not once per row (a Java
   * bug), so its sums for this column are low. Ours are compared with the sums computed from the rows.
   */
  readonly javaDoubleSumWrong?: { readonly column: number; readonly field: number };
  /** H (see above). */
  readonly javaCollectionCountsWrong?: boolean;
  /** K: columns whose first row index entry Java left without positions. */
  readonly javaFirstEntryWithoutPositions?: readonly number[];
}

const emptyDictionary = (stripes: number, column: number) =>
  Array.from(
    { length: stripes },
    (_, s) => `stripe ${s} column ${column}: java DICTIONARY_V2, ours DIRECT_V2`,
  );

const CASES: readonly Case[] = [
  // zlib, every primitive type, struct/list/map, dictionary strings, writerVersion 1.
  { file: 'TestOrcFile.test1.orc', encodingDifferences: [] },
  // zlib 64 KiB blocks, the same nested schema with random values, 7 stripes, stride 1000.
  { file: 'TestOrcFile.testSeek.orc', encodingDifferences: emptyDictionary(7, 18) },
  // nulls in binary and string: PRESENT streams, hasNull.
  { file: 'TestOrcFile.testStringAndBinaryStatistics.orc', encodingDifferences: [] },
  // no compression, union, decimal(38,18), timestamps with nulls at every level.
  { file: 'TestOrcFile.testUnionAndTimestamp.orc', encodingDifferences: [] },
  // timestamps and dates before 1970 (writer zone US/Pacific), 8 stripes of uneven sizes.
  { file: 'TestOrcFile.testDate1900.orc', encodingDifferences: [] },
  // timestamps and dates after 2038, 28 stripes.
  { file: 'TestOrcFile.testDate2038.orc', encodingDifferences: [] },
  // no compression, 5 stripes, stride 1000.
  { file: 'TestOrcFile.columnProjection.orc', encodingDifferences: [] },
  // snappy with 100-byte compression blocks.
  { file: 'TestOrcFile.testSnappy.orc', encodingDifferences: [] },
  // snappy, no row index: statistics from the rows (I).
  { file: 'TestOrcFile.testWithoutIndex.orc', encodingDifferences: [], javaStatisticsEmpty: true },
  // stripe statistics over 3 stripes, dictionary strings.
  { file: 'TestOrcFile.testStripeLevelStats.orc', encodingDifferences: [] },
  // no index, 4 uneven stripes: statistics from the rows (I).
  { file: 'TestOrcFile.testMemoryManagementV12.orc', encodingDifferences: [], javaStatisticsEmpty: true },
  // stride 1000 within one stripe of 3500 rows.
  { file: 'TestOrcFile.testPredicatePushdown.orc', encodingDifferences: [] },
  // no rows, no stripes: the statistics of empty columns.
  { file: 'TestOrcFile.emptyFile.orc', encodingDifferences: [] },
  // one row with nulls in nested columns.
  {
    file: 'TestOrcFile.metaData.orc',
    encodingDifferences: [9, 14, 18, 20, 23].map(
      (c) => `stripe 0 column ${c}: java DICTIONARY_V2, ours DIRECT_V2`,
    ),
  },
  // ORC 1.6+ Java (writerVersion 9): bytesOnDisk, stride 4096, direct strings.
  {
    file: 'TestStringDictionary.testRowIndex.orc',
    encodingDifferences: [],
    javaFirstEntryWithoutPositions: [1],
  },
  // LZ4 with 1000-byte blocks.
  { file: 'TestVectorOrcFile.testLz4.orc', encodingDifferences: [] },
  // ZSTD with 1000-byte blocks, writerVersion 9, integer sum overflow (no sum for z).
  { file: 'TestVectorOrcFile.testZstd.0.12.orc', encodingDifferences: [] },
  // ORC 1.8 Java: UTC timestamp statistics with nanos, decimal(16,6), dictionary, writer zone LA.
  {
    file: 'orc_split_elim_new.orc',
    encodingDifferences: [],
    javaDoubleSumWrong: { column: 3, field: 2 },
  },
  // varchar(4), stride 2000.
  { file: 'orc_index_int_string.orc', encodingDifferences: [] },
  // all primitive kinds, bloom filters, an all-null second stripe; its Hive writer ran in US/Pacific.
  {
    file: 'over1k_bloom.orc',
    encodingDifferences: ['stripe 1 column 8: java DICTIONARY_V2, ours DIRECT_V2'],
    javaZone: 'America/Los_Angeles',
  },
  // writerVersion 0 (Hive): decimal(10,5) with nulls, no hasNull.
  { file: 'decimal.orc', encodingDifferences: [] },
  // snappy, long runs of nulls at the end, writerVersion 0.
  { file: 'nulls-at-end-snappy.orc', encodingDifferences: [] },
  // deeply nested lists, maps and structs (ORC 1.7 Java through Iceberg).
  {
    file: 'complextypes_iceberg.orc',
    encodingDifferences: ['stripe 0 column 25: java DICTIONARY_V2, ours DIRECT_V2'],
    javaCollectionCountsWrong: true,
  },
];

describe.each(CASES)('our writer against Java: $file', (c) => {
  let p: Pair;
  let options: CompareOptions;
  /** Java's statistics as they are compared: as written, or as Java would have written them (I, J). */
  let javaFile: RawStatistics[];
  let javaStripes: RawStatistics[][];
  let javaRowGroups: Map<number, RawStatistics[]>[];

  beforeAll(async () => {
    expect(existsSync(path.join(EXAMPLES, c.file))).toBe(true);
    p = await rewrite(c.file);
    options = {
      javaZone: c.javaZone ?? p.java.stripes[0]?.writerTimezone,
      javaCollectionCountsWrong: c.javaCollectionCountsWrong ?? false,
    };
    javaFile = [...p.java.statistics];
    javaStripes = p.java.stripeStatistics.map((s) => [...s]);
    javaRowGroups = p.java.stripes.map((s) => new Map(s.rowIndexStatistics as Map<number, RawStatistics[]>));
    if (c.javaStatisticsEmpty) {
      // I: the Java file says no values were counted; take what counting them gives.
      expect(p.java.statistics[0]).toEqual({ numberOfValues: 0, hasNull: false });
      expect(p.java.rowIndexStride === 0 || p.java.stripes.every((s) => s.rowIndexEntries.size === 0)).toBe(
        true,
      );
      javaFile = statisticsFromRows(p.java.types, p.javaRows, 0, p.javaRows.length);
      let row = 0;
      javaStripes = p.java.stripes.map((s) => {
        row += s.numberOfRows;
        return statisticsFromRows(p.java.types, p.javaRows, row - s.numberOfRows, row);
      });
    }
    if (c.javaDoubleSumWrong !== undefined) {
      // J: the true sums, added in Java's order; Java's own are lower.
      const { column, field } = c.javaDoubleSumWrong;
      const sums = doubleSums(p, field);
      const withSum = (st: RawStatistics, sum: number): RawStatistics => {
        const d = st.doubleStatistics as Record<string, number>;
        expect(d.sum).toBeLessThan(sum);
        return { ...st, doubleStatistics: { ...d, sum } };
      };
      javaFile[column] = withSum(javaFile[column]!, sums.file);
      javaStripes.forEach((st, s) => {
        st[column] = withSum(st[column]!, sums.stripes[s]!);
      });
      javaRowGroups.forEach((m, s) => {
        m.set(
          column,
          m.get(column)!.map((st, g) => withSum(st, sums.rowGroups[s]![g]!)),
        );
      });
    }
  });

  it('postscript: version, magic, compression and block size as Java; writerVersion 6 (A)', () => {
    const { java, ours } = p;
    expect(ours.postScript.version).toEqual([0, 12]);
    expect(ours.postScript.version).toEqual(java.postScript.version);
    expect(ours.postScript.magic).toBe('ORC');
    expect(ours.postScript.magic).toBe(java.postScript.magic);
    expect(ours.postScript.compression).toBe(java.postScript.compression);
    expect(ours.postScript.compressionBlockSize).toBe(java.postScript.compressionBlockSize);
    expect(ours.postScript.writerVersion).toBe(6);
    // The fields in order: footerLength 1, compression 2, compressionBlockSize 3 (only when compressed),
    // version 4, metadataLength 5, writerVersion 6 (left out by writerVersion 0 files, its default), magic.
    const javaFields = java.postScriptFields.includes(6)
      ? java.postScriptFields
      : [...java.postScriptFields.filter((f) => f < 6), 6, 8000];
    expect(ours.postScriptFields).toEqual(javaFields);
  });

  it('footer: header length, content length, rows, stride and fields as Java (B)', () => {
    const { java, ours } = p;
    expect(ours.headerLength).toBe(3);
    expect(java.headerLength).toBe(3);
    // contentLength: the header and every stripe (index, data and footer), up to the metadata.
    const stripesEnd = (l: OrcLayout) =>
      l.stripes.reduce((n, s) => n + s.indexLength + s.dataLength + s.footerLength, 3);
    expect(ours.contentLength).toBe(stripesEnd(ours));
    expect(java.contentLength).toBe(stripesEnd(java));
    expect(ours.numberOfRows).toBe(java.numberOfRows);
    expect(ours.rowIndexStride).toBe(java.rowIndexStride);
    expect(ours.stripes.map((s) => s.numberOfRows)).toEqual(java.stripes.map((s) => s.numberOfRows));
    expect(ours.writer).toBeUndefined();
    expect(ours.footerFields).toEqual(java.footerFields.filter((f) => ![5, 9, 11, 12].includes(f)));
  });

  it('type tree: kinds, subtypes, field names, precision/scale, maximum length', () => {
    expect(p.ours.types).toEqual(p.java.types);
    expect(p.ours.typeText).toBe(p.java.typeText);
  });

  it('column encodings: as Java, except the listed dictionary choices (E)', () => {
    const diffs = encodingDifferences(p);
    expect(diffs).toEqual(c.encodingDifferences);
    for (const d of diffs) {
      const [, s, col] = /stripe (\d+) column (\d+)/.exec(d)!.map(Number) as [number, number, number];
      expect(STRING_KINDS.has(p.java.types[col]!.kind)).toBe(true);
      // Only for a column without values in the stripe (Java's empty dictionary).
      expect(p.java.stripes[s]!.dictionarySizes[col]).toBe(0);
      expect(p.ours.stripeStatistics[s]![col]!.numberOfValues).toBe(0);
    }
  });

  it('streams of each stripe: the same kinds, per column, in the same order (D, E)', () => {
    p.java.stripes.forEach((_, s) => {
      expect(p.ours.stripes[s]!.streams, `stripe ${s}`).toEqual(expectedStreams(p, s));
    });
  });

  it('stripe footers: writer time zone only with a timestamp column (C)', () => {
    const hasTimestamp = p.java.types.some((t) => t.kind === 'timestamp');
    for (const s of p.ours.stripes) expect(s.writerTimezone).toBe(hasTimestamp ? 'UTC' : undefined);
    if (p.java.postScript.writerVersion >= 6) {
      for (const s of p.java.stripes) expect(s.writerTimezone !== undefined).toBe(hasTimestamp);
    }
  });

  it('file statistics: every field as Java (F, G, H, I, J)', () => {
    expect(p.ours.statistics.length).toBe(p.java.types.length);
    const { java, ours } = compareStatistics(javaFile, p.ours.statistics, options);
    expect(ours).toEqual(java);
  });

  it('stripe statistics: present for every stripe, every field as Java (F, G, H, I, J)', () => {
    expect(p.ours.stripeStatistics.length).toBe(p.java.stripes.length);
    expect(p.java.stripeStatistics.length).toBe(p.java.stripes.length);
    javaStripes.forEach((js, s) => {
      const { java, ours } = compareStatistics(js, p.ours.stripeStatistics[s]!, options);
      expect(ours, `stripe ${s}`).toEqual(java);
    });
  });

  it('row index: the same entries per column, each with Java statistics (G, H, J)', () => {
    p.java.stripes.forEach((js, s) => {
      const os = p.ours.stripes[s]!;
      expect([...os.rowIndexEntries], `stripe ${s}`).toEqual([...js.rowIndexEntries]);
      for (const [col, entries] of javaRowGroups[s]!) {
        const { java, ours } = compareStatistics(entries, os.rowIndexStatistics.get(col)!, options);
        expect(ours, `stripe ${s} column ${col}`).toEqual(java);
      }
    });
  });

  it('row index: as many positions per entry as Java, for every column (K)', () => {
    const extra = p.java.postScript.compression === 'NONE' ? 1 : 2;
    p.java.stripes.forEach((js, s) => {
      const os = p.ours.stripes[s]!;
      for (const [col, counts] of js.rowIndexPositions) {
        let expected = [...counts];
        if (c.javaFirstEntryWithoutPositions?.includes(col) && s === 0) {
          expect(expected[0]).toBe(0);
          expected[0] = expected[1]!;
        }
        if (js.encodings[col] !== os.encodings[col]) expected = expected.map((n) => n + extra);
        expect(os.rowIndexPositions.get(col), `stripe ${s} column ${col}`).toEqual(expected);
      }
    });
  });

  it('bytesOnDisk: each column data streams, per stripe and summed for the file (F)', () => {
    const columns = p.ours.types.length;
    const total = new Array<number>(columns).fill(0);
    p.ours.stripes.forEach((s, i) => {
      const bytes = dataBytes(s, columns);
      bytes.forEach((b, col) => {
        total[col]! += b;
      });
      expect(
        p.ours.stripeStatistics[i]!.map((st) => st.bytesOnDisk ?? 0),
        `stripe ${i}`,
      ).toEqual(bytes);
    });
    expect(p.ours.statistics.map((st) => st.bytesOnDisk ?? 0)).toEqual(total);
  });

  it('values: our file reads back to the Java file rows', () => {
    expect(p.ourRows.length).toBe(p.java.numberOfRows);
    expect(p.ourRows).toEqual(p.javaRows);
  });
});

/**
 * The writer deviations the comparison above found, each pinned with values worked out from the Java
 * writer's code (ColumnStatisticsImpl, TimestampTreeWriter, WriterImpl) where no example file shows them.
 */
describe('our writer against Java: statistics Java writes that the examples do not all show', () => {
  const stats = async (
    schema: OrcSchema,
    rows: Value[][],
    options: { writerTimeZone?: string } = {},
  ): Promise<OrcLayout> => {
    const writer = await OrcWriter.create(struct([]), {
      orcSchema: schema,
      compression: 'NONE',
      ...options,
    });
    for (const r of rows) writer.writeRow(r);
    return orcLayout(writer.finish());
  };

  it('H: list and map statistics count the real children (complextypes_iceberg.orc)', async () => {
    const p = await rewrite('complextypes_iceberg.orc');
    const collections = p.ours.types.flatMap((t, c) =>
      t.kind === 'array' || t.kind === 'map' ? [[c, p.ours.statistics[c]!.collectionStatistics]] : [],
    );
    // The row: int_array [-1], int_array_array [[-1, -2], []], int_map {k1: -1}, int_map_array
    // [{}, {k1: 1}, {}, {}], nested_struct.b [-1], .c.d [[{e: -1, f: "nonnullable"}]], .g {} (so .g's
    // value's array h.i has no values). Java 1.7 recorded 1024 (its vector size) for every count.
    expect(collections).toEqual([
      [2, { minChildren: 1, maxChildren: 1, totalChildren: 1 }],
      [4, { minChildren: 2, maxChildren: 2, totalChildren: 2 }],
      [5, { minChildren: 0, maxChildren: 2, totalChildren: 2 }],
      [7, { minChildren: 1, maxChildren: 1, totalChildren: 1 }],
      [10, { minChildren: 4, maxChildren: 4, totalChildren: 4 }],
      [11, { minChildren: 0, maxChildren: 1, totalChildren: 1 }],
      [16, { minChildren: 1, maxChildren: 1, totalChildren: 1 }],
      [19, { minChildren: 1, maxChildren: 1, totalChildren: 1 }],
      [20, { minChildren: 1, maxChildren: 1, totalChildren: 1 }],
      // Java leaves totalChildren out when it is 0, and min/max out without values.
      [24, { minChildren: 0, maxChildren: 0 }],
      [28, {}],
    ]);
  });

  it('timestamp statistics hold the wall clock in the writer zone, as Java (orc_split_elim_new.orc)', async () => {
    // Written again in the Java file's zone (America/Los_Angeles): the rows are wall-clock values, so
    // each becomes the instant that shows that wall clock in Los Angeles.
    const p = await rewrite('orc_split_elim_new.orc');
    const zone = 'America/Los_Angeles';
    const instant = (wall: bigint): bigint => {
      let v = wall;
      for (let i = 0; i < 2; i++)
        v = wall - BigInt(zoneOffsetSeconds(zone, Number(v / 1_000_000n))) * 1_000_000n;
      return v;
    };
    const rows = p.javaRows.map((r) => r.map((v, i) => (i === 4 ? instant(v as bigint) : v)));
    const writer = await OrcWriter.create(struct([]), {
      orcSchema: schemaOf(p.java.types),
      compression: 'ZLIB',
      rowIndexStride: p.java.rowIndexStride,
      writerTimeZone: zone,
    });
    for (const r of rows) writer.writeRow(r);
    const bytes = writer.finish();
    const ours = await orcLayout(bytes);
    expect(ours.stripes[0]!.writerTimezone).toBe(zone);
    expect(p.java.stripes[0]!.writerTimezone).toBe(zone);
    const { bytesOnDisk: _j, ...java } = p.java.statistics[5]!;
    const { bytesOnDisk: _o, ...mine } = ours.statistics[5]!;
    expect(java).toEqual({
      numberOfValues: 25000,
      timestampStatistics: { minimumUtc: -28800000n, maximumUtc: -28550000n, maximumNanos: 1 },
      hasNull: false,
    });
    expect(mine).toEqual(java);
    expect(await (await openOrcFile(bytesSource(bytes))).readRows()).toEqual(p.javaRows);
  });

  it('timestamp nanos: minimumNanos only when not 0, maximumNanos only when not 999,999', async () => {
    const l = await stats({ kind: 'struct', fields: [{ name: 't', type: { kind: 'timestamp' } }] }, [
      [1_000_000n], // 1970-01-01 00:00:01
      [1_500_123n], // 00:00:01.500123: 123,000 ns below the millisecond
    ]);
    expect(l.statistics[1]!.timestampStatistics).toEqual({
      minimumUtc: 1000n,
      maximumUtc: 1500n,
      maximumNanos: 123_001,
    });
    const sub = await stats({ kind: 'struct', fields: [{ name: 't', type: { kind: 'timestamp' } }] }, [
      [1_000_001n],
    ]);
    expect(sub.statistics[1]!.timestampStatistics).toEqual({
      minimumUtc: 1000n,
      maximumUtc: 1000n,
      minimumNanos: 1001,
      maximumNanos: 1001,
    });
  });

  it('string bounds longer than 1024 bytes become lowerBound/upperBound (ORC-203)', async () => {
    const schema: OrcSchema = { kind: 'struct', fields: [{ name: 's', type: { kind: 'string' } }] };
    const l = await stats(schema, [['a'.repeat(1030)], ['é'.repeat(600)], ['b']]);
    // Lower bound: the bytes before the character holding byte 1024. Upper bound: the bytes before the
    // last whole character within the first 1024 bytes, then that character's code point plus one.
    expect(l.statistics[1]!.stringStatistics).toEqual({
      sum: 1030n + 1200n + 1n,
      lowerBound: 'a'.repeat(1024),
      upperBound: `${'é'.repeat(511)}ê`,
    });
    const short = await stats(schema, [['b'], ['é'.repeat(600)]]);
    expect(short.statistics[1]!.stringStatistics).toEqual({
      minimum: 'b',
      sum: 1201n,
      upperBound: `${'é'.repeat(511)}ê`,
    });
    // A stripe without values: an empty StringStatistics, no sum (bytesOnDisk: the 2-byte PRESENT stream).
    const none = await stats(schema, [[null]]);
    expect(none.statistics[1]).toEqual({
      numberOfValues: 0,
      stringStatistics: {},
      hasNull: true,
      bytesOnDisk: 2,
    });
  });

  it('decimal sums: precision <= 18 drops the sum past 18 digits (Decimal64StatisticsImpl)', async () => {
    const big = 900_000_000_000_000_000n; // 9 * 10^17
    const d = (precision: number): OrcSchema => ({
      kind: 'struct',
      fields: [{ name: 'd', type: { kind: 'decimal', precision, scale: 2 } }],
    });
    const narrow = await stats(d(18), [[big], [big]]);
    expect(narrow.statistics[1]!.decimalStatistics).toEqual({
      minimum: '9000000000000000',
      maximum: '9000000000000000',
    });
    const wide = await stats(d(19), [[big], [big]]);
    expect(wide.statistics[1]!.decimalStatistics).toEqual({
      minimum: '9000000000000000',
      maximum: '9000000000000000',
      sum: '18000000000000000',
    });
    // Without values: the sum is 0, and there are no bounds.
    const none = await stats(d(10), [[null]]);
    expect(none.statistics[1]!.decimalStatistics).toEqual({ sum: '0' });
  });

  it('an uncompressed file has no compression block size; no timestamp column, no writer zone', async () => {
    const l = await stats({ kind: 'struct', fields: [{ name: 'i', type: { kind: 'int' } }] }, [[1]]);
    expect(l.postScript.compressionBlockSize).toBeUndefined();
    expect(l.postScriptFields).toEqual([1, 2, 4, 5, 6, 8000]);
    expect(l.stripes[0]!.writerTimezone).toBeUndefined();
  });
});
