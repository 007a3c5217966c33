/**
 * CAST to and from VARIANT (Spark's VariantGet.cast and VariantExpressionEvalUtils.castToVariant) over the
 * packed variant BLOB. From a variant: the value's own kind (long, decimal, double, string, …) is cast to the
 * target with Spark's TRY cast of that kind, allowed only where Spark's ANSI cast is (canAnsiCast); a value
 * that cannot be cast raises INVALID_VARIANT_CAST (`failOnError`) or gives NULL. A variant null is SQL NULL.
 * To a variant: a scalar keeps its type's kind; arrays, maps and structs go through their JSON text, so the
 * numbers inside them take parse_json's kinds (a double 1.5 inside a struct becomes the decimal 1.5).
 */
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { canAnsiCast } from '../../plan/types/cast-rules.js';
import { isIntegral, isStringLike } from '../../plan/types/type-classes.js';
import { toSqlType } from '../../plan/types/type-sql.js';
import {
  BooleanType,
  type DataType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  LongType,
  StringType,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import { compileCast } from './compile-cast.js';
import { raiseSql, reuse } from './sql-helpers.js';

const is = (t: DataType, name: string) => t.kind === 'primitive' && t.name === name;

/** The variant `v` (SQL of a packed variant BLOB) as `to`. */
export function castFromVariant(
  v: string,
  to: DataType,
  failOnError: boolean,
  semantics: SessionSemantics,
): string {
  if (is(to, 'variant')) return v;
  return reuse(v, (x) => {
    const kind = `spark_variant_kind(${x})`;
    const text = `spark_variant_text(${x})`;
    if (isStringLike(to)) return `CASE WHEN ${kind} = 'null' THEN NULL ELSE ${text} END`;
    const branch = (from: DataType, sql: string) =>
      canAnsiCast(from, to) ? compileCast(sql, from, to, 'try', semantics) : 'NULL';
    const decimalSource = isIntegral(to)
      ? branch(decimal(38, 0), `CAST(split_part(${text}, '.', 1) AS DECIMAL(38,0))`)
      : to.kind === 'decimal'
        ? branch(StringType, text)
        : branch(DoubleType, `CAST(${text} AS DOUBLE)`);
    const cast = `CASE ${kind}
      WHEN 'long' THEN ${branch(LongType, `CAST(${text} AS BIGINT)`)}
      WHEN 'decimal' THEN ${decimalSource}
      WHEN 'double' THEN ${branch(DoubleType, `CAST(${text} AS DOUBLE)`)}
      WHEN 'float' THEN ${branch(FloatType, `CAST(${text} AS FLOAT)`)}
      WHEN 'boolean' THEN ${branch(BooleanType, `CAST(${text} AS BOOLEAN)`)}
      WHEN 'string' THEN ${branch(StringType, text)}
      WHEN 'date' THEN ${branch(DateType, `CAST(${text} AS DATE)`)}
      WHEN 'timestamp' THEN ${branch(TimestampType, `CAST(${text} AS TIMESTAMPTZ)`)}
      WHEN 'timestamp_ntz' THEN ${branch(TimestampNtzType, `CAST(${text} AS TIMESTAMP)`)}
      END`;
    const failed = failOnError
      ? raiseSql('INVALID_VARIANT_CAST', {
          value: { sql: `spark_variant_to_json(${x})` },
          dataType: { text: toSqlType(to) },
        })
      : 'NULL';
    return `CASE WHEN ${x} IS NULL OR ${kind} = 'null' THEN NULL ELSE coalesce(${cast}, ${failed}) END`;
  });
}

/** A value of type `from` as a variant. */
export function castToVariant(sql: string, from: DataType): string {
  const scalar = (kind: string, text: string) => `spark_variant_from_scalar('${kind}', ${text})`;
  const text = `CAST(${sql} AS VARCHAR)`;
  if (from.kind === 'decimal') return scalar('decimal', text);
  if (isIntegral(from)) return scalar('long', text);
  if (isStringLike(from)) return scalar('string', sql);
  if (from.kind === 'array' || from.kind === 'map' || from.kind === 'struct') {
    // DuckDB's to_json writes struct fields and string-keyed map entries as object members.
    return `spark_parse_json(CAST(to_json(${sql}) AS VARCHAR), false)`;
  }
  if (from.kind !== 'primitive') return 'NULL::BLOB';
  switch (from.name) {
    case 'double':
      return scalar('double', text);
    case 'float':
      return scalar('float', text);
    case 'boolean':
      return scalar('boolean', text);
    case 'date':
      return scalar('date', text);
    case 'timestamp':
    case 'timestamp_ntz':
      return scalar(from.name, `CAST(epoch_us(${sql}) AS VARCHAR)`);
    case 'binary':
      return scalar('binary', `hex(${sql})`);
    case 'variant':
      return sql;
    default:
      return 'NULL::BLOB';
  }
}
