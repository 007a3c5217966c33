/**
 * When a CSV read may go to the engine's native CSV reader (DuckDB's read_csv) instead of csv-reader.ts:
 * only where both give Spark's rows, decided from the options and the files' bytes, never guessed.
 *
 * The options must be ones whose meaning does not depend on the reader: PERMISSIVE, UTF-8, one ASCII
 * separator, no comment character, no line separator, `nullValue` empty, default NaN/Inf texts and date
 * format, whole-file sampling, no rescued data; any option outside the list below keeps the TypeScript
 * reader. The bytes must be "plain": valid UTF-8 without a BOM, no quote character anywhere (so quoting,
 * escapes, `emptyValue` and multi-line records cannot arise), every line break `\n` or `\r\n`, no blank or
 * whitespace-only line (Spark skips those; DuckDB does not always), no line with more fields than the
 * schema (Spark drops the extra values, DuckDB fails), no line longer than DuckDB's line limit. Shorter
 * lines are fine: both fill NULLs. The same pass finds each column's token shapes (csv-token-shapes.ts),
 * which give Spark's inferred types, or show that the user's types read alike; where they do not, the
 * TypeScript reader reads the files.
 */
import { isUtf8 } from 'node:buffer';
import { type DataType, field, StringType, type StructType, struct } from '../../types/data-types.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { samplesAll } from '../spark-sampling.js';
import { type CsvOptions, csvOptions } from './csv-options.js';
import { columnNames } from './csv-reader.js';
import { inferredType, readsAlike, SHAPE, tokenShape } from './csv-token-shapes.js';
import { scanCsv } from './csv-tokenizer.js';

export interface PlainCsvFile {
  /** The file's path on the local file system (DuckDB reads it there). */
  readonly localPath: string;
  readonly lastModified: number;
  /** For messages, as csv-reader.ts names files. */
  readonly displayPath: string;
}

/** A file with the bytes the decision looks at; the decided read keeps only the file's name. */
export interface ScannedCsvFile extends PlainCsvFile {
  readonly bytes: Uint8Array;
}

export interface PlainCsvRead {
  readonly files: readonly PlainCsvFile[];
  readonly options: CsvOptions;
  /**
   * The read's schema: the user's, or Spark's inference (all strings without inferSchema) over the names of
   * the first file's header (made safe as Spark does) or `_c<i>`.
   */
  readonly schema: StructType;
  /** The user's schema, for the TypeScript reader should the engine decline. */
  readonly userSchema: StructType | undefined;
}

/** Options the native read honours as Spark does (with the values checked below); any other keeps TypeScript. */
const NATIVE_OPTIONS = new Set([
  // read_files() passes its format and the schema (already the user's schema here) as options.
  'format',
  'schema',
  'header',
  'inferschema',
  'sep',
  'delimiter',
  'quote',
  'escape',
  'samplingratio',
  'nullvalue',
  'emptyvalue',
  'mode',
  'encoding',
  'charset',
  'multiline',
  'enforceschema',
  'dateformat',
  'preferdate',
  'columnnameofcorruptrecord',
  'nanvalue',
  'positiveinf',
  'negativeinf',
  'ignoreleadingwhitespace',
  'ignoretrailingwhitespace',
  'comment',
  'pathglobfilter',
  'recursivefilelookup',
  'modifiedbefore',
  'modifiedafter',
]);

/** DuckDB's default max_line_size is 2,097,152 bytes; stay well below it. */
const MAX_LINE_BYTES = 1_000_000;

/** The native read of `files`, or undefined when csv-reader.ts must read them. */
export function plainCsvRead(
  files: readonly ScannedCsvFile[],
  options: DataSourceOptions,
  userSchema: StructType | undefined,
): PlainCsvRead | undefined {
  if (files.length === 0) return undefined;
  const o = plainCsvOptions(files, options, userSchema);
  if (o === undefined) return undefined;
  const names = userSchema ? userSchema.fields.map((f) => f.name) : headerOrWidthNames(files, o);
  if (names === undefined || names.length === 0) return undefined;
  // A column named like the corrupt-record column is filled by Spark's parser, not from the file.
  if (names.includes(o.columnNameOfCorruptRecord)) return undefined;
  const sep = o.sep.charCodeAt(0);
  const quote = o.quote.charCodeAt(0);
  // A column read as a string whatever its tokens needs no shapes: starting it at SHAPE.string skips it.
  const shapes = names.map((_, i) =>
    (userSchema ? isStringType(userSchema.fields[i]!.type) : !o.inferSchema) ? SHAPE.string : 0,
  );
  for (const f of files) {
    if (!scanPlainBytes(f.bytes, sep, quote, o.header, shapes)) return undefined;
  }
  const types = userSchema
    ? userSchema.fields.map((f, i) => (readsAlike(f.type, shapes[i]!) ? f.type : undefined))
    : o.inferSchema
      ? shapes.map(inferredType)
      : names.map(() => StringType);
  if (types.some((t) => t === undefined)) return undefined;
  const schema = userSchema ?? struct(names.map((n, i) => field(n, types[i]!, true)));
  const named = files.map((f) => ({
    localPath: f.localPath,
    lastModified: f.lastModified,
    displayPath: f.displayPath,
  }));
  return { files: named, options: o, schema, userSchema };
}

/**
 * The CSV options of a read the native reader may take, whatever the bytes say; undefined when the paths,
 * options or schema keep csv-reader.ts.
 */
