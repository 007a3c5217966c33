/**
 * Splits CSV text into records of tokens the way Spark's Univocity-based parser does with Spark's settings:
 * - without `multiLine` every line is its own record (Hadoop's line reader splits first), so a quoted field
 *   never spans lines; with `multiLine` a quoted field may hold line breaks;
 * - blank lines and lines starting with the `comment` character are skipped;
 * - an unquoted empty field reads as `nullValue`, a quoted empty one (`""`) as `emptyValue`, so that the
 *   converter's `datum == nullValue` test (UnivocityParser.nullSafeDatum) gives Spark's NULLs;
 * - inside quotes, `escape` + quote and a doubled quote both stand for one quote character.
 */
import type { CsvOptions } from './csv-options.js';

export interface CsvRecord {
  readonly tokens: readonly string[];
  /** 1-based line where the record starts, for FAILFAST messages. */
  readonly line: number;
  /** The record's text without its line terminator (the corrupt-record column's value). */
  readonly raw: string;
}

export function tokenizeCsv(text: string, o: CsvOptions): CsvRecord[] {
  const records: CsvRecord[] = [];
  scanCsv(text, o, (tokens, line, input, start, end) => {
    records.push({ tokens, line, raw: input.slice(start, end) });
  });
  return records;
}

/**
 * Receives each record as it is read: its tokens, its first line, and where its text lies (the record's
 * raw text is `input.slice(start, end)`). Returning `false` stops the scan (any other result goes on).
 */
export type CsvRecordSink = (
  tokens: string[],
  line: number,
  input: string,
  start: number,
  end: number,
) => unknown;

/** tokenizeCsv without keeping the records: each goes to `sink` (which may keep what it needs). */
export function scanCsv(text: string, o: CsvOptions, sink: CsvRecordSink): void {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = input.length;
  const quote = o.quote;
  const qc = quote.charCodeAt(0);
  const ec = o.escape.charCodeAt(0);
  const escapeQuotes = o.escape !== quote;
  const sep = o.sep;
  const sc = sep.charCodeAt(0);
  const longSep = sep.length > 1;
  const lineSep = o.lineSep;
  const lc = lineSep === undefined ? -1 : lineSep.charCodeAt(0);
  const longLineSep = lineSep !== undefined && lineSep.length > 1;
  const cc = o.comment === '\u0000' ? -1 : o.comment.charCodeAt(0);
  const multiLine = o.multiLine;
  const skipLeading = o.ignoreLeadingWhiteSpace;
  const trims = o.ignoreLeadingWhiteSpace || o.ignoreTrailingWhiteSpace;
  const nullValue = o.nullValue;

  /** The length of the line terminator at `p` (0 when there is none). */
  const breakAt = (p: number): number => {
    const c = input.charCodeAt(p);
    if (lineSep === undefined) {
      if (c === 10) return 1;
      if (c === 13) return input.charCodeAt(p + 1) === 10 ? 2 : 1;
      return 0;
    }
    if (c !== lc) return 0;
    return !longLineSep || input.startsWith(lineSep, p) ? lineSep.length : 0;
  };
  const sepAt = (p: number): boolean => input.charCodeAt(p) === sc && (!longSep || input.startsWith(sep, p));
  /** The end of an unquoted run from `p`: the next separator, line terminator or the end of the text. */
  const runEnd = (from: number): number => {
    let p = from;
    if (lineSep === undefined && !longSep) {
      for (; p < n; p++) {
        const c = input.charCodeAt(p);
        if (c === sc || c === 10 || c === 13) return p;
      }
      return n;
    }
    for (; p < n; p++) {
      const c = input.charCodeAt(p);
      if ((c === sc && sepAt(p)) || (c === lc && breakAt(p) > 0) || (lineSep === undefined && breakAt(p) > 0))
        return p;
    }
    return n;
  };

  let pos = 0;
  let line = 1;
  while (pos < n) {
    const startLine = line;
    const start = pos;
    const tokens: string[] = [];
    let end = -1;
    for (;;) {
      // One field, from `pos`. A quote opens a quoted field at its start (after blanks with
      // ignoreLeadingWhiteSpace); anything else runs to the next separator or line terminator.
      let q = pos;
      if (skipLeading) {
        while (q < n && isJsWhitespace(input.charCodeAt(q)) && breakAt(q) === 0 && !sepAt(q)) q++;
      }
      let token: string;
      let quoted = false;
      let started: boolean;
      if (q < n && input.charCodeAt(q) === qc && breakAt(q) === 0 && !sepAt(q)) {
        quoted = true;
        started = true;
        let p = q + 1;
        let seg = p;
        let buf = '';
        while (p < n) {
          const c = input.charCodeAt(p);
          if (c === ec && escapeQuotes && input.charCodeAt(p + 1) === qc) {
            buf += input.slice(seg, p) + quote;
            p += 2;
            seg = p;
          } else if (c === qc) {
            if (input.charCodeAt(p + 1) === qc) {
              buf += input.slice(seg, p) + quote;
              p += 2;
              seg = p;
            } else {
              buf += input.slice(seg, p);
              p += 1;
              seg = -1;
              break;
            }
          } else if (!multiLine && (c === 10 || c === 13 || c === lc) && breakAt(p) > 0) {
            break; // an unclosed quote ends with the line when records are lines
          } else {
            if (c === 10) line += 1;
            p += 1;
          }
        }
        if (seg >= 0) buf += input.slice(seg, p);
        // Whatever follows the closing quote up to the separator belongs to the field too.
        const tailEnd = runEnd(p);
        token = tailEnd > p ? buf + input.slice(p, tailEnd) : buf;
        pos = tailEnd;
      } else {
        const e = runEnd(pos);
        token = e > pos ? input.slice(pos, e) : '';
        started = e > pos;
        pos = e;
      }
      const value = quoted || trims ? finish(token, quoted, started, o) : started ? token : nullValue;
      // The run stopped at a line terminator (checked first, as it wins over a separator), a separator or
      // the end of the text.
      const brk = pos < n ? breakAt(pos) : 0;
      if (pos < n && brk === 0) {
        tokens.push(value);
        pos += sep.length;
        continue;
      }
      end = pos;
      if (brk > 0) {
        pos += brk;
        line += 1;
      }
      if (!isBlank(input, start, end) && !(cc >= 0 && end > start && input.charCodeAt(start) === cc)) {
        tokens.push(value);
        if (sink(tokens, startLine, input, start, end) === false) return;
      }
      break;
    }
  }
}

/** The characters String.prototype.trim removes (WhiteSpace and LineTerminator). */
function isJsWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `text.slice(start, end).trim() === ''` without the copy. */
function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isJsWhitespace(text.charCodeAt(i))) return false;
  return true;
}

function finish(token: string, quoted: boolean, started: boolean, o: CsvOptions): string {
  if (quoted) return token === '' ? o.emptyValue : token;
  let t = token;
  if (o.ignoreLeadingWhiteSpace) t = t.replace(/^\s+/, '');
  if (o.ignoreTrailingWhiteSpace) t = t.replace(/\s+$/, '');
  return !started || t === '' ? o.nullValue : t;
}
