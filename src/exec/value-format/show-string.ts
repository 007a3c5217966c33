/**
 * Dataset.showString (apache/spark sql/core/.../Dataset.scala, `showString`): the table DataFrame.show()
 * prints.
 *   - cells are ToPrettyString texts (pretty-string.ts) with control characters escaped (`\n` -> `\\n`,
 *     SchemaUtils.escapeMetaCharacters);
 *   - with truncate > 0 a longer cell keeps its first truncate-3 characters plus `...` (or just the first
 *     `truncate` when truncate < 4) and cells are right-aligned; truncate = 0 left-aligns and never cuts;
 *   - every column is at least 3 wide; full-width (East Asian) characters count twice;
 *   - when more rows exist than shown: `only showing top N rows` (`row` when N = 1).
 */
import type { StructType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { prettyString } from './pretty-string.js';
import type { FormatOptions } from './scalar-text.js';

export interface ShowOptions extends FormatOptions {
  /** Rows to show (Spark's default 20). */
  readonly numRows?: number;
  /** Truncate cells longer than this many characters; 0 for never (Spark's default 20). */
  readonly truncate?: number;
}

/**
 * `rows` may hold more rows than `numRows` (Spark fetches numRows + 1 to learn whether more exist): only the
 * first numRows are printed and the footer says so.
 */
export function showString(
  rows: readonly (readonly Value[])[],
  schema: StructType,
  options: ShowOptions,
): string {
  const numRows = Math.max(0, options.numRows ?? 20);
  const truncate = options.truncate ?? 20;
  const shown = rows.slice(0, numRows);
  const hasMoreData = rows.length > numRows;
  const cut = (s: string) => {
    if (truncate <= 0 || s.length <= truncate) return s;
    return truncate < 4 ? s.slice(0, truncate) : `${s.slice(0, truncate - 3)}...`;
  };
  const header = schema.fields.map((f) => cut(f.name));
  const body = shown.map((row) =>
    schema.fields.map((f, i) => cut(escapeMetaCharacters(prettyString(row[i] ?? null, f.type, options)))),
  );
  const widths = header.map((h, i) =>
    Math.max(3, displayWidth(h), ...body.map((r) => displayWidth(r[i] ?? ''))),
  );
  const separator = `+${widths.map((w) => '-'.repeat(w)).join('+')}+\n`;
  const line = (cells: readonly string[]) =>
    `|${cells
      .map((c, i) => {
        const padding = ' '.repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(c)));
        return truncate > 0 ? padding + c : c + padding;
      })
      .join('|')}|\n`;
  let out = separator + line(header) + separator;
  for (const r of body) out += line(r);
  out += separator;
  if (hasMoreData) out += `only showing top ${numRows} ${numRows === 1 ? 'row' : 'rows'}\n`;
  return out;
}

/** SchemaUtils.escapeMetaCharacters. */
function escapeMetaCharacters(s: string): string {
  return s
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\t', '\\t')
    .replaceAll('\f', '\\f')
    .replaceAll('\b', '\\b')
    .replaceAll('\u000B', '\\v')
    .replaceAll('\u0007', '\\a');
}

/** Utils.stringHalfWidth: characters of the East Asian full-width ranges take two columns. */
function displayWidth(s: string): number {
  let width = 0;
  for (const ch of s) width += FULL_WIDTH.test(ch) ? 2 : 1;
  return width;
}

const FULL_WIDTH =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{2FFFD}\u{30000}-\u{3FFFD}]/u;