export function plainCsvOptions(
  files: readonly PlainCsvFile[],
  options: DataSourceOptions,
  userSchema: StructType | undefined,
): CsvOptions | undefined {
  // read_csv expands glob characters in a path; a file named with one is read by TypeScript.
  if (files.some((f) => /[*?[\]{}]/.test(f.localPath))) return undefined;
  if (options.entries().some(([k]) => !NATIVE_OPTIONS.has(k))) return undefined;
  const o = csvOptions(options);
  if (!nativeOptions(o)) return undefined;
  if (userSchema !== undefined && o.header && !o.enforceSchema) return undefined;
  return o;
}

const isStringType = (t: DataType) => t.kind === 'primitive' && t.name === 'string';

function nativeOptions(o: CsvOptions): boolean {
  const ascii = (s: string) => s.length === 1 && s.charCodeAt(0) > 0 && s.charCodeAt(0) < 0x80;
  return (
    o.charset.name === 'UTF-8' &&
    o.mode === 'PERMISSIVE' &&
    ascii(o.sep) &&
    o.sep !== '\n' &&
    o.sep !== '\r' &&
    ascii(o.quote) &&
    o.quote !== o.sep &&
    o.comment === '\u0000' &&
    o.lineSep === undefined &&
    o.nullValue === '' &&
    o.nanValue === 'NaN' &&
    o.positiveInf === 'Inf' &&
    o.negativeInf === '-Inf' &&
    (o.dateFormat === undefined || o.dateFormat === 'yyyy-MM-dd') &&
    o.timestampFormat === undefined &&
    o.preferDate &&
    samplesAll(o.samplingRatio) &&
    o.rescuedDataColumn === undefined &&
    !o.ignoreLeadingWhiteSpace &&
    !o.ignoreTrailingWhiteSpace
  );
}

/**
 * The names inferCsvSchema gives: the first file's header (through the tokenizer, so exactly its tokens), or
 * `_c<i>` for the first record's width. Undefined when no file has a record.
 */
function headerOrWidthNames(files: readonly ScannedCsvFile[], o: CsvOptions): string[] | undefined {
  for (const f of files) {
    const end = f.bytes.indexOf(10);
    const first = Buffer.from(f.bytes.buffer, f.bytes.byteOffset, end < 0 ? f.bytes.length : end).toString(
      'utf8',
    );
    let tokens: string[] | undefined;
    scanCsv(first, o, (t) => {
      tokens = t;
      return false;
    });
    if (tokens === undefined) continue;
    const header = o.header ? tokens : undefined;
    return columnNames(header, tokens.length, o);
  }
  return undefined;
}

/**
 * Adds the shapes of each data line's tokens to `shapes` (by column), and says whether `bytes` are plain
 * (see the file comment, and no NUL byte) with no line of more than `shapes.length` fields. The header line,
 * when there is one, has no shapes. A column whose shapes already hold SHAPE.string is not looked at again:
 * no later token changes what that column decides (see inferredType and readsAlike).
 *
 * This pass is what a plain read costs over DuckDB's own, so the loop over the bytes only looks for
 * separators and line ends: a `\r` is checked once up front to sit before a `\n`, and a line is looked at
 * for blankness only when no visible separator already shows it is not blank.
 */
export function scanPlainBytes(
  bytes: Uint8Array,
  sep: number,
  quote: number,
  header: boolean,
  shapes: number[],
): boolean {
  const n = bytes.length;
  if (n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return false;
  if (bytes.indexOf(quote) >= 0) return false;
  if (bytes.indexOf(0) >= 0) return false; // NUL is a terminator to C code; keep DuckDB away from it
  if (!isUtf8(bytes)) return false;
  for (let cr = bytes.indexOf(13); cr >= 0; cr = bytes.indexOf(13, cr + 1)) {
    if (bytes[cr + 1] !== 10) return false; // a \r alone is no line break DuckDB and Spark agree on
  }
  const width = shapes.length;
  const visibleSep = sep > 0x20;
  let data = !header;
  let field = 0;
  let fieldStart = 0;
  let lineStart = 0;
  // A last line without its \n is scanned as if the \n were there (one step past the bytes).
  const stop = n > 0 && bytes[n - 1] !== 10 ? n + 1 : n;
  for (let i = 0; i < stop; i++) {
    const b = i < n ? bytes[i]! : 10;
    if (b !== sep && b !== 10) continue;
    // A \r before the \n (the only place one can be) ends the line's last token.
    const end = b === 10 && i > fieldStart && bytes[i - 1] === 13 ? i - 1 : i;
    if (data && end > fieldStart && (shapes[field]! & SHAPE.string) === 0) {
      shapes[field] = shapes[field]! | tokenShape(bytes, fieldStart, end);
    }
    fieldStart = i + 1;
    if (b === sep) {
      field += 1;
      if (field >= width) return false;
      continue;
    }
    if (i - lineStart > MAX_LINE_BYTES) return false;
    if ((field === 0 || !visibleSep) && blankLine(bytes, lineStart, end)) return false;
    field = 0;
    lineStart = i + 1;
    data = true;
  }
  return true;
}

/**
 * Whether a line has no ASCII byte above space. Non-ASCII bytes may be Unicode spaces, which Spark's reader
 * treats as blank too, so such lines keep the TypeScript reader.
 */
function blankLine(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b > 0x20 && b < 0x80) return false;
  }
  return true;
}
