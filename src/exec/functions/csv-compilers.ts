/**
 * Spark's CSV functions. from_csv splits and converts a record in the spark_from_csv UDF (chunk at a time,
 * with the CSV reader's own tokenizer and converters, engine/udfs/from-csv-udf.ts) and builds the struct from
 * its texts here. to_csv is one DuckDB expression: each field's text as UnivocityGenerator writes it
 * (formats/writers/csv-writer.ts has the same rules for files), trimmed, quoted and escaped when it must be.
 */

import { quoteIdentifier, quoteString } from '../../engine/sql-text.js';
import type { FromCsvSpec } from '../../engine/udfs/from-csv-udf.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { type CsvWriteOptions, csvWriteOptions } from '../../formats/writers/csv-writer.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { type DataType, StringType, type StructType } from '../../types/data-types.js';
import { compileCastToString } from '../operators/cast-to-string.js';
import { compileCast } from '../operators/compile-cast.js';
import { bind, reuse } from '../operators/sql-helpers.js';
import { compilers } from './compiler-kit.js';
import { formatSql } from './datetime-pattern.js';
import type { FunctionCompiler } from './function-compiler.js';

export const CSV_COMPILERS: readonly FunctionCompiler[] = compilers({
  from_csv: ([x], _args, resolved, semantics) =>
    fromCsvSql(
      x as string,
      resolved.returnType as StructType,
      resolved.options ?? new DataSourceOptions(),
      semantics,
    ),
  to_csv: ([x], args, resolved, semantics) =>
    toCsvSql(
      x as string,
      args[0]!.type as StructType,
      resolved.options ?? new DataSourceOptions(),
      semantics,
    ),
});

function fromCsvSql(
  text: string,
  schema: StructType,
  options: DataSourceOptions,
  semantics: SessionSemantics,
): string {
  const corruptName = options.string('columnNameOfCorruptRecord', '_corrupt_record');
  const timeZone = options.get('timeZone') ?? semantics.timeZone;
  const spec: FromCsvSpec = {
    options: options.entries(),
    fields: schema.fields.map((f) => ({
      type: f.type,
      corrupt: f.name === corruptName && f.type.kind === 'primitive' && f.type.name === 'string',
    })),
    failFast: options.get('mode')?.toUpperCase() === 'FAILFAST',
    timeZone,
  };
  const fieldSemantics = { ...semantics, timeZone };
  const call = `spark_from_csv(CAST(${text} AS VARCHAR), ${quoteString(JSON.stringify(spec))})`;
  const value = bind(call, (fields) => {
    const members = schema.fields.map(
      (f, i) =>
        `${quoteIdentifier(f.name)} := ${fieldValue(`${fields}[${i + 1}]`, f.type, options, fieldSemantics)}`,
    );
    return `struct_pack(${members.join(', ')})`;
  });
  return `CASE WHEN ${text} IS NULL THEN NULL ELSE ${value} END`;
}

/** One field's text from spark_from_csv as its value (the forms are described in from-csv-udf.ts). */
function fieldValue(
  t: string,
  type: DataType,
  options: DataSourceOptions,
  semantics: SessionSemantics,
): string {
  if (type.kind === 'primitive') {
    switch (type.name) {
      case 'string':
        return t;
      case 'binary':
        return `encode(${t})`;
      case 'date':
        // Epoch days, whether the date was read with `dateFormat` or by Spark's default parsing.
        return `CAST(DATE '1970-01-01' + CAST(${t} AS INTEGER) AS DATE)`;
      case 'timestamp':
        if (options.get('timestampFormat') !== undefined) return `make_timestamptz(CAST(${t} AS BIGINT))`;
        break;
      case 'timestamp_ntz':
        if (options.get('timestampNTZFormat') !== undefined) return `make_timestamp(CAST(${t} AS BIGINT))`;
        break;
      case 'void':
        return 'NULL';
    }
  }
  // Canonical text: Spark's own string-to-type cast reads it back exactly.
  return compileCast(t, StringType, type, 'try', semantics);
}

