/**
 * ORC's generic compression, writing side (ORCv1.md "Compression"): a stream is cut into chunks of the
 * compression block size, each compressed on its own behind a 3-byte header `length * 2 + isOriginal`;
 * a chunk that does not shrink is stored as is with the original bit set, as Apache ORC's OutStream does.
 * The chunk starts are kept so row-index positions can name (compressed chunk start, offset in chunk).
 */
import { createRequire } from 'node:module';
import { deflateRawSync } from 'node:zlib';
import { compressBlock as lz4CompressBlock, compressBound as lz4CompressBound } from 'lz4js';
import { compress as snappyCompress } from 'snappyjs';

export type OrcWriteCompression = 'NONE' | 'ZLIB' | 'SNAPPY' | 'ZSTD' | 'LZ4';

/** orc_proto.proto CompressionKind numbers. */
export const COMPRESSION_KIND_NUMBER: Readonly<Record<OrcWriteCompression, number>> = {
  NONE: 0,
  ZLIB: 1,
  SNAPPY: 2,
  LZ4: 4,
  ZSTD: 5,
};

/** The 3-byte header holds the chunk length in 23 bits. */
export const MAX_COMPRESSION_BLOCK_SIZE = (1 << 23) - 1;

type ChunkCompressor = (chunk: Uint8Array) => Uint8Array;

export interface StreamCompressor {
  readonly kind: OrcWriteCompression;
  readonly blockSize: number;
  compress(stream: Uint8Array): CompressedStream;
}

export interface CompressedStream {
  readonly bytes: Uint8Array;
  /** Maps an offset in the uncompressed stream to its row-index position numbers. */
  position(uncompressedOffset: number): readonly number[];
}

interface ZstdSimple {
  compress(bytes: Uint8Array, level?: number): Uint8Array | null;
}
interface ZstdModule {
  Simple: new () => ZstdSimple;
}

let zstdReady: Promise<ZstdSimple> | undefined;

/** zstd-codec initialises its WebAssembly asynchronously, once per process. */
function zstdCompressor(): Promise<ZstdSimple> {
  zstdReady ??= new Promise((resolve) => {
    const require = createRequire(import.meta.url);
    const { ZstdCodec } = require('zstd-codec') as {
      ZstdCodec: { run(f: (zstd: ZstdModule) => void): void };
    };
    ZstdCodec.run((zstd) => resolve(new zstd.Simple()));
  });
  return zstdReady;
}

async function chunkCompressor(kind: OrcWriteCompression): Promise<ChunkCompressor | undefined> {
  switch (kind) {
    case 'NONE':
      return undefined;
    case 'ZLIB':
      // Raw deflate without the zlib header, as the Java writer's Deflater(nowrap = true).
      return (c) => deflateRawSync(c);
    case 'SNAPPY':
      return (c) => snappyCompress(c);
    case 'LZ4':
      // LZ4 block format (no frame), the counterpart of the reader's decompressBlock.
      return (c) => {
        const out = new Uint8Array(lz4CompressBound(c.length));
        const n = lz4CompressBlock(c, out, 0, c.length, new Uint32Array(1 << 16));
        // 0 means "nothing compressed": the chunk is then stored as original.
        return n === 0 ? c : out.subarray(0, n);
      };
    case 'ZSTD': {
      const zstd = await zstdCompressor();
      return (c) => zstd.compress(c, 3) ?? c;
    }
    default:
      return kind satisfies never;
  }
}

export async function streamCompressor(
  kind: OrcWriteCompression,
  blockSize: number,
): Promise<StreamCompressor> {
  const compressChunk = await chunkCompressor(kind);
  if (compressChunk === undefined) {
    return {
      kind,
      blockSize,
      compress: (stream) => ({ bytes: stream, position: (offset) => [offset] }),
    };
  }
  return {
    kind,
    blockSize,
    compress(stream) {
      const parts: Uint8Array[] = [];
      const chunkStarts: number[] = [];
      let total = 0;
      for (let at = 0; at < stream.length; at += blockSize) {
        const chunk = stream.subarray(at, Math.min(stream.length, at + blockSize));
        const packed = compressChunk(chunk);
        const original = packed.length >= chunk.length;
        const body = original ? chunk : packed;
        const header = body.length * 2 + (original ? 1 : 0);
        chunkStarts.push(total);
        parts.push(Uint8Array.of(header & 0xff, (header >>> 8) & 0xff, (header >>> 16) & 0xff), body);
        total += 3 + body.length;
      }
      const bytes = concatBytes(parts, total);
      return {
        bytes,
        position(offset) {
          const chunk = Math.floor(offset / blockSize);
          // An offset at the very end of the stream points past the last chunk.
          return [chunkStarts[chunk] ?? total, offset - chunk * blockSize];
        },
      };
    },
  };
}

export function concatBytes(parts: readonly Uint8Array[], total?: number): Uint8Array {
  const size = total ?? parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
