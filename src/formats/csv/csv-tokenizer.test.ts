/**
 * The tokenizer against a straightforward character-at-a-time statement of the same rules (the
 * implementation it replaced), on random texts and option combinations.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataSourceOptions } from '../data-source-options.js';
import { type CsvOptions, csvOptions } from './csv-options.js';
import { type CsvRecord, tokenizeCsv } from './csv-tokenizer.js';

function referenceTokenize(text: string, o: CsvOptions): CsvRecord[] {
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
          inQuotes = false;
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

function lineBreakAt(s: string, pos: number, o: CsvOptions): number {
  if (o.lineSep !== undefined) return s.startsWith(o.lineSep, pos) ? o.lineSep.length : 0;
  const c = s[pos];
  if (c === '\n') return 1;
  if (c === '\r') return s[pos + 1] === '\n' ? 2 : 1;
  return 0;
}

const ALPHABET = [
  'a',
  'b',
  '1',
  ',',
  ';',
  '"',
  "'",
  '\\',
  '\n',
  '\r',
  ' ',
  '\t',
  '#',
  '|',
  '\u00a0',
  '\ufeff',
];

const optionsArb = fc.record({
  sep: fc.constantFrom(',', ';', '\t', '||', ', '),
  quote: fc.constantFrom('"', "'"),
  escape: fc.constantFrom('\\', '"', "'"),
  comment: fc.constantFrom(undefined, '#'),
  multiLine: fc.boolean(),
  lineSep: fc.constantFrom(undefined, '|', '\n', '\r\n', ';;'),
  ignoreLeadingWhiteSpace: fc.boolean(),
  ignoreTrailingWhiteSpace: fc.boolean(),
  nullValue: fc.constantFrom('', 'NULL'),
  emptyValue: fc.constantFrom('', 'EMPTY'),
});

describe('tokenizeCsv', () => {
  it('splits records and fields exactly as the character-at-a-time rules do', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ALPHABET), { maxLength: 60 }).map((cs) => cs.join('')),
        optionsArb,
        (text, opts) => {
          const entries = Object.entries(opts).filter(([, v]) => v !== undefined) as [string, string][];
          const o = csvOptions(DataSourceOptions.from(Object.fromEntries(entries)));
          expect(tokenizeCsv(text, o)).toEqual(referenceTokenize(text, o));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
