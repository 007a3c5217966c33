/**
 * Spark's CSV output (UnivocityGenerator over univocity's CsvWriter, configured by CSVOptions for writing):
 * - a value is quoted only when it must be: it contains the separator, the quote, `\r` or `\n`, or it is
 *   empty (the `emptyValue` default for writing is `""`); `quoteAll` quotes everything;
 * - inside a quoted value the quote is escaped with `escape` (default `\`, so `a"b` is `"a\"b"`,
 *   `escapeQuotes` true), and the escape character itself with `charToEscapeQuoteEscaping` (default the
 *   escape character), but only where a reader would misread it: before a quote or at the value's end;
 * - leading and trailing white space is trimmed (ignoreLeadingWhiteSpace / ignoreTrailingWhiteSpace default
 *   to true when writing);
 * - NULL is `nullValue` (default empty, unquoted); dates `yyyy-MM-dd`, timestamps
 *   `yyyy-MM-dd'T'HH:mm:ss.SSSXXX` in the session time zone, numbers as Java prints them;
 * - `header` writes the column names first; lines end with `lineSep` (default `\n`).
 * Arrays, maps, structs, binary and intervals cannot be written to CSV (UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE).
 */
import { assertNever, type DataType, type StructType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { assertWritableSchema, isIntervalType } from './unsupported-type.js';
import {
  bigDecimalText,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIMESTAMP_FORMAT,
  DEFAULT_TIMESTAMP_NTZ_FORMAT,
  type ValueRenderer,
} from './value-text.js';

export interface CsvWriteOptions {
  readonly sep: string;
  readonly quote: string;
  readonly escape: string;
  readonly escapeQuotes: boolean;
  readonly quoteAll: boolean;
  readonly charToEscapeQuoteEscaping: string;
  readonly header: boolean;
  readonly nullValue: string;
  readonly emptyValue: string;
  readonly dateFormat: string;
  readonly timestampFormat: string;
  readonly timestampNTZFormat: string;
  readonly lineSep: string;
  readonly trimLeading: boolean;
  readonly trimTrailing: boolean;
}

const NUL = '\u0000';

export function csvWriteOptions(o: DataSourceOptions): CsvWriteOptions {
  const quote = o.char('quote', '"');
  const escapeChar = o.char('escape', '\\');
  return {
    sep: o.has('sep') ? o.char('sep', ',') : o.char('delimiter', ','),
    quote,
    escape: escapeChar,
    escapeQuotes: o.bool('escapeQuotes', true),
    quoteAll: o.bool('quoteAll', false),
    charToEscapeQuoteEscaping: o.char('charToEscapeQuoteEscaping', escapeChar === quote ? NUL : escapeChar),
    header: o.bool('header', false),
    nullValue: o.string('nullValue', ''),
    emptyValue: o.string('emptyValue', '""'),
    dateFormat: o.string('dateFormat', DEFAULT_DATE_FORMAT),
    timestampFormat: o.string('timestampFormat', DEFAULT_TIMESTAMP_FORMAT),
    timestampNTZFormat: o.string('timestampNTZFormat', DEFAULT_TIMESTAMP_NTZ_FORMAT),
    lineSep: o.string('lineSep', '\n'),
    trimLeading: o.bool('ignoreLeadingWhiteSpace', true),
    trimTrailing: o.bool('ignoreTrailingWhiteSpace', true),
  };
}

export function assertCsvWritable(schema: StructType): void {
  assertWritableSchema('CSV', schema, (t) => {
    if (t.kind === 'array' || t.kind === 'map' || t.kind === 'struct' || isIntervalType(t)) return false;
    return !(t.kind === 'primitive' && t.name === 'binary');
  });
}

/** The text of a CSV file holding `rows` (the header first when asked for). */
export function csvText(
  schema: StructType,
  rows: readonly (readonly Value[])[],
  opts: CsvWriteOptions,
  render: ValueRenderer,
): string {
  const lines: string[] = [];
  if (opts.header) lines.push(schema.fields.map((f) => csvField(f.name, opts)).join(opts.sep));
  for (const r of rows) {
    lines.push(
      schema.fields
        .map((f, i) => {
          const v = r[i] ?? null;
          if (v === null) return opts.nullValue;
          const text = csvValueText(v, f.type, opts, render);
          return text === '' ? opts.emptyValue : csvField(text, opts);
        })
        .join(opts.sep),
    );
  }
  return lines.map((l) => l + opts.lineSep).join('');
}

/**
 * univocity's trim: its white space is every code unit up to ' ' (control characters included), never
 * U+00A0, U+FEFF or the other Unicode spaces that JavaScript's `\s` and `trim()` take.
 */
function trimUnivocity(s: string, leading: boolean, trailing: boolean): string {
  let start = 0;
  let end = s.length;
  if (leading) while (start < end && s.charCodeAt(start) <= 0x20) start++;
  if (trailing) while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

/** One field as univocity writes it: trimmed, then quoted and escaped when it has to be. */
export function csvField(raw: string, opts: CsvWriteOptions): string {
  let s = raw;
  if (opts.trimLeading || opts.trimTrailing) s = trimUnivocity(s, opts.trimLeading, opts.trimTrailing);
  if (opts.quote === NUL) return s;
  const needsQuotes =
    opts.quoteAll ||
    s.includes(opts.sep) ||
    s.includes(opts.quote) ||
    s.includes('\n') ||
    s.includes('\r') ||
    (opts.lineSep !== '\n' && s.includes(opts.lineSep));
  if (!needsQuotes) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const next = s[i + 1];
    if (ch === opts.quote && opts.escapeQuotes) out += opts.escape + ch;
    else if (
      ch === opts.escape &&
      opts.charToEscapeQuoteEscaping !== NUL &&
      opts.escape !== opts.quote &&
      (next === undefined || next === opts.quote)
    )
      // Only an escape that a reader would take for the start of `\"` (or that would escape the closing quote)
      // is escaped itself; any other backslash stays as it is.
      out += opts.charToEscapeQuoteEscaping + ch;
    else out += ch;
  }
  return opts.quote + out + opts.quote;
}

function csvValueText(v: Value, t: DataType, opts: CsvWriteOptions, render: ValueRenderer): string {
  switch (t.kind) {
    case 'decimal':
      return bigDecimalText(v as bigint, t.scale);
    case 'char':
    case 'varchar':
      return String(v);
    case 'primitive':
      switch (t.name) {
        case 'double':
          return render.double(v as number);
        case 'float':
          return render.float(v as number);
        case 'date':
          return render.date(v as number, opts.dateFormat);
        case 'timestamp':
          return render.timestamp(v as bigint, opts.timestampFormat);
        case 'timestamp_ntz':
          return render.timestampNtz(v as bigint, opts.timestampNTZFormat);
        default:
          return String(v);
      }
    case 'array':
    case 'map':
    case 'struct':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      throw new Error(`CSV cannot hold ${t.kind} (checked before writing)`);
    default:
      return assertNever(t);
  }
}
