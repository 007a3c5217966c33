/**
 * CAST(x AS STRING) with Spark's text (ToStringBase): doubles and floats as Java's Double.toString /
 * Float.toString (`1.0`, `1.0E10`, `1.0E-5`, `NaN`, `Infinity`), timestamps as `yyyy-MM-dd HH:mm:ss[.ffffff]`
 * in the session time zone with trailing fractional zeros dropped, arrays `[1, null]`, maps `{a -> 1}`,
 * structs `{1, a}`, intervals as interval-to-string.ts writes them.
 */
import type { DataType } from '../../types/data-types.js';
import {
  calendarIntervalToString,
  dayTimeIntervalToString,
  yearMonthIntervalToString,
} from './interval-to-string.js';
import { duckType, lit, reuse, tryable } from './sql-helpers.js';

export function compileCastToString(sql: string, from: DataType): string {
  const x = `(${sql})::${duckType(from)}`;
  switch (from.kind) {
    case 'primitive':
      switch (from.name) {
        case 'float':
        case 'double':
          return javaFloatingToString(x, from.name === 'float' ? 'FLOAT' : 'DOUBLE');
        case 'timestamp':
        case 'timestamp_ntz':
          return reuse(
            x,
            (v) => `strftime(${v}, '%Y-%m-%d %H:%M:%S') || rtrim(rtrim(strftime(${v}, '.%f'), '0'), '.')`,
          );
        case 'binary':
          // Spark's UTF8String keeps any bytes; DuckDB's VARCHAR cannot, so bytes that are not UTF-8 get
          // U+FFFD (as Spark shows them) through the UDF, which only those rows reach.
          return tryable(x, (t) =>
            reuse(t, (v) => `coalesce(try(decode(${v})), spark_make_valid_utf8(${v}))`),
          );
        default:
          return `${x}::VARCHAR`;
      }
    case 'array':
      return reuse(
        x,
        (v) =>
          `CASE WHEN ${v} IS NULL THEN NULL ELSE '[' || array_to_string(list_transform(${v}, lambda __e: coalesce(${compileCastToString('__e', from.elementType)}, 'null')), ', ') || ']' END`,
      );
    case 'map':
      return reuse(
        x,
        (v) =>
          `CASE WHEN ${v} IS NULL THEN NULL ELSE '{' || array_to_string(list_transform(map_entries(${v}), lambda __e: ${compileCastToString('__e.key', from.keyType)} || ' -> ' || coalesce(${compileCastToString('__e.value', from.valueType)}, 'null')), ', ') || '}' END`,
      );
    case 'struct':
      return reuse(
        x,
        (v) =>
          `CASE WHEN ${v} IS NULL THEN NULL ELSE '{' || concat_ws(', ', ${from.fields.map((f) => `coalesce(${compileCastToString(`struct_extract(${v}, ${lit(f.name)})`, f.type)}, 'null')`).join(', ')}) || '}' END`,
      );
    case 'yearMonthInterval':
      return yearMonthIntervalToString(x, from);
    case 'dayTimeInterval':
      return dayTimeIntervalToString(x, from);
    case 'calendarInterval':
      return calendarIntervalToString(x);
    default:
      return `${x}::VARCHAR`;
  }
}

/**
 * Java's Double.toString / Float.toString: plain notation for 1e-3 <= |x| < 1e7 (always with a fractional
 * digit), otherwise `d.dddE±n`, both from DuckDB's shortest round-trip digits. DuckDB's own text is plain
 * with a fractional digit for 1e-4 <= |x| < 1e16 (`0.001`, `1234567.0`, `-0.0`) and `d.ddde±XX` outside,
 * so the common plain range is DuckDB's text as it is, and only the rows outside it are rewritten, each from
 * one conversion to text. The operand is repeated (reuse): a per-row list to evaluate it once costs more than
 * a column or an arithmetic expression.
 */
function javaFloatingToString(x: string, type: 'DOUBLE' | 'FLOAT'): string {
  // Where the shortest digits change exponent: 10^p rounded to the operand's type. A value below it prints
  // below 10^p; a float just below the exact power could otherwise print as that power.
  const pow10 = (p: number) => `CAST(1e${p} AS ${type})`;
  return reuse(x, (v) => {
    const a = `abs(${v})`;
    const t = `${a}::VARCHAR`;
    const exponent = `(CASE ${[8, 9, 10, 11, 12, 13, 14, 15].map((p) => `WHEN ${a} < ${pow10(p)} THEN ${p - 1}`).join(' ')} ELSE 15 END)`;
    // 1e7 <= |x| < 1e16, plain in DuckDB's text: its digits with a point after the first, then the exponent.
    const fromPlain = `replace(regexp_replace(rtrim(replace(${t}, '.', ''), '0'), '^([0-9])', '\\1.') || 'E', '.E', '.0E') || ${exponent}::VARCHAR`;
    // 1e-4 <= |x| < 1e-3: `0.000ddd`.
    const fromSmallPlain = `replace(regexp_replace(${t}, '^0\\.000([0-9])([0-9]*)$', '\\1.\\2E-4'), '.E', '.0E')`;
    // DuckDB's `d[.ddd]e±XX`: a single digit gets `.0`, the exponent loses its `+` and the one leading zero
    // DuckDB writes below ten (the digits are already the shortest, with no trailing zeros).
    const fromScientific = `replace(replace(replace(regexp_replace(${t}, '^([0-9])e', '\\1.0e'), 'e+', 'E'), 'e-0', 'E-'), 'e-', 'E-')`;
    return `(CASE WHEN ${a} >= ${pow10(-3)} AND ${a} < ${pow10(7)} OR ${v} = 0 THEN ${v}::VARCHAR
      WHEN isnan(${v}) THEN 'NaN'
      WHEN isinf(${v}) THEN (CASE WHEN ${v} > 0 THEN 'Infinity' ELSE '-Infinity' END)
      ELSE (CASE WHEN ${v} < 0 THEN '-' ELSE '' END) || (CASE WHEN ${a} >= ${pow10(7)} AND ${a} < ${pow10(16)} THEN ${fromPlain}
        WHEN ${a} >= ${pow10(-4)} AND ${a} < ${pow10(-3)} THEN ${fromSmallPlain}
        ELSE ${fromScientific} END) END)`;
  });
}
