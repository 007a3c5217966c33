/**
 * Spark's SQLConf.redactOptions: before DESCRIBE, SHOW CREATE TABLE or SHOW TBLPROPERTIES prints a table's
 * properties or options, any entry whose key or value matches spark.sql.redaction.options.regex (default
 * `(?i)url`) or spark.redaction.regex (default `(?i)secret|password|token|access[.]?key`) shows
 * `*********(redacted)` as its value (Utils.redact), so that credentials kept in a table never print.
 */
export const REDACTED = '*********(redacted)';

const PATTERNS: readonly (readonly [string, string])[] = [
  ['spark.sql.redaction.options.regex', '(?i)url'],
  ['spark.redaction.regex', '(?i)secret|password|token|access[.]?key'],
];

/** A Java pattern as a JavaScript RegExp: a leading `(?i)` becomes the `i` flag. */
function javaPattern(text: string): RegExp {
  return text.startsWith('(?i)') ? new RegExp(text.slice(4), 'i') : new RegExp(text);
}

export function redactOptions(
  entries: Readonly<Record<string, string>>,
  confValue: (key: string) => string | undefined,
): Record<string, string> {
  const regexes = PATTERNS.map(([key, byDefault]) => javaPattern(confValue(key) ?? byDefault));
  return Object.fromEntries(
    Object.entries(entries).map(([k, v]) => [k, regexes.some((r) => r.test(k) || r.test(v)) ? REDACTED : v]),
  );
}
