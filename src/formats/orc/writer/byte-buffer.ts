/** A growable byte buffer: every ORC stream and protobuf message is built in one before it is compressed. */
export class ByteBuffer {
  private bytes = new Uint8Array(1024);
  private view = new DataView(this.bytes.buffer);
  private size = 0;

  get length(): number {
    return this.size;
  }

  private reserve(extra: number): void {
    if (this.size + extra <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < this.size + extra) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.bytes.subarray(0, this.size));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  byte(b: number): void {
    if (this.size === this.bytes.length) this.reserve(1);
    this.bytes[this.size++] = b;
  }

  append(src: Uint8Array): void {
    this.reserve(src.length);
    this.bytes.set(src, this.size);
    this.size += src.length;
  }

  /** Unsigned LEB128 varint of a non-negative bigint (protobuf and ORC's base-128 varints). */
  uvarint(v: bigint): void {
    let n = BigInt.asUintN(128, v);
    while (n >= 0x80n) {
      this.byte(Number(n & 0x7fn) | 0x80);
      n >>= 7n;
    }
    this.byte(Number(n));
  }

  /** A varint of a safe non-negative integer, without bigint arithmetic (lengths, field tags). */
  uvarintNumber(v: number): void {
    let n = v;
    while (n >= 0x80) {
      this.byte((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    this.byte(n);
  }

  /** Zigzag then varint, for any bigint (ORC decimals are unbounded: ORCv1.md "Decimal Columns"). */
  svarint(v: bigint): void {
    this.uvarint(v >= 0n ? v << 1n : (-v << 1n) - 1n);
  }

  float32(v: number): void {
    this.reserve(4);
    this.view.setFloat32(this.size, v, true);
    this.size += 4;
  }

  float64(v: number): void {
    this.reserve(8);
    this.view.setFloat64(this.size, v, true);
    this.size += 8;
  }

  /** A copy of the contents. */
  toBytes(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}
