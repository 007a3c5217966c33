/**
 * The ORC metadata messages this reader uses, decoded from protobuf (apache/orc proto/orc_proto.proto;
 * field numbers in comments). Only the fields the reader needs are kept; the rest are skipped.
 */
import { OrcFormatError } from './orc-error.js';
import { decodeColumnStatistics, type OrcColumnStatistics } from './orc-statistics.js';
import type { ProtoReader } from './protobuf.js';

/** CompressionKind (orc_proto.proto): NONE 0, ZLIB 1, SNAPPY 2, LZO 3, LZ4 4, ZSTD 5. */
export type CompressionKind = 'NONE' | 'ZLIB' | 'SNAPPY' | 'LZO' | 'LZ4' | 'ZSTD';
const COMPRESSION_KINDS: readonly CompressionKind[] = ['NONE', 'ZLIB', 'SNAPPY', 'LZO', 'LZ4', 'ZSTD'];

export interface PostScript {
  readonly footerLength: number;
  readonly compression: CompressionKind | number;
  /** Absent in some old files: the reader then uses the 256 KiB default (ORCv1.md "Compression"). */
  readonly compressionBlockSize: number | undefined;
  readonly version: readonly number[];
  readonly metadataLength: number;
  readonly writerVersion: number;
  readonly magic: string | undefined;
}

export function decodePostScript(r: ProtoReader): PostScript {
  let footerLength = 0;
  let compression: CompressionKind | number = 'NONE';
  let compressionBlockSize: number | undefined;
  const version: number[] = [];
  let metadataLength = 0;
  let writerVersion = 0;
  let magic: string | undefined;
  while (!r.done) {
    const f = r.nextField();
    switch (f.fieldNumber) {
      case 1:
        footerLength = r.uint64();
        break;
      case 2: {
        const k = r.uint32();
        compression = COMPRESSION_KINDS[k] ?? k;
        break;
      }
      case 3:
        compressionBlockSize = r.uint64();
        break;
      case 4:
        r.packedUint64(f.wireType, version);
        break;
      case 5:
        metadataLength = r.uint64();
        break;
      case 6:
        writerVersion = r.uint32();
        break;
      case 8000:
        magic = r.string();
        break;
      default:
        r.skip(f.wireType);
    }
  }
  return { footerLength, compression, compressionBlockSize, version, metadataLength, writerVersion, magic };
}

export interface StripeInformation {
  readonly offset: number;
  readonly indexLength: number;
  readonly dataLength: number;
  readonly footerLength: number;
  readonly numberOfRows: number;
}

function decodeStripeInformation(r: ProtoReader): StripeInformation {
  const s = { offset: 0, indexLength: 0, dataLength: 0, footerLength: 0, numberOfRows: 0 };
  while (!r.done) {
    const f = r.nextField();
    switch (f.fieldNumber) {
      case 1:
        s.offset = r.uint64();
        break;
      case 2:
        s.indexLength = r.uint64();
        break;
      case 3:
        s.dataLength = r.uint64();
        break;
      case 4:
        s.footerLength = r.uint64();
        break;
      case 5:
        s.numberOfRows = r.uint64();
        break;
      default:
        r.skip(f.wireType);
    }
  }
  return s;
}

/** Type.Kind (orc_proto.proto); TIMESTAMP_INSTANT (18) is "timestamp with local time zone". */
export const TYPE_KINDS = [
  'boolean',
  'tinyint',
  'smallint',
  'int',
  'bigint',
  'float',
  'double',
  'string',
  'binary',
  'timestamp',
  'array',
  'map',
  'struct',
  'uniontype',
  'decimal',
  'date',
  'varchar',
  'char',
  'timestamp with local time zone',
] as const;
export type OrcTypeKind = (typeof TYPE_KINDS)[number];

export interface ProtoType {
  readonly kind: number;
  readonly subtypes: readonly number[];
  readonly fieldNames: readonly string[];
  readonly maximumLength: number | undefined;
  readonly precision: number | undefined;
  readonly scale: number | undefined;
}

function decodeType(r: ProtoReader): ProtoType {
  let kind = 0;
  const subtypes: number[] = [];
  const fieldNames: string[] = [];
  let maximumLength: number | undefined;
  let precision: number | undefined;
  let scale: number | undefined;
  while (!r.done) {
    const f = r.nextField();
    switch (f.fieldNumber) {
      case 1:
        kind = r.uint32();
        break;
      case 2:
        r.packedUint64(f.wireType, subtypes);
        break;
      case 3:
        fieldNames.push(r.string());
        break;
      case 4:
        maximumLength = r.uint32();
        break;
      case 5:
        precision = r.uint32();
        break;
      case 6:
        scale = r.uint32();
        break;
      default:
        r.skip(f.wireType);
    }
  }
  return { kind, subtypes, fieldNames, maximumLength, precision, scale };
}

export interface Footer {
  readonly stripes: readonly StripeInformation[];
  readonly types: readonly ProtoType[];
  readonly metadata: ReadonlyMap<string, Uint8Array>;
  readonly numberOfRows: number;
  /** Whole-file statistics per column id (Footer.statistics = 7); empty when the writer kept none. */
  readonly statistics: readonly OrcColumnStatistics[];
  readonly rowIndexStride: number;
  readonly writer: number | undefined;
  /** Root column ids of encrypted subtrees (Footer.encryption = 10, EncryptionVariant.root = 1). */
  readonly encryptedRoots: readonly number[];
}

