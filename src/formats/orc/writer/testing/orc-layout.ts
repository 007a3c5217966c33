/**
 * The structure of an ORC file, read through the reader's own metadata access (../../file-tail.ts,
 * ../../orc-messages.ts, ../../stripe-streams.ts) for tests that compare our writer's files with files
 * written by Apache ORC's Java writer. Column statistics are decoded here field by field, every field of
 * orc_proto.proto ColumnStatistics (the reader's decoder keeps only the ones predicates use), so that a
 * field one writer sets and the other leaves out shows up in a comparison.
 */
import type { OrcByteSource } from '../../byte-source.js';
import { bytesSource } from '../../byte-source.js';
import { decompressStream } from '../../compression.js';
import { readFileTail } from '../../file-tail.js';
import { TYPE_KINDS } from '../../orc-messages.js';
import { ProtoReader } from '../../protobuf.js';
import { readStripeFooter } from '../../stripe-streams.js';

/** One ColumnStatistics message with every field it holds (field names as in orc_proto.proto). */
export type RawStatistics = Record<string, unknown>;

export interface StripeLayout {
  readonly numberOfRows: number;
  /** The stripe footer's streams in file order, as `column:KIND`. */
  readonly streams: readonly string[];
  /** Each stream's length in bytes, in the same order. */
  readonly streamLengths: readonly number[];
  /** Each column's encoding kind (and dictionary size where the writer gave one). */
  readonly encodings: readonly string[];
  readonly dictionarySizes: readonly (number | undefined)[];
  readonly writerTimezone: string | undefined;
  /** Row index entries per column (only for columns that have a ROW_INDEX stream). */
  readonly rowIndexEntries: ReadonlyMap<number, number>;
  /** The row index statistics of each column's entries (for those with a ROW_INDEX stream). */
  readonly rowIndexStatistics: ReadonlyMap<number, readonly RawStatistics[]>;
  /** How many positions each row index entry holds, per column (the seek positions of its streams). */
  readonly rowIndexPositions: ReadonlyMap<number, readonly number[]>;
  readonly indexLength: number;
  readonly dataLength: number;
  readonly footerLength: number;
}

export interface OrcLayout {
  readonly postScript: {
    readonly version: readonly number[];
    readonly writerVersion: number;
    readonly compression: string | number;
    readonly compressionBlockSize: number | undefined;
    readonly magic: string | undefined;
    readonly metadataLength: number;
  };
  /** The field numbers the postscript and footer hold, in file order (repeated fields once). */
  readonly postScriptFields: readonly number[];
  readonly footerFields: readonly number[];
  readonly headerLength: number;
  readonly contentLength: number;
  readonly numberOfRows: number;
  readonly rowIndexStride: number;
  readonly writer: number | undefined;
  /** The type tree as text, e.g. `struct<a:int,b:decimal(10,2)>`. */
  readonly typeText: string;
  readonly types: readonly {
    kind: string;
    subtypes: readonly number[];
    fieldNames: readonly string[];
    maximumLength?: number;
    precision?: number;
    scale?: number;
  }[];
  readonly statistics: readonly RawStatistics[];
  readonly stripeStatistics: readonly (readonly RawStatistics[])[];
  readonly stripes: readonly StripeLayout[];
}

const STREAM_KIND_NAMES = [
  'PRESENT',
  'DATA',
  'LENGTH',
  'DICTIONARY_DATA',
  'DICTIONARY_COUNT',
  'SECONDARY',
  'ROW_INDEX',
  'BLOOM_FILTER',
  'BLOOM_FILTER_UTF8',
  'ENCRYPTED_INDEX',
  'ENCRYPTED_DATA',
];

