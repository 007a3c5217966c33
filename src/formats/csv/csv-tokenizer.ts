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
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = input.length;
  let pos = 0;
  let line = 1;
  while (pos < n) {
    const startLine = line;
    const start = pos;
    const tokens: string[] = [];
    let token = '';
    let quoted = false;
    let inQuotes = false;
    let fieldStarted = false;
    let end = -1;
    while (pos < n) {
      const c = input[pos]!;
      if (inQuotes) {
        if (c === o.escape && o.escape !== o.quote && input[pos + 1] === o.quote) {
          token += o.quote;
          pos += 2;
        } else if (c === o.quote) {
          if (input[pos + 1] === o.quote) {
            token += o.quote;
            pos += 2;
          } else {
            inQuotes = false;
            pos += 1;
          }
        } else if (!o.multiLine && lineBreakAt(input, pos, o) > 0) {
          inQuotes = false; // an unclosed quote ends with the line when records are lines
        } else {
          if (c === '\n') line += 1;
          token += c;
          pos += 1;
        }
        continue;
      }
      const brk = lineBreakAt(input, pos, o);
      if (brk > 0) {
        end = pos;
        pos += brk;
        line += 1;
        break;
      }
      if (input.startsWith(o.sep, pos)) {
        tokens.push(finish(token, quoted, fieldStarted, o));
        token = '';
        quoted = false;
        fieldStarted = false;
        pos += o.sep.length;
        continue;
      }
      if (c === o.quote && !quoted && (token === '' || (o.ignoreLeadingWhiteSpace && token.trim() === ''))) {
        quoted = true;
        inQuotes = true;
        fieldStarted = true;
        token = '';
        pos += 1;
        continue;
      }
      token += c;
      fieldStarted = true;
      pos += 1;
    }
    if (end < 0) end = pos;
    const raw = input.slice(start, end);
    if (raw.trim() === '' || (o.comment !== '\u0000' && raw.startsWith(o.comment))) continue;
    tokens.push(finish(token, quoted, fieldStarted, o));
    records.push({ tokens, line: startLine, raw });
  }
  return records;
}

function finish(token: string, quoted: boolean, started: boolean, o: CsvOptions): string {
  if (quoted) return token === '' ? o.emptyValue : token;
  let t = token;
  if (o.ignoreLeadingWhiteSpace) t = t.replace(/^\s+/, '');
  if (o.ignoreTrailingWhiteSpace) t = t.replace(/\s+$/, '');
  return !started || t === '' ? o.nullValue : t;
}

/** The length of the line terminator at `pos` (0 when there is none). */
function lineBreakAt(s: string, pos: number, o: CsvOptions): number {
  if (o.lineSep !== undefined) return s.startsWith(o.lineSep, pos) ? o.lineSep.length : 0;
  const c = s[pos];
  if (c === '\n') return 1;
  if (c === '\r') return s[pos + 1] === '\n' ? 2 : 1;
  return 0;
}