export function decodeFooter(r: ProtoReader): Footer {
  const stripes: StripeInformation[] = [];
  const types: ProtoType[] = [];
  const metadata = new Map<string, Uint8Array>();
  let numberOfRows = 0;
  const statistics: OrcColumnStatistics[] = [];
  let rowIndexStride = 0;
  let writer: number | undefined;
  const encryptedRoots: number[] = [];
  while (!r.done) {
    const f = r.nextField();
    switch (f.fieldNumber) {
      case 3:
        stripes.push(decodeStripeInformation(r.message()));
        break;
      case 4:
        types.push(decodeType(r.message()));
        break;
      case 5: {
        const item = r.message();
        let name = '';
        let value: Uint8Array = new Uint8Array(0);
        while (!item.done) {
          const g = item.nextField();
          if (g.fieldNumber === 1) name = item.string();
          else if (g.fieldNumber === 2) value = item.bytesField();
          else item.skip(g.wireType);
        }
        metadata.set(name, value);
        break;
      }
      case 6:
        numberOfRows = r.uint64();
        break;
      case 7:
        statistics.push(decodeColumnStatistics(r.message()));
        break;
      case 8:
        rowIndexStride = r.uint32();
        break;
      case 9:
        writer = r.uint32();
        break;
      case 10:
        decodeEncryptionRoots(r.message(), encryptedRoots);
        break;
      default:
        r.skip(f.wireType);
    }
  }
  return { stripes, types, metadata, numberOfRows, statistics, rowIndexStride, writer, encryptedRoots };
}

/** Encryption.variants = 3; EncryptionVariant.root = 1 (ORCv1.md "Encryption"). */
function decodeEncryptionRoots(r: ProtoReader, into: number[]): void {
  while (!r.done) {
    const f = r.nextField();
    if (f.fieldNumber !== 3) {
      r.skip(f.wireType);
      continue;
    }
    const v = r.message();
    while (!v.done) {
      const g = v.nextField();
      if (g.fieldNumber === 1) into.push(v.uint32());
      else v.skip(g.wireType);
    }
  }
}

/** Stream.Kind (orc_proto.proto). */
export type StreamKind =
  | 'PRESENT'
  | 'DATA'
  | 'LENGTH'
  | 'DICTIONARY_DATA'
  | 'DICTIONARY_COUNT'
  | 'SECONDARY'
  | 'ROW_INDEX'
  | 'BLOOM_FILTER'
  | 'BLOOM_FILTER_UTF8'
  | 'ENCRYPTED_INDEX'
  | 'ENCRYPTED_DATA'
  | 'OTHER';
const STREAM_KINDS: readonly StreamKind[] = [
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

export interface StreamInfo {
  readonly kind: StreamKind;
  readonly column: number;
  readonly length: number;
}

/** ColumnEncoding.Kind: DIRECT and DICTIONARY use RLE v1, the _V2 kinds RLE v2. */
export type ColumnEncodingKind = 'DIRECT' | 'DICTIONARY' | 'DIRECT_V2' | 'DICTIONARY_V2';
const ENCODING_KINDS: readonly ColumnEncodingKind[] = ['DIRECT', 'DICTIONARY', 'DIRECT_V2', 'DICTIONARY_V2'];

export interface ColumnEncoding {
  readonly kind: ColumnEncodingKind;
  readonly dictionarySize: number;
}

export interface StripeFooter {
  readonly streams: readonly StreamInfo[];
  readonly columns: readonly ColumnEncoding[];
  readonly writerTimezone: string | undefined;
}

export function decodeStripeFooter(r: ProtoReader): StripeFooter {
  const streams: StreamInfo[] = [];
  const columns: ColumnEncoding[] = [];
  let writerTimezone: string | undefined;
  while (!r.done) {
    const f = r.nextField();
    switch (f.fieldNumber) {
      case 1:
        streams.push(decodeStream(r.message()));
        break;
      case 2:
        columns.push(decodeColumnEncoding(r.message()));
        break;
      case 3:
        writerTimezone = r.string();
        break;
      default:
        r.skip(f.wireType);
    }
  }
  return { streams, columns, writerTimezone };
}

function decodeStream(r: ProtoReader): StreamInfo {
  let kind: StreamKind = 'PRESENT';
  let column = 0;
  let length = 0;
  while (!r.done) {
    const f = r.nextField();
    switch (f.fieldNumber) {
      case 1:
        kind = STREAM_KINDS[r.uint32()] ?? 'OTHER';
        break;
      case 2:
        column = r.uint32();
        break;
      case 3:
        length = r.uint64();
        break;
      default:
        r.skip(f.wireType);
    }
  }
  return { kind, column, length };
}

function decodeColumnEncoding(r: ProtoReader): ColumnEncoding {
  let kind: ColumnEncodingKind = 'DIRECT';
  let dictionarySize = 0;
  while (!r.done) {
    const f = r.nextField();
    switch (f.fieldNumber) {
      case 1:
        kind = encodingKind(r.uint32());
        break;
      case 2:
        dictionarySize = r.uint32();
        break;
      default:
        r.skip(f.wireType);
    }
  }
  return { kind, dictionarySize };
}

function encodingKind(k: number): ColumnEncodingKind {
  const kind = ENCODING_KINDS[k];
  if (kind === undefined) throw new OrcFormatError(`ORC: unknown column encoding kind ${k}`);
  return kind;
}
