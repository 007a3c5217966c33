/**
 * The options of a file stream source, read as Spark's FileStreamOptions reads them: maxFilesPerTrigger,
 * maxBytesPerTrigger, latestFirst, maxFileAge, cleanSource and sourceArchiveDir. Keys are
 * case-insensitive. A bad value fails when the stream is defined, with Spark's message (Spark raises an
 * IllegalArgumentException; lakesql gives it the class INVALID_OPTION_VALUE).
 */
import { byteStringAsBytes } from '../../delta/byte-string.js';
import { LakesqlError } from '../../errors/index.js';

export type CleanSourceMode = 'archive' | 'delete' | 'off';

/** How maxBytesPerTrigger counts the file that crosses the limit. */
export type ByteLimitRule =
  /** Spark's FileStreamSource.takeFilesUntilMax: the first file always, then files while the total fits. */
  | 'hard'
  /**
   * Auto Loader's and Delta's "soft maximum": files are admitted while bytes remain, so the file that
   * crosses the limit is taken too (3 GB files under a 10g limit make 12 GB batches).
   */
  | 'soft';

export interface FileSourceLimits {
  readonly maxFilesPerTrigger?: number;
  readonly maxBytesPerTrigger?: number;
  readonly byteLimitRule?: ByteLimitRule;
  /** Newest files first (FileStreamOptions.latestFirst). */
  readonly latestFirst?: boolean;
  /**
   * Files older than the latest seen file by more than this are ignored (after the first batch); Spark
   * ignores it (infinite) under latestFirst with a per-trigger limit.
   */
  readonly maxFileAgeMs?: number;
  /** Auto Loader: files in sub-folders are listed too (partition folders `k=v/`). */
  readonly recursive?: boolean;
  /** Auto Loader's cloudFiles.allowOverwrites: a taken file rewritten later (a newer timestamp) is new again. */
  readonly allowOverwrites?: boolean;
}

export interface FileSourceOptions extends FileSourceLimits {
  readonly cleanSource: CleanSourceMode;
  /** With cleanSource archive: the folder (as the user wrote it) completed files move under. */
  readonly sourceArchiveDir?: string;
}

/** FileStreamOptions.maxFileAgeMs's default: a week. */
export const DEFAULT_MAX_FILE_AGE = '7d';

/** Reads the file source options out of a stream's options (keys case-insensitive). */
export function parseFileSourceOptions(raw: ReadonlyMap<string, string>): FileSourceOptions {
  const get = lookup(raw);
  const limits = parseTriggerLimits(raw);
  const latestFirst = booleanOption('latestFirst', get('latestFirst'));
  const maxFileAgeMs = timeStringAsMs('maxFileAge', get('maxFileAge') ?? DEFAULT_MAX_FILE_AGE);
  const sourceArchiveDir = get('sourceArchiveDir');
  const cleanSource = cleanSourceMode(get('cleanSource'));
  if (cleanSource === 'archive' && sourceArchiveDir === undefined) {
    invalid('cleanSource', 'archive', "Archive mode must be used with 'sourceArchiveDir' option.");
  }
  const limited = limits.maxFilesPerTrigger !== undefined || limits.maxBytesPerTrigger !== undefined;
  return {
    ...limits,
    latestFirst,
    // SPARK-19813: with latestFirst and a limit, old files still valid would be skipped by age.
    maxFileAgeMs: latestFirst && limited ? Number.POSITIVE_INFINITY : maxFileAgeMs,
    cleanSource,
    ...(sourceArchiveDir !== undefined ? { sourceArchiveDir } : {}),
  };
}

/**
 * maxFilesPerTrigger and maxBytesPerTrigger; `prefix` is `cloudFiles.` for Auto Loader's copies. When
 * both are set, both bound a batch (Auto Loader and Delta document it so; a batch still takes a file).
 */
export function parseTriggerLimits(
  raw: ReadonlyMap<string, string>,
  prefix = '',
  byteLimitRule: ByteLimitRule = 'hard',
): FileSourceLimits {
  const get = lookup(raw);
  const maxFilesKey = `${prefix}maxFilesPerTrigger`;
  const maxBytesKey = `${prefix}maxBytesPerTrigger`;
  const maxFilesText = get(maxFilesKey);
  const maxBytesText = get(maxBytesKey);
  return {
    ...(maxFilesText !== undefined ? { maxFilesPerTrigger: positiveInteger(maxFilesKey, maxFilesText) } : {}),
    ...(maxBytesText !== undefined
      ? { maxBytesPerTrigger: byteLimit(maxBytesKey, maxBytesText), byteLimitRule }
      : {}),
  };
}

function lookup(raw: ReadonlyMap<string, string>): (key: string) => string | undefined {
  const lower = new Map([...raw].map(([k, v]) => [k.toLowerCase(), v]));
  return (k) => lower.get(k.toLowerCase());
}

function invalid(option: string, value: string, reason: string): never {
  throw new LakesqlError('INVALID_OPTION_VALUE', { option: `'${option}'`, value: `'${value}'`, reason });
}

function positiveInteger(key: string, text: string): number {
  const n = Number(text.trim());
  if (/^\s*\d+\s*$/.test(text) && Number.isSafeInteger(n) && n > 0 && n <= 2147483647) return n;
  return invalid(key, text, `Invalid value '${text}' for option '${key}', must be a positive integer`);
}

/** A positive byte count: a bare number, or a byte string such as `10g` as Delta and Auto Loader take. */
function byteLimit(key: string, text: string): number {
  const n = byteStringAsBytes(text);
  if (n !== undefined && n > 0) return n;
  return invalid(
    key,
    text,
    `Invalid value '${text}' for option '${key}', must be a size configuration such as '10g'`,
  );
}

function booleanOption(key: string, text: string | undefined): boolean {
  if (text === undefined) return false;
  const t = text.trim().toLowerCase();
  if (t === 'true' || t === 'false') return t === 'true';
  return invalid(key, text, `Invalid value '${text}' for option '${key}', must be 'true' or 'false'`);
}

function cleanSourceMode(text: string | undefined): CleanSourceMode {
  if (text === undefined) return 'off';
  const t = text.trim().toLowerCase();
  if (t === 'archive' || t === 'delete' || t === 'off') return t;
  return invalid(
    'cleanSource',
    text,
    `Invalid mode for clean source option Some(${text}). Must be one of ARCHIVE,DELETE,OFF`,
  );
}

/** Java's TimeUnit suffixes as Spark's JavaUtils.timeStringAsMs reads them; a bare number is ms. */
const TIME_UNITS_MS: Readonly<Record<string, number>> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** JavaUtils.timeStringAsMs: `7d`, `12h`, `30m`, `500ms`, `1000`. */
export function timeStringAsMs(key: string, text: string): number {
  const m = /^(-?[0-9]+)([a-z]+)?$/.exec(text.trim().toLowerCase());
  const unit = m && (m[2] === undefined ? 1 : TIME_UNITS_MS[m[2]]);
  if (!m || unit === undefined || unit === null || Number(m[1]) < 0) {
    invalid(
      key,
      text,
      'Time must be specified as seconds (s), milliseconds (ms), microseconds (us), minutes (m or min), hour (h), or day (d). E.g. 50s, 100ms, or 250us.',
    );
  }
  return Math.floor(Number(m[1]) * unit);
}
