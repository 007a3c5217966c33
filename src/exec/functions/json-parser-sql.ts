/**
 * from_json as Spark's JacksonParser converts JSON text to a value of the schema, compiled from the schema
 * into one vectorized DuckDB expression. DuckDB's own json_transform casts leniently (`"2"` and `3.5` become
 * integers); Spark converts a token only to the types it can hold:
 * - integral types take integer numbers within range; float/double take numbers and the strings NaN,
 *   Infinity, +Infinity, -Infinity, INF, -INF; decimals take numbers and numeric strings rounded half up to
 *   the scale, refusing what does not fit the precision; booleans take true/false; strings take a string's
 *   text, and any other token as its JSON text; binary takes base64 strings; dates and timestamps take
 *   strings (in `dateFormat` / `timestampFormat` when given, else as CAST reads them), and timestamps also
 *   integer seconds since the epoch;
 * - a struct takes an object (fields matched by exact name, missing ones NULL), an array an array, a map an
 *   object; a token of another kind makes the value NULL, and an element or map value that cannot be
 *   converted makes its whole array or map NULL, while a struct keeps its other fields (Spark's partial
 *   results);
 * - text that is not JSON, or whose top-level value is not of the schema's kind, is a malformed record: in
 *   PERMISSIVE mode a struct of NULLs (with the text in the `columnNameOfCorruptRecord` field when the schema
 *   has one), NULL for an array or map schema; in FAILFAST mode MALFORMED_RECORD_IN_PARSING. An array schema
 *   of structs also takes a single object, as a one-element array.
 */
import { quoteIdentifier, quoteString } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { sparkSqlType } from '../../plan/functions/spark-type-text.js';
import { type DataType, StringType } from '../../types/data-types.js';
import { compileCast } from '../operators/compile-cast.js';
import { duckType, raise } from './compiler-kit.js';
import { type ParseTarget, parseSql } from './datetime-pattern.js';

export interface JsonReadOptions {
  readonly failFast: boolean;
  readonly corruptRecordColumn: string;
  readonly dateFormat: string | undefined;
  readonly timestampFormat: string | undefined;
  readonly timestampNTZFormat: string | undefined;
  readonly semantics: SessionSemantics;
}

/** JSONOptions for reading, as from_json takes them (`mode` checked at analysis). */
export function jsonReadOptions(options: DataSourceOptions, semantics: SessionSemantics): JsonReadOptions {
  const timeZone = options.get('timeZone');
  return {
    failFast: options.get('mode')?.toUpperCase() === 'FAILFAST',
    corruptRecordColumn: options.string('columnNameOfCorruptRecord', '_corrupt_record'),
    dateFormat: options.get('dateFormat'),
    timestampFormat: options.get('timestampFormat'),
    timestampNTZFormat: options.get('timestampNTZFormat'),
    semantics: timeZone === undefined ? semantics : { ...semantics, timeZone },
  };
}

/** The value of JSON text `text` as `schema` (a struct, array or map type). */
export function fromJsonSql(text: string, schema: DataType, options: JsonReadOptions): string {
  const reader = new JsonReader(options);
  const json = `CAST(${text} AS JSON)`;
  const kind = `json_type(${json})`;
  let wellFormed: string;
  let value = reader.value(json, schema, 0);
  if (schema.kind === 'array') {
    const objectAsArray = schema.elementType.kind === 'struct';
    wellFormed = objectAsArray ? `${kind} IN ('ARRAY', 'OBJECT')` : `${kind} = 'ARRAY'`;
    if (objectAsArray) {
      value = `CASE WHEN ${kind} = 'OBJECT' THEN [${reader.value(json, schema.elementType, 1)}] ELSE ${value} END`;
    }
  } else {
    wellFormed = `${kind} = 'OBJECT'`;
  }
  const malformed = options.failFast
    ? raise('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION', {
        badRecord: text,
        failFastMode: quoteString('FAILFAST'),
      })
    : reader.malformed(text, schema);
  // CASE evaluates a branch only on the rows that reach it, so text that is not JSON is never cast to JSON.
  return `CASE WHEN ${text} IS NULL OR trim(${text}) = '' THEN NULL
    WHEN NOT json_valid(${text}) THEN ${malformed}
    WHEN ${wellFormed} THEN ${value}
    ELSE ${malformed} END`;
}