export async function orcLayout(bytes: Uint8Array, name = '<bytes>'): Promise<OrcLayout> {
  const source: OrcByteSource = bytesSource(bytes, name);
  const tail = await readFileTail(source);
  const { postScript, footer, codec } = tail;
  const rawFooter = decompressStream(
    codec,
    bytes.subarray(tail.footerStart, tail.footerStart + postScript.footerLength),
    'footer',
  );
  let headerLength = -1;
  let contentLength = -1;
  const statistics: RawStatistics[] = [];
  const footerFields: number[] = [];
  const postScriptFields: number[] = [];
  const psLength = bytes[bytes.length - 1]!;
  eachField(new ProtoReader(bytes, bytes.length - 1 - psLength, bytes.length - 1), (_r, n) => {
    if (postScriptFields.at(-1) !== n) postScriptFields.push(n);
    return false;
  });
  eachField(new ProtoReader(rawFooter), (r, n) => {
    if (footerFields.at(-1) !== n) footerFields.push(n);
    if (n === 1) headerLength = r.uint64();
    else if (n === 2) contentLength = r.uint64();
    else if (n === 7) statistics.push(decodeStatistics(r.message()));
    else return false;
    return true;
  });
  const stripeStatistics: RawStatistics[][] = [];
  if (postScript.metadataLength > 0) {
    const start = tail.footerStart - postScript.metadataLength;
    const raw = decompressStream(codec, bytes.subarray(start, tail.footerStart), 'metadata');
    eachField(new ProtoReader(raw), (r, n) => {
      if (n !== 1) return false;
      const cols: RawStatistics[] = [];
      eachField(r.message(), (m, k) => {
        if (k !== 1) return false;
        cols.push(decodeStatistics(m.message()));
        return true;
      });
      stripeStatistics.push(cols);
      return true;
    });
  }
  const stripes: StripeLayout[] = [];
  for (const [i, s] of footer.stripes.entries()) {
    const sf = await readStripeFooter(source, codec, s, i, footer.types.length);
    // The raw stripe footer again, for the stream kinds the reader maps to OTHER.
    const rawSf = decompressStream(
      codec,
      bytes.subarray(
        s.offset + s.indexLength + s.dataLength,
        s.offset + s.indexLength + s.dataLength + s.footerLength,
      ),
      'stripe footer',
    );
    const streams: { kind: string; column: number; length: number }[] = [];
    const dictionarySizes: (number | undefined)[] = [];
    eachField(new ProtoReader(rawSf), (r, n) => {
      if (n === 1) {
        const st = { kind: 'PRESENT', column: 0, length: 0 };
        eachField(r.message(), (m, k) => {
          if (k === 1) {
            const kind = m.uint32();
            st.kind = STREAM_KIND_NAMES[kind] ?? `KIND${kind}`;
          } else if (k === 2) st.column = m.uint32();
          else if (k === 3) st.length = m.uint64();
          else return false;
          return true;
        });
        streams.push(st);
      } else if (n === 2) {
        let size: number | undefined;
        eachField(r.message(), (m, k) => {
          if (k !== 2) return false;
          size = m.uint32();
          return true;
        });
        dictionarySizes.push(size);
      } else return false;
      return true;
    });
    const rowIndexEntries = new Map<number, number>();
    const rowIndexStatistics = new Map<number, RawStatistics[]>();
    const rowIndexPositions = new Map<number, number[]>();
    let at = s.offset;
    for (const st of streams) {
      if (st.kind === 'ROW_INDEX') {
        const raw = decompressStream(codec, bytes.subarray(at, at + st.length), 'row index');
        const entries: RawStatistics[] = [];
        const counts: number[] = [];
        eachField(new ProtoReader(raw), (r, n) => {
          if (n !== 1) return false;
          let stats: RawStatistics = {};
          const positions: number[] = [];
          eachField(r.message(), (e, k, wire) => {
            if (k === 1) e.packedUint64(wire, positions);
            else if (k === 2) stats = decodeStatistics(e.message());
            else return false;
            return true;
          });
          entries.push(stats);
          counts.push(positions.length);
          return true;
        });
        rowIndexEntries.set(st.column, entries.length);
        rowIndexStatistics.set(st.column, entries);
        rowIndexPositions.set(st.column, counts);
      }
      at += st.length;
    }
    stripes.push({
      numberOfRows: s.numberOfRows,
      streams: streams.map((st) => `${st.column}:${st.kind}`),
      streamLengths: streams.map((st) => st.length),
      encodings: sf.columns.map((c) => c.kind),
      dictionarySizes,
      writerTimezone: sf.writerTimezone,
      rowIndexEntries,
      rowIndexStatistics,
      rowIndexPositions,
      indexLength: s.indexLength,
      dataLength: s.dataLength,
      footerLength: s.footerLength,
    });
  }
  const types = footer.types.map((t) => {
    const out: OrcLayout['types'][number] = {
      kind: TYPE_KINDS[t.kind] ?? `kind${t.kind}`,
      subtypes: t.subtypes,
      fieldNames: t.fieldNames,
    };
    if (t.maximumLength !== undefined) out.maximumLength = t.maximumLength;
    if (t.precision !== undefined) out.precision = t.precision;
    if (t.scale !== undefined) out.scale = t.scale;
    return out;
  });
  return {
    postScript: {
      version: postScript.version,
      writerVersion: postScript.writerVersion,
      compression: postScript.compression,
      compressionBlockSize: postScript.compressionBlockSize,
      magic: postScript.magic,
      metadataLength: postScript.metadataLength,
    },
    postScriptFields,
    footerFields,
    headerLength,
    contentLength,
    numberOfRows: footer.numberOfRows,
    rowIndexStride: footer.rowIndexStride,
    writer: footer.writer,
    typeText: typeText(types, 0),
    types,
    statistics,
    stripeStatistics,
    stripes,
  };
}

