import { invalidDeletionVector } from './invalid-deletion-vector.js';

/**
 * Z85, ZeroMQ's Base85 variant (https://rfc.zeromq.org/spec/32/): every 4 bytes, read as a big-endian
 * uint32, become 5 characters, most significant digit first. PROTOCOL.md "Deletion Vector Descriptor
 * Schema" picks it because its alphabet needs no escaping in JSON; Delta uses it for inline DVs and for the
 * UUID of a 'u' path.
 */
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#';
const DIGIT_OF: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

/** Encodes bytes whose length is a multiple of 4, as the Z85 spec requires. */
export function z85Encode(bytes: Uint8Array): string {
  if (bytes.length % 4 !== 0) throw new RangeError(`Z85 encodes multiples of 4 bytes, got ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chars: string[] = [];
  for (let i = 0; i < bytes.length; i += 4) {
    let value = view.getUint32(i, false);
    const group = new Array<string>(5);
    for (let d = 4; d >= 0; d--) {
      group[d] = ALPHABET[value % 85]!;
      value = Math.floor(value / 85);
    }
    chars.push(group.join(''));
  }
  return chars.join('');
}

/** Decodes Z85 text whose length is a multiple of 5; malformed text is an invalid deletion vector. */
export function z85Decode(text: string): Uint8Array {
  if (text.length % 5 !== 0) {
    throw invalidDeletionVector(`Z85 text length must be a multiple of 5, got ${text.length}`);
  }
  const out = new Uint8Array((text.length / 5) * 4);
  const view = new DataView(out.buffer);
  for (let i = 0, o = 0; i < text.length; i += 5, o += 4) {
    let value = 0;
    for (let d = 0; d < 5; d++) {
      const code = text.charCodeAt(i + d);
      const digit = code < 128 ? DIGIT_OF[code]! : -1;
      if (digit < 0) throw invalidDeletionVector(`Z85 text has an invalid character at ${i + d}`);
      value = value * 85 + digit;
    }
    if (value > 0xffffffff) throw invalidDeletionVector(`Z85 group at ${i} exceeds 32 bits`);
    view.setUint32(o, value, false);
  }
  return out;
}

/** Delta's inline form: bytes zero-padded to a multiple of 4, then Z85 (the descriptor keeps the true size). */
export function z85EncodePadded(bytes: Uint8Array): string {
  if (bytes.length % 4 === 0) return z85Encode(bytes);
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  return z85Encode(padded);
}

/**
 * Decodes Delta's inline form and keeps the first `length` bytes. Delta (Java) zero-pads to whole groups;
 * delta-kernel-rs writes with the Rust `z85` crate's padding extension instead, where a final group of
 * `k` '#' characters then `5 - k` digits holds the last `4 - k` bytes as a big-endian number. '#' is digit
 * 84 and 84 * 85^4 exceeds 2^32, so no standard group starts with it and both forms can be read.
 */
export function z85DecodePadded(text: string, length: number): Uint8Array {
  const bytes =
    text.length >= 5 && text[text.length - 5] === '#' ? decodeWithHashTail(text) : z85Decode(text);
  if (length > bytes.length) {
    throw invalidDeletionVector(`Z85 text holds ${bytes.length} bytes but ${length} were expected`);
  }
  return bytes.subarray(0, length);
}

function decodeWithHashTail(text: string): Uint8Array {
  const tail = text.slice(-5);
  const missing = tail.length - tail.replace(/^#+/, '').length;
  if (missing > 3) throw invalidDeletionVector(`Z85 tail '${tail}' has more than 3 padding characters`);
  const kept = 4 - missing;
  let value = 0;
  for (let d = missing; d < 5; d++) {
    const code = tail.charCodeAt(d);
    const digit = code < 128 ? DIGIT_OF[code]! : -1;
    if (digit < 0) throw invalidDeletionVector(`Z85 tail '${tail}' has an invalid character`);
    value = value * 85 + digit;
  }
  if (value >= 2 ** (8 * kept)) throw invalidDeletionVector(`Z85 tail '${tail}' exceeds ${kept} bytes`);
  const head = z85Decode(text.slice(0, -5));
  const out = new Uint8Array(head.length + kept);
  out.set(head);
  for (let i = kept - 1; i >= 0; i--) {
    out[head.length + i] = value % 256;
    value = Math.floor(value / 256);
  }
  return out;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID's 16 bytes (most significant first, as Java's UUID halves are written) in 20 Z85 characters. */
export function z85EncodeUuid(uuid: string): string {
  if (!UUID_PATTERN.test(uuid)) throw new RangeError(`not a UUID: ${uuid}`);
  const hex = uuid.replace(/-/g, '');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return z85Encode(bytes);
}

/** The canonical lower-case textual form of a UUID encoded in 20 Z85 characters. */
export function z85DecodeUuid(text: string): string {
  if (text.length !== 20) throw invalidDeletionVector(`a Z85 UUID has 20 characters, got ${text.length}`);
  const hex = Array.from(z85Decode(text), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
