/**
 * string, char, varchar and binary (ORCv1.md "String, Char, and VarChar Columns"). Per stripe, strings take
 * DICTIONARY_V2 when the distinct values are at most 80% of the non-null values (Apache ORC's
 * orc.dictionary.key.threshold default, checked as Java's StringBaseTreeWriter does), else DIRECT_V2.
 * Dictionary entries are kept in first-seen order; DATA then holds each row's entry index.
 */
import type { Value } from '../../../types/value.js';
import type { ColumnStatistics } from './column-statistics.js';
import { ColumnWriter, type Segment } from './column-writer.js';
import { writeIntegersV2 } from './integer-rle-v2-writer.js';
import { type ColumnEncodingOut, OutStream, type PositionPart } from './out-stream.js';
import { writerError } from './writer-error.js';

export const DICTIONARY_KEY_THRESHOLD = 0.8;

const utf8 = new TextEncoder();

export class StringWriter extends ColumnWriter {
  private data: Uint8Array[] = [];
  private keys: string[] = [];
  private dictionary: Map<string, number> | undefined;
  private ids: bigint[] = [];
  private dataStream!: OutStream;
  private lengthStream!: OutStream;
  private dictionaryStream: OutStream | undefined;

  protected addValue(v: Value): void {
    if (this.column.schema.kind === 'binary') {
      if (!(v instanceof Uint8Array)) throw writerError(`binary value ${String(v)} is not a Uint8Array`);
      this.data.push(v);
      return;
    }
    if (typeof v !== 'string')
      throw writerError(`${this.column.schema.kind} value ${String(v)} is not a string`);
    this.keys.push(v);
    this.data.push(utf8.encode(v));
  }

  protected createStreams(): OutStream[] {
    this.dataStream = new OutStream(this.column.id, 'DATA');
    this.lengthStream = new OutStream(this.column.id, 'LENGTH');
    this.dictionary = this.chooseDictionary();
    if (this.dictionary === undefined) return [this.dataStream, this.lengthStream];
    this.dictionaryStream = new OutStream(this.column.id, 'DICTIONARY_DATA');
    return [this.dataStream, this.lengthStream, this.dictionaryStream];
  }

  private chooseDictionary(): Map<string, number> | undefined {
    if (this.column.schema.kind === 'binary' || this.keys.length === 0) return undefined;
    const dictionary = new Map<string, number>();
    const limit = this.keys.length * DICTIONARY_KEY_THRESHOLD;
    const ids: bigint[] = new Array(this.keys.length);
    for (let i = 0; i < this.keys.length; i++) {
      const k = this.keys[i]!;
      let id = dictionary.get(k);
      if (id === undefined) {
        id = dictionary.size;
        if (id + 1 > limit) return undefined;
        dictionary.set(k, id);
      }
      ids[i] = BigInt(id);
    }
    this.ids = ids;
    return dictionary;
  }

  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    for (let i = seg.valueStart; i < seg.valueEnd; i++) stats.addBytes(this.data[i]!);
    if (this.dictionary !== undefined) {
      positions.push(this.dataStream.here(), 0);
      writeIntegersV2(this.dataStream.buf, this.ids, false, seg.valueStart, seg.valueEnd);
      return;
    }
    // DIRECT positions: the bytes (DATA) first, then LENGTH, as Apache ORC records and seeks them.
    positions.push(this.dataStream.here(), this.lengthStream.here(), 0);
    const lengths: bigint[] = [];
    for (let i = seg.valueStart; i < seg.valueEnd; i++) {
      this.dataStream.buf.append(this.data[i]!);
      lengths.push(BigInt(this.data[i]!.length));
    }
    writeIntegersV2(this.lengthStream.buf, lengths, false);
  }

  protected finishStreams(): ColumnEncodingOut {
    const dictionary = this.dictionary;
    if (dictionary === undefined || this.dictionaryStream === undefined) return { kind: 2 };
    const lengths: bigint[] = [];
    for (const k of dictionary.keys()) {
      const bytes = utf8.encode(k);
      this.dictionaryStream.buf.append(bytes);
      lengths.push(BigInt(bytes.length));
    }
    writeIntegersV2(this.lengthStream.buf, lengths, false);
    return { kind: 3, dictionarySize: dictionary.size };
  }

  protected reset(): void {
    this.data = [];
    this.keys = [];
    this.ids = [];
    this.dictionary = undefined;
    this.dictionaryStream = undefined;
  }
}
