/**
 * ORC's generic compression (ORCv1.md "Compression"): every stream, the footer and the metadata are a
 * sequence of chunks, each behind a 3-byte little-endian header holding `length * 2 + isOriginal`. An
 * original chunk is stored as is; otherwise it is one independent block of the file's codec. Files with
 * compression NONE have no headers at all.
 */
import { inflateRawSync } from 'node:zlib';
import { decompress as zstdDecompress } from 'fzstd';
import { decompressBlock as lz4DecompressBlock } from 'lz4js';
import { uncompress as snappyUncompress } from 'snappyjs';
import { LakesqlError } from '../../errors/index.js';
import { OrcFormatError, orcCheck } from './orc-error.js';
import type { CompressionKind } from './orc-messages.js';

/** The last CompressionKind of orc_proto.proto (BROTLI); a greater value is not a codec at all. */
const MAX_COMPRESSION_KIND = 6;

/** The default chunk size, used when an old postscript leaves compressionBlockSize out. */
export const DEFAULT_COMPRESSION_BLOCK_SIZE = 256 * 1024;

export interface Codec {
  readonly kind: CompressionKind;
  /** No chunk decompresses to more than this (ORCv1.md): a bound on memory for corrupt input. */
  readonly blockSize: number;
}

/**
 * Fails up front, before any stream is read, for a codec no package decodes; `file` names the file in the
 * error. A kind past the spec's list (BROTLI, 6, is the last) is a damaged postscript, not a codec.
 */
export function codecFor(kind: CompressionKind | number, blockSize: number | undefined, file = ''): Codec {
  const of = file === '' ? '' : ` (${file})`;
  if (typeof kind === 'number') {
    orcCheck(kind <= MAX_COMPRESSION_KIND, () => `ORC: ${file}: unknown compression kind ${kind}`);
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `ORC compression kind ${kind}${of}` });
  }
  if (kind === 'LZO') {
    // No maintained LZO (lzo1x) decompressor exists on npm; ORC's LZO files cannot be read.
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `reading ORC files compressed with LZO${of}` });
  }
  return {
    kind,
    blockSize: blockSize === undefined || blockSize === 0 ? DEFAULT_COMPRESSION_BLOCK_SIZE : blockSize,
  };
}

/** Decompresses a whole stream (all of its chunks) into one buffer. */
export function decompressStream(codec: Codec, input: Uint8Array, what: string): Uint8Array {
  if (codec.kind === 'NONE') return input;
  const next = chunksFrom(codec, input, 0, what);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let chunk = next(); chunk !== undefined; chunk = next()) {
    chunks.push(chunk);
    total += chunk.length;
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * The chunks of a compressed stream from the chunk header at byte `start` on, each decompressed when
 * asked for (undefined after the last): a reader seeking to a row group starts at the chunk its row-index
 * position names and decompresses nothing before it, nor past what it reads.
 */
export function chunksFrom(
  codec: Codec,
  input: Uint8Array,
  start: number,
  what: string,
): () => Uint8Array | undefined {
  let pos = start;
  return () => {
    if (pos >= input.length) return undefined;
    orcCheck(
      pos + 3 <= input.length,
      () => `ORC: ${what}: truncated chunk header at byte ${pos} of ${input.length}`,
    );
    const header = input[pos]! | (input[pos + 1]! << 8) | (input[pos + 2]! << 16);
    const isOriginal = (header & 1) === 1;
    const length = header >>> 1;
    pos += 3;
    orcCheck(
      pos + length <= input.length,
      () =>
        `ORC: ${what}: chunk of ${length} bytes at byte ${pos - 3} runs past the stream end (${input.length})`,
    );
    const body = input.subarray(pos, pos + length);
    pos += length;
    return isOriginal ? body : decompressChunk(codec, body, what);
  };
}

function decompressChunk(codec: Codec, body: Uint8Array, what: string): Uint8Array {
  try {
    switch (codec.kind) {
      case 'ZLIB': {
        // ORC's ZLIB is raw deflate (no zlib header), as the Java writer's Deflater(nowrap = true) writes it.
        // A plain Uint8Array view: Buffer's subarray (one per value in the column readers) is much slower.
        const out = inflateRawSync(body, { maxOutputLength: Math.max(codec.blockSize, 1) });
        return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
      }
      case 'SNAPPY':
        return snappyUncompress(body, codec.blockSize);
      case 'ZSTD':
        return zstdDecompress(body);
      case 'LZ4': {
        // ORC uses LZ4 block format (no frame): the output size is bounded by the chunk size.
        const out = new Uint8Array(codec.blockSize);
        const end = lz4DecompressBlock(body, out, 0, body.length, 0);
        return out.subarray(0, end);
      }
      case 'NONE':
      case 'LZO':
        throw new OrcFormatError(`ORC: ${what}: no chunk decoder for ${codec.kind}`);
      default:
        return codec.kind satisfies never;
    }
  } catch (e) {
    if (e instanceof OrcFormatError) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    throw new OrcFormatError(
      `ORC: ${what}: ${codec.kind} chunk of ${body.length} bytes does not decompress (${reason})`,
    );
  }
}