class JsonReader {
  constructor(private readonly o: JsonReadOptions) {}

  /** The value a malformed record gives: a struct of NULLs (and the text as the corrupt record), else NULL. */
  malformed(text: string, schema: DataType): string {
    if (schema.kind !== 'struct') return `CAST(NULL AS ${duckType(schema)})`;
    const fields = schema.fields.map((f) => {
      const isCorrupt =
        f.name === this.o.corruptRecordColumn && f.type.kind === 'primitive' && f.type.name === 'string';
      return `${quoteIdentifier(f.name)} := ${isCorrupt ? `CAST(${text} AS VARCHAR)` : `CAST(NULL AS ${duckType(f.type)})`}`;
    });
    return `struct_pack(${fields.join(', ')})`;
  }

  /** `j` (a DuckDB JSON value, NULL where absent) as a value of `type`; NULL where Spark's converter fails. */
  value(j: string, type: DataType, depth: number): string {
    const kind = `json_type(${j})`;
    switch (type.kind) {
      case 'struct': {
        const structure = quoteString(
          JSON.stringify(Object.fromEntries(type.fields.map((f) => [f.name, 'JSON']))),
        );
        const fields = `json_transform(${j}, ${structure})`;
        const members = type.fields.map((f) => {
          const fieldJson = `struct_extract(${fields}, ${quoteString(f.name)})`;
          const isCorrupt = f.name === this.o.corruptRecordColumn && depth === 0;
          const v = isCorrupt ? 'CAST(NULL AS VARCHAR)' : this.value(fieldJson, f.type, depth + 1);
          return `${quoteIdentifier(f.name)} := ${v}`;
        });
        return `CASE WHEN ${kind} = 'OBJECT' THEN struct_pack(${members.join(', ')}) END`;
      }
      case 'array': {
        const e = `__json_e${depth}`;
        const items = `CAST(${j} AS JSON[])`;
        const element = this.value(e, type.elementType, depth + 1);
        const allConverted = `coalesce(list_bool_and(list_transform(${items}, lambda ${e}: json_type(${e}) = 'NULL' OR ${element} IS NOT NULL)), true)`;
        return `CASE WHEN ${kind} = 'ARRAY' AND ${allConverted} THEN list_transform(${items}, lambda ${e}: ${element}) END`;
      }
      case 'map': {
        const e = `__json_e${depth}`;
        const entries = `map_entries(CAST(${j} AS MAP(VARCHAR, JSON)))`;
        const v = this.value(`${e}.value`, type.valueType, depth + 1);
        const allConverted = `coalesce(list_bool_and(list_transform(${entries}, lambda ${e}: json_type(${e}.value) = 'NULL' OR ${v} IS NOT NULL)), true)`;
        return `CASE WHEN ${kind} = 'OBJECT' AND ${allConverted} THEN map_from_entries(list_transform(${entries}, lambda ${e}: struct_pack(key := ${e}.key, value := ${v}))) END`;
      }
      case 'decimal': {
        const t = duckType(type);
        return `CASE WHEN ${kind} IN ('BIGINT', 'UBIGINT', 'DOUBLE') THEN TRY_CAST(CAST(${j} AS VARCHAR) AS ${t})
          WHEN ${kind} = 'VARCHAR' THEN TRY_CAST(${stringOf(j)} AS ${t}) END`;
      }
      case 'char':
      case 'varchar':
        return this.text(j);
      case 'primitive':
        return this.primitive(j, type);
      default:
        throw unsupported(type);
    }
  }

  private text(j: string): string {
    const kind = `json_type(${j})`;
    return `CASE WHEN ${kind} = 'VARCHAR' THEN ${stringOf(j)} WHEN ${kind} <> 'NULL' THEN CAST(${j} AS VARCHAR) END`;
  }

