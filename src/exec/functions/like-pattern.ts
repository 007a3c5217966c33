/**
 * Spark's checks of a LIKE pattern (StringUtils.escapeLikeRegex): the escape character may precede only `_`,
 * `%` or itself (else INVALID_FORMAT.ESC_IN_THE_MIDDLE) and may not end the pattern (else
 * INVALID_FORMAT.ESC_AT_THE_END). DuckDB accepts the first and fails the second with a syntax error of its
 * own, so lakesql checks both: in JavaScript for a literal pattern, per row for a pattern from a column.
 * Spark checks when a row is evaluated (Like is NullIntolerant), so a NULL string or pattern is NULL.
 */
import { quoteString } from '../../engine/sql-text.js';
import { raise } from './compiler-kit.js';

export type LikePatternDefect =
  | { readonly kind: 'atTheEnd' }
  | { readonly kind: 'inTheMiddle'; readonly char: string };

/** The first defect of `pattern` under the escape character `escapeChar`, or undefined for a valid pattern. */
export function likePatternDefect(pattern: string, escapeChar: string): LikePatternDefect | undefined {
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== escapeChar) continue;
    const next = chars[i + 1];
    if (next === undefined) return { kind: 'atTheEnd' };
    if (next !== '_' && next !== '%' && next !== escapeChar) return { kind: 'inTheMiddle', char: next };
    i++;
  }
  return undefined;
}

/** Spark's toSQLValue of a string: quoted, with backslashes and quotes escaped by a backslash. */
const sqlValueText = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const sqlValueSql = (s: string) => `('''' || replace(replace(${s}, '\\', '\\\\'), '''', '\\''') || '''')`;

/** The raise for a literal pattern's defect, NULL for a NULL string (a BOOLEAN SQL expression). */
export function literalPatternError(stringSql: string, pattern: string, defect: LikePatternDefect): string {
  const format = quoteString(sqlValueText(pattern));
  const error =
    defect.kind === 'atTheEnd'
      ? raise('INVALID_FORMAT.ESC_AT_THE_END', { format })
      : raise('INVALID_FORMAT.ESC_IN_THE_MIDDLE', { format, char: quoteString(sqlValueText(defect.char)) });
  return `(CASE WHEN ${stringSql} IS NULL THEN NULL ELSE CAST(${error} AS BOOLEAN) END)`;
}

/** `like` when the pattern from a column passes Spark's checks, else the raise (a BOOLEAN SQL expression). */
export function checkedPatternSql(
  stringSql: string,
  patternSql: string,
  escapeChar: string,
  like: string,
): string {
  // RE2 text for the escape character, whatever it is: \x{hex}.
  const e = `\\x{${escapeChar.codePointAt(0)?.toString(16) ?? '5c'}}`;
  const valid = `(?s)^(?:[^${e}]|${e}[${e}_%])*$`;
  const endsWithEscape = `(?s)^(?:[^${e}]|${e}[${e}_%])*${e}$`;
  const escaped = `(?s)^(?:[^${e}]|${e}[${e}_%])*${e}(.)`;
  const format = sqlValueSql(patternSql);
  return (
    `(CASE WHEN ${stringSql} IS NULL OR ${patternSql} IS NULL OR regexp_full_match(${patternSql}, ${quoteString(valid)}) THEN ${like} ` +
    `WHEN regexp_full_match(${patternSql}, ${quoteString(endsWithEscape)}) THEN CAST(${raise('INVALID_FORMAT.ESC_AT_THE_END', { format })} AS BOOLEAN) ` +
    `ELSE CAST(${raise('INVALID_FORMAT.ESC_IN_THE_MIDDLE', {
      format,
      char: sqlValueSql(`regexp_extract(${patternSql}, ${quoteString(escaped)}, 1)`),
    })} AS BOOLEAN) END)`
  );
}