function toCsvSql(
  x: string,
  type: StructType,
  options: DataSourceOptions,
  semantics: SessionSemantics,
): string {
  const o = csvWriteOptions(options);
  const zone = options.get('timeZone') ?? semantics.timeZone;
  return reuse(x, (v) => {
    const fields = type.fields.map((f) => {
      const value = `struct_extract(${v}, ${quoteString(f.name)})`;
      const text = fieldText(value, f.type, o, zone);
      return `CASE WHEN ${value} IS NULL THEN ${quoteString(o.nullValue)} ELSE ${reuse(text, (s) => `CASE WHEN ${s} = '' THEN ${quoteString(o.emptyValue)} ELSE ${csvFieldSql(s, o)} END`)} END`;
    });
    const line = fields.length === 0 ? "''" : fields.join(` || ${quoteString(o.sep)} || `);
    return `CASE WHEN ${v} IS NULL THEN NULL ELSE ${line} END`;
  });
}

/** A non-NULL field's text before quoting: numbers as Java prints them, datetimes in the options' patterns. */
function fieldText(x: string, type: DataType, o: CsvWriteOptions, zone: string): string {
  if (type.kind === 'primitive') {
    const format = (micros: string, pattern: string, tz: string) =>
      formatSql(micros, quoteString(pattern), { timeZone: tz } as SessionSemantics);
    switch (type.name) {
      case 'string':
        return `CAST(${x} AS VARCHAR)`;
      case 'date':
        // The date's own day, formatted as a UTC midnight so that no zone moves it.
        return format(`epoch_us(CAST(${x} AS TIMESTAMP))`, o.dateFormat, 'UTC');
      case 'timestamp':
        return format(`epoch_us(${x})`, o.timestampFormat, zone);
      case 'timestamp_ntz':
        return format(`epoch_us(${x})`, o.timestampNTZFormat, 'UTC');
    }
  }
  if (type.kind === 'char' || type.kind === 'varchar') return `CAST(${x} AS VARCHAR)`;
  return compileCastToString(x, type);
}

const regexLiteral = (s: string) => s.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);

/** csv-writer.ts csvField in SQL: trim, then quote and escape when the value must be quoted. */
function csvFieldSql(s: string, o: CsvWriteOptions): string {
  let t = s;
  if (o.trimLeading) t = `regexp_replace(${t}, '^\\s+', '')`;
  if (o.trimTrailing) t = `regexp_replace(${t}, '\\s+$', '')`;
  if (o.quote === '\u0000') return t;
  return reuse(t, (v) => {
    const triggers = [o.sep, o.quote, '\n', '\r', ...(o.lineSep === '\n' ? [] : [o.lineSep])];
    const needs = o.quoteAll ? 'true' : triggers.map((c) => `contains(${v}, ${quoteString(c)})`).join(' OR ');
    let escaped = v;
    if (o.charToEscapeQuoteEscaping !== '\u0000' && o.escape !== o.quote) {
      // An escape that a reader would take for the start of an escaped quote (or that would escape the
      // closing quote) is escaped itself.
      const pattern = `${regexLiteral(o.escape)}(${regexLiteral(o.quote)}|$)`;
      const replacement = `${o.charToEscapeQuoteEscaping.replace(/\\/g, '\\\\')}${o.escape.replace(/\\/g, '\\\\')}\\1`;
      escaped = `regexp_replace(${escaped}, ${quoteString(pattern)}, ${quoteString(replacement)}, 'g')`;
    }
    if (o.escapeQuotes)
      escaped = `replace(${escaped}, ${quoteString(o.quote)}, ${quoteString(o.escape + o.quote)})`;
    const q = quoteString(o.quote);
    return `CASE WHEN ${needs} THEN ${q} || ${escaped} || ${q} ELSE ${v} END`;
  });
}