  private primitive(j: string, type: DataType & { kind: 'primitive' }): string {
    const kind = `json_type(${j})`;
    const t = duckType(type);
    switch (type.name) {
      case 'byte':
      case 'short':
      case 'integer':
      case 'long':
        return `CASE WHEN ${kind} IN ('BIGINT', 'UBIGINT') THEN TRY_CAST(${j} AS ${t}) END`;
      case 'float':
      case 'double':
        return `CASE WHEN ${kind} IN ('BIGINT', 'UBIGINT', 'DOUBLE') THEN CAST(${j} AS ${t})
          WHEN ${kind} = 'VARCHAR' THEN (CASE ${stringOf(j)} WHEN 'NaN' THEN CAST('NaN' AS ${t})
            WHEN 'Infinity' THEN CAST('Infinity' AS ${t}) WHEN '+Infinity' THEN CAST('Infinity' AS ${t})
            WHEN 'INF' THEN CAST('Infinity' AS ${t}) WHEN '-Infinity' THEN CAST('-Infinity' AS ${t})
            WHEN '-INF' THEN CAST('-Infinity' AS ${t}) END) END`;
      case 'boolean':
        return `CASE WHEN ${kind} = 'BOOLEAN' THEN CAST(${j} AS BOOLEAN) END`;
      case 'string':
        return this.text(j);
      case 'binary':
        return `CASE WHEN ${kind} = 'VARCHAR' THEN TRY(from_base64(${stringOf(j)})) END`;
      case 'date':
        return `CASE WHEN ${kind} = 'VARCHAR' THEN ${this.datetime(stringOf(j), type, 'date', this.o.dateFormat)} END`;
      case 'timestamp':
        return `CASE WHEN ${kind} = 'VARCHAR' THEN ${this.datetime(stringOf(j), type, 'timestamp', this.o.timestampFormat)}
          WHEN ${kind} IN ('BIGINT', 'UBIGINT') THEN CAST(to_timestamp(TRY_CAST(${j} AS BIGINT)) AS ${t}) END`;
      case 'timestamp_ntz':
        return `CASE WHEN ${kind} = 'VARCHAR' THEN ${this.datetime(stringOf(j), type, 'timestamp_ntz', this.o.timestampNTZFormat)} END`;
      case 'void':
        return 'NULL';
      default:
        throw unsupported(type);
    }
  }

  /** A datetime string in the option's pattern when one is given, else as CAST(s AS type) reads it. */
  private datetime(s: string, type: DataType, target: ParseTarget, pattern: string | undefined): string {
    if (pattern === undefined) return compileCast(s, StringType, type, 'try', this.o.semantics);
    return parseSql(s, quoteString(pattern), target, this.o.semantics, false, 'from_json');
  }
}

/**
 * json_tuple's values: for each key, the text of that top-level field of the JSON object (a string's
 * text, any other value's JSON text), NULL where the key is NULL or missing or the text is not an object.
 * Keys written as literals are read in one pass over the object; other keys look the field up by value.
 */
export function jsonTupleSql(
  text: string,
  keys: readonly { sql: string; literal?: string | null }[],
): string[] {
  // CASE, not AND: DuckDB evaluates both sides of an AND over a column, and the CAST fails on bad JSON.
  const isObject = `CASE WHEN json_valid(${text}) THEN json_type(CAST(${text} AS JSON)) = 'OBJECT' ELSE false END`;
  const literals = keys.flatMap((k) => (typeof k.literal === 'string' ? [k.literal] : []));
  const structure = quoteString(JSON.stringify(Object.fromEntries(literals.map((k) => [k, 'JSON']))));
  const fields = `json_transform(${text}, ${structure})`;
  return keys.map((k) => {
    if (k.literal === null) return 'CAST(NULL AS VARCHAR)';
    const field =
      k.literal !== undefined
        ? `struct_extract(${fields}, ${quoteString(k.literal)})`
        : `CAST(CAST(${text} AS JSON) AS MAP(VARCHAR, JSON))[${k.sql}]`;
    const kind = `json_type(${field})`;
    const value = `CASE WHEN ${kind} = 'VARCHAR' THEN ${stringOf(field)} WHEN ${kind} <> 'NULL' THEN CAST(${field} AS VARCHAR) END`;
    return `CASE WHEN ${isObject} THEN ${value} END`;
  });
}

/** The text of a JSON string token. */
function stringOf(j: string): string {
  return `json_extract_string(${j}, '$')`;
}

function unsupported(type: DataType): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE', { feature: `from_json into a ${sparkSqlType(type)} value` });
}
