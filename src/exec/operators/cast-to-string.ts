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
import { bind, duckType, lit } from './sql-helpers.js';

export function compileCastToString(sql: string, from: DataType): string {
  const x = `(${sql})::${duckType(from)}`;
  switch (from.kind) {
    case 'primitive':
      switch (from.name) {
        case 'float':
        case 'double':
          return javaFloatingToString(x);
        case 'timestamp':
        case 'timestamp_ntz':
          return bind(
            x,
            (v) => `strftime(${v}, '%Y-%m-%d %H:%M:%S') || rtrim(rtrim(strftime(${v}, '.%f'), '0'), '.')`,
          );
        case 'binary':
          // Spark's UTF8String keeps any bytes; DuckDB's VARCHAR cannot, so bytes that are not UTF-8 get
          // U+FFFD (as Spark shows them) through the UDF, which only those rows reach.
          return bind(x, (v) => `coalesce(try(decode(${v})), spark_make_valid_utf8(${v}))`);
        default:
          return `${x}::VARCHAR`;
      }
    case 'array':
      return bind(
        x,
        (v) =>
          `CASE WHEN ${v} IS NULL THEN NULL ELSE '[' || array_to_string(list_transform(${v}, lambda __e: coalesce(${compileCastToString('__e', from.elementType)}, 'null')), ', ') || ']' END`,
      );
    case 'map':
      return bind(
        x,
        (v) =>
          `CASE WHEN ${v} IS NULL THEN NULL ELSE '{' || array_to_string(list_transform(map_entries(${v}), lambda __e: ${compileCastToString('__e.key', from.keyType)} || ' -> ' || coalesce(${compileCastToString('__e.value', from.valueType)}, 'null')), ', ') || '}' END`,
      );
    case 'struct':
      return bind(
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
 * Java's Double.toString from DuckDB's shortest round-trip digits: plain notation for 1e-3 <= |x| < 1e7
 * (always with a fractional digit), otherwise `d.dddE±n`.
 */
function javaFloatingToString(x: string): string {
  return bind(x, (v) =>
    bind(`abs(${v})::VARCHAR`, (s) => {
      // digits: the significant digits; e: the decimal exponent of the first one.
      const mantissa = `split_part(${s}, 'e', 1)`;
      const exp = `CASE WHEN contains(${s}, 'e') THEN split_part(${s}, 'e', 2)::INTEGER ELSE NULL END`;
      return bind(
        `CASE WHEN contains(${s}, 'e') THEN {'d': rtrim(replace(${mantissa}, '.', ''), '0'), 'e': ${exp}}
              WHEN split_part(${s}, '.', 1) <> '0' THEN {'d': rtrim(replace(${s}, '.', ''), '0'), 'e': length(split_part(${s}, '.', 1)) - 1}
              ELSE {'d': ltrim(split_part(${s}, '.', 2), '0'), 'e': -(length(split_part(${s}, '.', 2)) - length(ltrim(split_part(${s}, '.', 2), '0')) + 1)} END`,
        (p) => {
          const d = `(CASE WHEN ${p}.d = '' THEN '0' ELSE ${p}.d END)`;
          const e = `${p}.e`;
          const plainBig = `rpad(${d}, (${e} + 1)::INTEGER, '0') || '.' || (CASE WHEN length(${d}) > ${e} + 1 THEN substr(${d}, ${e} + 2) ELSE '0' END)`;
          const plainSmall = `'0.' || repeat('0', (-${e} - 1)::INTEGER) || ${d}`;
          const sci = `left(${d}, 1) || '.' || (CASE WHEN length(${d}) > 1 THEN substr(${d}, 2) ELSE '0' END) || 'E' || ${e}::VARCHAR`;
          return `CASE WHEN ${v} IS NULL THEN NULL WHEN isnan(${v}) THEN 'NaN'
            WHEN isinf(${v}) THEN (CASE WHEN ${v} > 0 THEN 'Infinity' ELSE '-Infinity' END)
            WHEN ${v} = 0 THEN (CASE WHEN signbit(${v}) THEN '-0.0' ELSE '0.0' END)
            ELSE (CASE WHEN ${v} < 0 THEN '-' ELSE '' END) || (CASE WHEN ${e} >= 0 AND ${e} < 7 THEN ${plainBig} WHEN ${e} < 0 AND ${e} >= -3 THEN ${plainSmall} ELSE ${sci} END) END`;
        },
      );
    }),
  );
}
