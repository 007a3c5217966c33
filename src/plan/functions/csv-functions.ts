/**
 * Spark's CSV functions (csvExpressions.scala): from_csv and to_csv read their options at analysis, and
 * schema_of_csv is evaluated there, from its constant argument. A CSV record holds atomic values only, so
 * from_csv's schema and to_csv's struct may not nest.
 */
import { LakesqlError } from '../../errors/index.js';
import { csvOptions } from '../../formats/csv/csv-options.js';
import { inferCsvTypes } from '../../formats/csv/csv-schema-inference.js';
import { scanCsv } from '../../formats/csv/csv-tokenizer.js';
import { isIntervalType } from '../../formats/writers/unsupported-type.js';
import { type DataType, field, StringType, type StructType, struct } from '../../types/data-types.js';
import { parseDataTypeString, parseSchemaDdl } from '../types/parse-data-type.js';
import { checkConstantText, isStringArg } from './constant-text-arg.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { optionsArg } from './options-arg.js';
import { callSql, checkArity, custom, unexpectedInputType } from './signature-kit.js';
import { quotedType, sparkSqlType } from './spark-type-text.js';

export const CSV_FUNCTIONS: readonly FunctionSignature[] = [
  custom(
    'from_csv',
    'scalar',
    (args) => {
      checkArity('from_csv', args, 2, 3);
      const options = optionsArg(args, 2);
      const mode = options.get('mode')?.toUpperCase() ?? 'PERMISSIVE';
      if (mode !== 'PERMISSIVE' && mode !== 'FAILFAST') {
        throw new LakesqlError('PARSE_MODE_UNSUPPORTED', { funcName: '`from_csv`', mode });
      }
      const schema = fromCsvSchema(args[1]!);
      if (!isStringArg(args[0]!)) throw unexpectedInputType('from_csv', args, 0, '"STRING"');
      return {
        inputTypes: [StringType, StringType, ...args.slice(2).map((a) => a.type)],
        // CsvToStructs.nullableSchema: every field of the result may be NULL (a malformed record).
        returnType: struct(schema.fields.map((f) => field(f.name, f.type, true, f.metadata))),
        options,
      };
    },
    { prettyName: (args) => `from_csv(${args[0]})` },
  ),
  custom(
    'to_csv',
    'scalar',
    (args) => {
      checkArity('to_csv', args, 1, 2);
      const options = optionsArg(args, 1);
      const t = args[0]!.type;
      if (t.kind !== 'struct' || !t.fields.every((f) => csvWritable(f.type))) {
        throw new LakesqlError('DATATYPE_MISMATCH.UNSUPPORTED_INPUT_TYPE', {
          sqlExpr: callSql('to_csv', args),
          functionName: '`to_csv`',
          dataType: quotedType(t),
        });
      }
      return { inputTypes: args.map((a) => a.type), returnType: StringType, options };
    },
    { prettyName: (args) => `to_csv(${args[0]})` },
  ),
  {
    ...custom(
      'schema_of_csv',
      'scalar',
      (args) => {
        checkArity('schema_of_csv', args, 1, 2);
        const options = optionsArg(args, 1);
        checkConstantText('schema_of_csv', args, 'csv');
        return { inputTypes: args.map((a) => a.type), returnType: StringType, nullable: false, options };
      },
      { prettyName: (args) => `schema_of_csv(${args[0]})` },
    ),
    fold: (args) => sparkSqlType(schemaOfCsv(args[0]!.value as string, args)),
  },
];

/** The types a CSV record can hold as text: no nesting; binary and calendar intervals have no CSV text. */
function csvWritable(t: DataType): boolean {
  if (t.kind === 'array' || t.kind === 'map' || t.kind === 'struct' || t.kind === 'calendarInterval') {
    return false;
  }
  return !(t.kind === 'primitive' && t.name === 'binary');
}

/** The types from_csv can convert a token to (UnivocityParser.makeConverter's atomic types). */
function csvReadable(t: DataType): boolean {
  return (
    t.kind === 'decimal' ||
    t.kind === 'char' ||
    t.kind === 'varchar' ||
    (t.kind === 'primitive' && t.name !== 'variant')
  );
}

/** from_csv's schema: a DDL string literal of a struct (DataType.fromDDL), of atomic field types. */
function fromCsvSchema(arg: ArgInfo): StructType {
  if (typeof arg.value !== 'string') {
    throw new LakesqlError('INVALID_SCHEMA.NON_STRING_LITERAL', { inputSchema: `"${arg.sql}"` });
  }
  let schema: DataType;
  try {
    schema = parseDataTypeString(arg.value);
  } catch {
    schema = parseSchemaDdl(arg.value);
  }
  if (schema.kind !== 'struct') {
    throw new LakesqlError('INVALID_SCHEMA.NON_STRUCT_TYPE', {
      inputSchema: `"${arg.sql}"`,
      dataType: quotedType(schema),
    });
  }
  for (const f of schema.fields) {
    if (!csvReadable(f.type) || isIntervalType(f.type)) {
      throw new LakesqlError('UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE', {
        format: 'CSV',
        columnName: `\`${f.name}\``,
        columnType: quotedType(f.type),
      });
    }
  }
  return schema;
}

/** schema_of_csv: CSVInferSchema over the one record, its columns named `_c0`, `_c1`, …. */
function schemaOfCsv(text: string, args: readonly ArgInfo[]): StructType {
  const o = csvOptions(optionsArg(args, 1));
  let tokens: string[] = [];
  scanCsv(text, o, (t) => {
    tokens = t;
    return false;
  });
  const types = inferCsvTypes([tokens], tokens.length, o);
  return struct(types.map((t, i) => field(`_c${i}`, t, true)));
}
