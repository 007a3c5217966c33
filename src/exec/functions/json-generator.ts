/**
 * to_json as Spark's JacksonGenerator writes values, compiled from the argument's type into one vectorized
 * DuckDB expression (DuckDB's own to_json differs: it keeps null struct fields, writes `1.5` for a decimal
 * 1.50, `1e10` for a double, and timestamps in its own text):
 * - struct fields in order, a null field left out while `ignoreNullFields` (the default,
 *   `spark.sql.jsonGenerator.ignoreNullFields`) holds, else written as `null`;
 * - array elements and map values that are null written as `null`; map keys as the text of the key;
 * - decimals with their scale (`1.50`), doubles and floats as Java prints them with NaN and the infinities
 *   quoted (Jackson's QUOTE_NON_NUMERIC_NUMBERS), binary as base64;
 * - dates, timestamps and timestamps without time zone in the `dateFormat`, `timestampFormat` and
 *   `timestampNTZFormat` patterns (Spark's datetime patterns), in the `timeZone` option or the session zone.
 */
import { quoteString } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { sparkSqlType } from '../../plan/functions/spark-type-text.js';
import type { DataType } from '../../types/data-types.js';
import { compileCastToString } from '../operators/cast-to-string.js';
import { formatSql } from './datetime-pattern.js';

export interface JsonWriteOptions {
  readonly dateFormat: string;
  readonly timestampFormat: string;
  readonly timestampNTZFormat: string;
  readonly ignoreNullFields: boolean;
  readonly timeZone: string;
}

/**
 * Spark's JSONOptions for writing, from the options map (keys lower-cased) over its defaults. Options that
 * only readers use are ignored, as Spark ignores them; the writer options lakesql does not implement fail.
 */
export function jsonWriteOptions(options: DataSourceOptions, semantics: SessionSemantics): JsonWriteOptions {
  for (const key of ['pretty', 'writeNonAsciiCharacterAsCodePoint']) {
    if (options.bool(key, false)) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `the JSON option ${key} = true` });
    }
  }
  const dateFormat = options.get('dateFormat') ?? 'yyyy-MM-dd';
  return {
    dateFormat,
    timestampFormat: options.get('timestampFormat') ?? `${dateFormat}'T'HH:mm:ss.SSSXXX`,
    timestampNTZFormat: options.get('timestampNTZFormat') ?? `${dateFormat}'T'HH:mm:ss[.SSS]`,
    ignoreNullFields: options.bool('ignoreNullFields', true),
    timeZone: options.get('timeZone') ?? semantics.timeZone,
  };
}

/** The JSON text of `sql` (of type `type`), NULL when the value is NULL. */
export function toJsonSql(sql: string, type: DataType, options: JsonWriteOptions): string {
  return new JsonWriter(options).value(sql, type, 0);
}

class JsonWriter {
  constructor(private readonly options: JsonWriteOptions) {}

  /** JSON of a non-null value, NULL for a null one; `depth` names lambda parameters of nested lists. */
  value(x: string, type: DataType, depth: number): string {
    switch (type.kind) {
      case 'struct': {
        const fields = type.fields.map((f) => {
          const name = quoteString(`${JSON.stringify(f.name)}:`);
          const fieldSql = `struct_extract(${x}, ${quoteString(f.name)})`;
          const written = `${name} || ${this.value(fieldSql, f.type, depth)}`;
          return this.options.ignoreNullFields ? written : `coalesce(${written}, ${name} || 'null')`;
        });
        // concat_ws skips the NULLs of left-out fields, so no empty slot or stray comma remains.
        const body = fields.length === 0 ? "''" : `concat_ws(',', ${fields.join(', ')})`;
        return `CASE WHEN ${x} IS NULL THEN NULL ELSE '{' || ${body} || '}' END`;
      }
      case 'array': {
        const e = `__json_e${depth}`;
        const element = `coalesce(${this.value(e, type.elementType, depth + 1)}, 'null')`;
        return `CASE WHEN ${x} IS NULL THEN NULL ELSE '[' || array_to_string(list_transform(${x}, lambda ${e}: ${element}), ',') || ']' END`;
      }
      case 'map': {
        const e = `__json_e${depth}`;
        const key = `CAST(to_json(${this.keyText(`${e}.key`, type.keyType)}) AS VARCHAR)`;
        const value = `coalesce(${this.value(`${e}.value`, type.valueType, depth + 1)}, 'null')`;
        return `CASE WHEN ${x} IS NULL THEN NULL ELSE '{' || array_to_string(list_transform(map_entries(${x}), lambda ${e}: ${key} || ':' || ${value}), ',') || '}' END`;
      }
      case 'decimal':
        return `CAST(${x} AS VARCHAR)`;
      case 'char':
      case 'varchar':
        return `CAST(to_json(CAST(${x} AS VARCHAR)) AS VARCHAR)`;
      case 'primitive':
        return this.primitive(x, type);
      default:
        throw unsupported(type);
    }
  }

  private primitive(x: string, type: DataType & { kind: 'primitive' }): string {
    switch (type.name) {
      case 'boolean':
      case 'byte':
      case 'short':
      case 'integer':
      case 'long':
        return `CAST(${x} AS VARCHAR)`;
      case 'float':
      case 'double': {
        const text = compileCastToString(x, type);
        return `CASE WHEN isnan(${x}) OR isinf(${x}) THEN '"' || ${text} || '"' ELSE ${text} END`;
      }
      case 'string':
        return `CAST(to_json(CAST(${x} AS VARCHAR)) AS VARCHAR)`;
      case 'binary':
        return `'"' || to_base64(${x}) || '"'`;
      case 'date':
        // The date's own day, formatted as a UTC midnight so that no zone moves it.
        return this.quoted(`epoch_us(CAST(${x} AS TIMESTAMP))`, this.options.dateFormat, 'UTC');
      case 'timestamp':
        return this.quoted(`epoch_us(${x})`, this.options.timestampFormat, this.options.timeZone);
      case 'timestamp_ntz':
        return this.quoted(`epoch_us(${x})`, this.options.timestampNTZFormat, 'UTC');
      case 'void':
        return 'CAST(NULL AS VARCHAR)';
      default:
        throw unsupported(type);
    }
  }

  private quoted(micros: string, pattern: string, timeZone: string): string {
    const semantics = { timeZone } as SessionSemantics;
    return `CAST(to_json(${formatSql(micros, quoteString(pattern), semantics)}) AS VARCHAR)`;
  }

  /**
   * A map key's text: a string as it is, a struct as Spark's row text `[a,b]` (the generator writes the
   * key's toString), anything else as CAST(key AS STRING) gives it.
   */
  private keyText(x: string, type: DataType): string {
    if (
      type.kind === 'char' ||
      type.kind === 'varchar' ||
      (type.kind === 'primitive' && type.name === 'string')
    ) {
      return `CAST(${x} AS VARCHAR)`;
    }
    if (type.kind === 'struct') {
      const parts = type.fields.map(
        (f) => `coalesce(${this.keyText(`struct_extract(${x}, ${quoteString(f.name)})`, f.type)}, 'null')`,
      );
      return `'[' || concat_ws(',', ${parts.join(', ')}) || ']'`;
    }
    return compileCastToString(x, type);
  }
}

function unsupported(type: DataType): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE', { feature: `to_json of a ${sparkSqlType(type)} value` });
}
