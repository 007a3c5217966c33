/**
 * Spark's output layout for a file write (FileFormatWriter / HadoopMapReduceCommitProtocol):
 * `part-<task, 5 digits>-<job uuid>-c<file, 3 digits><codec ext><format ext>` in each Hive-style partition
 * folder, and an empty `_SUCCESS` marker at the root once the job commits. The codec names and extensions
 * follow Spark's ParquetOptions / CompressionCodecs: parquet defaults to snappy (`.snappy.parquet`), the
 * text formats to none; `gzip` is `.gz`, `deflate` `.deflate`.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DataSourceOptions } from '../data-source-options.js';

export type WriteFileFormat = 'parquet' | 'orc' | 'csv' | 'json' | 'text';

export type ParquetCodec = 'uncompressed' | 'snappy' | 'gzip' | 'zstd';
export type TextCodec = 'none' | 'gzip' | 'deflate';
/** Spark's OrcOptions short names (LZO is left out: no package encodes it). */
export type OrcCodec = 'none' | 'snappy' | 'zlib' | 'lz4' | 'zstd';

export type OutputCodec =
  | { readonly format: 'parquet'; readonly codec: ParquetCodec }
  | { readonly format: 'orc'; readonly codec: OrcCodec }
  | { readonly format: 'csv' | 'json' | 'text'; readonly codec: TextCodec };

export const SUCCESS_MARKER = '_SUCCESS';

export function writeFileFormat(name: string): WriteFileFormat {
  const f = name.toLowerCase();
  if (f === 'parquet' || f === 'orc' || f === 'csv' || f === 'json' || f === 'text') return f;
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `writing the ${name} file format` });
}

const PARQUET_CODECS: Readonly<Record<string, ParquetCodec>> = {
  none: 'uncompressed',
  uncompressed: 'uncompressed',
  snappy: 'snappy',
  gzip: 'gzip',
  zstd: 'zstd',
};

const ORC_CODECS: Readonly<Record<string, OrcCodec>> = {
  none: 'none',
  uncompressed: 'none',
  snappy: 'snappy',
  zlib: 'zlib',
  lz4: 'lz4',
  zstd: 'zstd',
};

const TEXT_CODECS: Readonly<Record<string, TextCodec>> = {
  none: 'none',
  uncompressed: 'none',
  gzip: 'gzip',
  deflate: 'deflate',
};

/**
 * The codec of a write: `compression` (or its alias `codec`; parquet also reads `parquet.compression`), case
 * insensitive as Spark lowercases it. An unknown name fails as Spark's CompressionCodecs does.
 */
export function outputCodec(format: WriteFileFormat, options: DataSourceOptions): OutputCodec {
  const given =
    options.get('compression') ??
    options.get('codec') ??
    (format === 'parquet' ? options.get('parquet.compression') : undefined) ??
    (format === 'orc' ? options.get('orc.compress') : undefined);
  const table: Readonly<Record<string, string>> =
    format === 'parquet' ? PARQUET_CODECS : format === 'orc' ? ORC_CODECS : TEXT_CODECS;
  // Spark's default codec is snappy for parquet and orc (spark.sql.{parquet,orc}.compression.codec).
  const name = (given ?? (format === 'parquet' || format === 'orc' ? 'snappy' : 'none')).toLowerCase();
  const codec = table[name];
  if (codec === undefined) {
    throw new LakesqlError('CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION', {
      codecName: given ?? name,
      availableCodecs: Object.keys(table).join(', '),
    });
  }
  if (format === 'parquet') return { format, codec: codec as ParquetCodec };
  if (format === 'orc') return { format, codec: codec as OrcCodec };
  return { format, codec: codec as TextCodec };
}

/** The file name's ending: `.snappy.parquet`, `.snappy.orc`, `.parquet`, `.csv`, `.csv.gz`, `.json.deflate`, `.txt`. */
export function fileExtension(out: OutputCodec): string {
  if (out.format === 'parquet') {
    const codecExt = { uncompressed: '', snappy: '.snappy', gzip: '.gz', zstd: '.zstd' }[out.codec];
    return `${codecExt}.parquet`;
  }
  if (out.format === 'orc') {
    // Spark's OrcUtils.extensionsForCompressionCodecNames: `.snappy.orc`, `.zlib.orc`, `.orc` for none.
    const codecExt = { none: '', snappy: '.snappy', zlib: '.zlib', lz4: '.lz4', zstd: '.zstd' }[out.codec];
    return `${codecExt}.orc`;
  }
  const base = { csv: '.csv', json: '.json', text: '.txt' }[out.format];
  return `${base}${{ none: '', gzip: '.gz', deflate: '.deflate' }[out.codec]}`;
}

/** `part-00000-<uuid>-c000.snappy.parquet`: Spark's getFilename with the task and the file counter. */
export function partFileName(task: number, jobUuid: string, fileCount: number, out: OutputCodec): string {
  return `part-${String(task).padStart(5, '0')}-${jobUuid}-c${String(fileCount).padStart(3, '0')}${fileExtension(out)}`;
}
