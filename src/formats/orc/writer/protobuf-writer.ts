/**
 * A minimal protobuf wire-format encoder for ORC's metadata messages
 * (https://protobuf.dev/programming-guides/encoding/): the mirror of ../protobuf.ts. Fields are written in
 * the order the caller gives; optional fields are simply left out.
 */
import { ByteBuffer } from './byte-buffer.js';

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;

export class ProtoWriter {
  private readonly out = new ByteBuffer();

  private tag(field: number, wire: number): void {
    this.out.uvarintNumber(field * 8 + wire);
  }

  uint64(field: number, v: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    if (typeof v === 'number') this.out.uvarintNumber(v);
    else this.out.uvarint(v);
    return this;
  }

  /** sint64 / sint32: zigzag-encoded. */
  sint64(field: number, v: bigint): this {
    this.tag(field, WIRE_VARINT);
    this.out.uvarint(BigInt.asUintN(64, (v << 1n) ^ (v >> 63n)));
    return this;
  }

  bool(field: number, v: boolean): this {
    return this.uint64(field, v ? 1 : 0);
  }

  double(field: number, v: number): this {
    this.tag(field, WIRE_FIXED64);
    this.out.float64(v);
    return this;
  }

  bytes(field: number, v: Uint8Array): this {
    this.tag(field, WIRE_LENGTH_DELIMITED);
    this.out.uvarintNumber(v.length);
    this.out.append(v);
    return this;
  }

  string(field: number, v: string): this {
    return this.bytes(field, new TextEncoder().encode(v));
  }

  message(field: number, m: ProtoWriter): this {
    return this.bytes(field, m.finish());
  }

  /** A repeated scalar written packed, as orc_proto.proto declares `[packed=true]`. */
  packedUint64(field: number, values: readonly number[]): this {
    const inner = new ByteBuffer();
    for (const v of values) inner.uvarintNumber(v);
    return this.bytes(field, inner.toBytes());
  }

  finish(): Uint8Array {
    return this.out.toBytes();
  }
}