function typeText(types: OrcLayout['types'], id: number): string {
  const t = types[id]!;
  const sub = t.subtypes.map((s) => typeText(types, s));
  switch (t.kind) {
    case 'struct':
      return `struct<${sub.map((s, i) => `${t.fieldNames[i]}:${s}`).join(',')}>`;
    case 'array':
      return `array<${sub[0]}>`;
    case 'map':
      return `map<${sub[0]},${sub[1]}>`;
    case 'uniontype':
      return `uniontype<${sub.join(',')}>`;
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'char':
    case 'varchar':
      return `${t.kind}(${t.maximumLength})`;
    default:
      return t.kind;
  }
}

function eachField(
  r: ProtoReader,
  read: (r: ProtoReader, fieldNumber: number, wireType: number) => boolean,
): void {
  while (!r.done) {
    const f = r.nextField();
    if (!read(r, f.fieldNumber, f.wireType)) r.skip(f.wireType);
  }
}

/** Every field of ColumnStatistics (orc_proto.proto), with the message names as keys. */
export function decodeStatistics(r: ProtoReader): RawStatistics {
  const out: RawStatistics = {};
  eachField(r, (m, n) => {
    switch (n) {
      case 1:
        out.numberOfValues = m.uint64();
        return true;
      case 2:
        out.intStatistics = fields(m.message(), { 1: 'minimum', 2: 'maximum', 3: 'sum' }, (q) => q.sint64());
        return true;
      case 3:
        out.doubleStatistics = fields(m.message(), { 1: 'minimum', 2: 'maximum', 3: 'sum' }, (q) =>
          q.double(),
        );
        return true;
      case 4:
        out.stringStatistics = fields(
          m.message(),
          { 1: 'minimum', 2: 'maximum', 3: 'sum', 4: 'lowerBound', 5: 'upperBound' },
          (q, k) => (k === 3 ? q.sint64() : q.string()),
        );
        return true;
      case 5: {
        const counts: number[] = [];
        eachField(m.message(), (q, k) => {
          if (k !== 1) return false;
          q.packedUint64(2, counts);
          return true;
        });
        out.bucketStatistics = { count: counts };
        return true;
      }
      case 6:
        out.decimalStatistics = fields(m.message(), { 1: 'minimum', 2: 'maximum', 3: 'sum' }, (q) =>
          q.string(),
        );
        return true;
      case 7:
        out.dateStatistics = fields(m.message(), { 1: 'minimum', 2: 'maximum' }, (q) => q.sint64());
        return true;
      case 8:
        out.binaryStatistics = fields(m.message(), { 1: 'sum' }, (q) => q.sint64());
        return true;
      case 9:
        out.timestampStatistics = fields(
          m.message(),
          {
            1: 'minimum',
            2: 'maximum',
            3: 'minimumUtc',
            4: 'maximumUtc',
            5: 'minimumNanos',
            6: 'maximumNanos',
          },
          (q, k) => (k >= 5 ? q.uint64() : q.sint64()),
        );
        return true;
      case 10:
        out.hasNull = m.bool();
        return true;
      case 11:
        out.bytesOnDisk = m.uint64();
        return true;
      case 12:
        out.collectionStatistics = fields(
          m.message(),
          { 1: 'minChildren', 2: 'maxChildren', 3: 'totalChildren' },
          (q) => q.uint64(),
        );
        return true;
      default:
        out[`field${n}`] = true;
        return false;
    }
  });
  return out;
}

function fields(
  r: ProtoReader,
  names: Record<number, string>,
  read: (r: ProtoReader, fieldNumber: number) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  eachField(r, (q, n) => {
    const name = names[n];
    if (name === undefined) {
      out[`field${n}`] = true;
      return false;
    }
    out[name] = read(q, n);
    return true;
  });
  return out;
}
