/**
 * list, map, struct and union (ORCv1.md "Struct Columns" … "Union Columns"). A struct passes each field
 * of a present row to its child (a null struct gives its children no entry); a list or map writes each
 * row's element count to LENGTH and its elements to the children; a union writes each row's variant tag
 * (byte RLE) to DATA and the value to that variant's child. Values follow types/value.ts: arrays, MapValue,
 * StructValue; a union value is Spark's reading of one, struct<tag, field0, field1, …>.
 */
import { taggedValue, type Value } from '../../../types/value.js';
import { ByteRleWriter } from './byte-rle-writer.js';
import type { ColumnStatistics } from './column-statistics.js';
import { ColumnWriter, type Segment } from './column-writer.js';
import { writeIntegersV2Numbers } from './integer-rle-v2-numbers-writer.js';
import { type ColumnEncodingOut, OutStream, type PositionPart } from './out-stream.js';
import { writerError } from './writer-error.js';

export class StructWriter extends ColumnWriter {
  protected addValue(v: Value): void {
    const fieldNames = this.column.fieldNames;
    if (Array.isArray(v)) {
      // A row given positionally (the root struct's rows).
      for (let i = 0; i < this.children.length; i++)
        this.children[i]!.add((v as readonly Value[])[i] ?? null);
      return;
    }
    const t = taggedValue(v);
    if (t?.kind !== 'struct') throw writerError(`struct value ${String(v)} is not a StructValue`);
    for (let i = 0; i < this.children.length; i++) this.children[i]!.add(t.fields[fieldNames[i]!] ?? null);
  }
  protected createStreams(): OutStream[] {
    return [];
  }
  protected writeSegment(seg: Segment, _positions: PositionPart[], stats: ColumnStatistics): void {
    for (let i = seg.valueStart; i < seg.valueEnd; i++) stats.addPresent();
  }
  protected finishStreams(): ColumnEncodingOut {
    return { kind: 0 };
  }
  protected reset(): void {}
}

/** list and map: LENGTH (unsigned RLE v2) per present row. */
export class CollectionWriter extends ColumnWriter {
  private lengths: number[] = [];
  private stream!: OutStream;

  protected addValue(v: Value): void {
    if (this.column.schema.kind === 'array') {
      if (!Array.isArray(v)) throw writerError(`array value ${String(v)} is not an array`);
      const items = v as readonly Value[];
      this.lengths.push(items.length);
      for (const item of items) this.children[0]!.add(item);
      return;
    }
    const t = taggedValue(v);
    if (t?.kind !== 'map') throw writerError(`map value ${String(v)} is not a MapValue`);
    this.lengths.push(t.entries.length);
    for (const [key, value] of t.entries) {
      if (key === null) throw writerError('map keys cannot be null');
      this.children[0]!.add(key);
      this.children[1]!.add(value);
    }
  }
  protected createStreams(): OutStream[] {
    this.stream = new OutStream(this.column.id, 'LENGTH');
    return [this.stream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    positions.push(this.stream.here(), 0);
    writeIntegersV2Numbers(this.stream.buf, this.lengths, false, seg.valueStart, seg.valueEnd);
    for (let i = seg.valueStart; i < seg.valueEnd; i++) stats.addChildren(this.lengths[i]!);
  }
  protected finishStreams(): ColumnEncodingOut {
    return { kind: 2 };
  }
  protected reset(): void {
    this.lengths = [];
  }
}

export class UnionWriter extends ColumnWriter {
  private tags: number[] = [];
  private stream!: OutStream;
  private rle!: ByteRleWriter;

  protected addValue(v: Value): void {
    const t = taggedValue(v);
    const tag = t?.kind === 'struct' ? t.fields.tag : undefined;
    if (t?.kind !== 'struct' || typeof tag !== 'number' || !(tag >= 0 && tag < this.children.length)) {
      throw writerError(`union value ${String(v)} is not a struct<tag, field0, …> with a valid tag`);
    }
    this.tags.push(tag);
    this.children[tag]!.add(t.fields[`field${tag}`] ?? null);
  }
  protected createStreams(): OutStream[] {
    this.stream = new OutStream(this.column.id, 'DATA');
    this.rle = new ByteRleWriter(this.stream.buf);
    return [this.stream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    this.rle.flush();
    positions.push(this.stream.here(), 0);
    for (let i = seg.valueStart; i < seg.valueEnd; i++) {
      this.rle.write(this.tags[i]!);
      stats.addPresent();
    }
  }
  protected finishStreams(): ColumnEncodingOut {
    this.rle.flush();
    return { kind: 0 };
  }
  protected reset(): void {
    this.tags = [];
  }
}
