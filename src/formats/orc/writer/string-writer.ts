/**
 * string, char, varchar and binary (ORCv1.md "String, Char, and VarChar Columns"). Per stripe, strings take
 * DICTIONARY_V2 when the distinct values are at most 80% of the non-null values (Apache ORC's
 * orc.dictionary.key.threshold default, checked as Java's StringBaseTreeWriter does), else DIRECT_V2.
 * Dictionary entries are kept in first-seen order; DATA then holds each row's entry index.
 */
import type { Value } from '../../../types/value.js';
import type { ColumnStatistics } from './column-statistics.js';
import { ColumnWriter, type Segment } from './column-writer.js';
import { writeIntegersV2Numbers } from './integer-rle-v2-numbers-writer.js';
import { type ColumnEncodingOut, OutStream, type PositionPart } from './out-stream.js';
import { writerError } from './writer-error.js';

export const DICTIONARY_KEY_THRESHOLD = 0.8;

const utf8 = new TextEncoder();

export class StringWriter extends ColumnWriter {
  /** The values' bytes: binary values as given; strings encoded only when the stripe goes DIRECT_V2. */
  private data: Uint8Array[] = [];
  private keys: string[] = [];
  private dictionary: Map<string, number> | undefined;
  /** Each dictionary entry's UTF-8 bytes, in id order (each distinct string encoded once). */
  private entryBytes: Uint8Array[] = [];
  private ids: number[] = [];
  /** The segment that last saw each dictionary entry (to list a segment's distinct values). */
  private seenIn: Int32Array = new Int32Array(0);
  private segments = 0;
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
  }

  protected createStreams(): OutStream[] {
    this.dataStream = new OutStream(this.column.id, 'DATA');
    this.lengthStream = new OutStream(this.column.id, 'LENGTH');
    this.dictionary = this.chooseDictionary();
    if (this.dictionary === undefined) {
      if (this.column.schema.kind !== 'binary') {
        const data: Uint8Array[] = new Array(this.keys.length);
        for (let i = 0; i < this.keys.length; i++) data[i] = utf8.encode(this.keys[i]!);
        this.data = data;
      }
      return [this.dataStream, this.lengthStream];
    }
    const entryBytes: Uint8Array[] = new Array(this.dictionary.size);
    for (const [k, id] of this.dictionary) entryBytes[id] = utf8.encode(k);
    this.entryBytes = entryBytes;
    this.seenIn = new Int32Array(entryBytes.length).fill(-1);
    this.segments = 0;
    this.dictionaryStream = new OutStream(this.column.id, 'DICTIONARY_DATA');
    return [this.dataStream, this.lengthStream, this.dictionaryStream];
  }

  private chooseDictionary(): Map<string, number> | undefined {
    if (this.column.schema.kind === 'binary' || this.keys.length === 0) return undefined;
    const dictionary = new Map<string, number>();
    const limit = this.keys.length * DICTIONARY_KEY_THRESHOLD;
    const ids: number[] = new Array(this.keys.length);
    for (let i = 0; i < this.keys.length; i++) {
      const k = this.keys[i]!;
      let id = dictionary.get(k);
      if (id === undefined) {
        id = dictionary.size;
        if (id + 1 > limit) return undefined;
        dictionary.set(k, id);
      }
      ids[i] = id;
    }
    this.ids = ids;
    return dictionary;
  }

  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    if (this.dictionary !== undefined) {
      // Statistics from the segment's distinct entries: the same as adding every value's bytes.
      const segment = this.segments++;
      const distinct: Uint8Array[] = [];
      let totalLength = 0;
      for (let i = seg.valueStart; i < seg.valueEnd; i++) {
        const id = this.ids[i]!;
        const bytes = this.entryBytes[id]!;
        totalLength += bytes.length;
        if (this.seenIn[id] !== segment) {
          this.seenIn[id] = segment;
          distinct.push(bytes);
        }
      }
      stats.addBytesSummary(seg.valueEnd - seg.valueStart, totalLength, distinct);
      positions.push(this.dataStream.here(), 0);
      writeIntegersV2Numbers(this.dataStream.buf, this.ids, false, seg.valueStart, seg.valueEnd);
      return;
    }
    for (let i = seg.valueStart; i < seg.valueEnd; i++) stats.addBytes(this.data[i]!);
    // DIRECT positions: the bytes (DATA) first, then LENGTH, as Apache ORC records and seeks them.
    positions.push(this.dataStream.here(), this.lengthStream.here(), 0);
    const lengths: number[] = new Array(seg.valueEnd - seg.valueStart);
    for (let i = seg.valueStart; i < seg.valueEnd; i++) {
      this.dataStream.buf.append(this.data[i]!);
      lengths[i - seg.valueStart] = this.data[i]!.length;
    }
    writeIntegersV2Numbers(this.lengthStream.buf, lengths, false);
  }

  protected finishStreams(): ColumnEncodingOut {
    const dictionary = this.dictionary;
    if (dictionary === undefined || this.dictionaryStream === undefined) return { kind: 2 };
    const lengths: number[] = new Array(this.entryBytes.length);
    for (let id = 0; id < this.entryBytes.length; id++) {
      const bytes = this.entryBytes[id]!;
      this.dictionaryStream.buf.append(bytes);
      lengths[id] = bytes.length;
    }
    writeIntegersV2Numbers(this.lengthStream.buf, lengths, false);
    return { kind: 3, dictionarySize: dictionary.size };
  }

  protected reset(): void {
    this.data = [];
    this.keys = [];
    this.ids = [];
    this.entryBytes = [];
    this.seenIn = new Int32Array(0);
    this.dictionary = undefined;
    this.dictionaryStream = undefined;
  }
}
