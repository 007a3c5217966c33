/**
 * Spark's JSON functions (jsonExpressions.scala): to_json and from_json read their options at analysis, and
 * schema_of_json is evaluated there, from its constant argument.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import { type JsonNode, JsonSyntaxError, parseJson } from '../../formats/json/json-parser.js';
import { jsonLeniency } from '../../formats/json/json-reader.js';
import { canonicalJsonType, inferJsonType } from '../../formats/json/json-schema-inference.js';
import { arrayOf, type DataType, field, IntegerType, StringType, struct } from '../../types/data-types.js';
import { parseDataTypeString, parseSchemaDdl } from '../types/parse-data-type.js';
import { checkConstantText, isStringArg } from './constant-text-arg.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { optionsArg } from './options-arg.js';
import { callSql, checkArity, custom, simple, unexpectedInputType, wrongNumArgs } from './signature-kit.js';
import { quotedType, sparkSqlType } from './spark-type-text.js';

export const JSON_FUNCTIONS: readonly FunctionSignature[] = [
  simple('get_json_object', { args: ['string', 'string'], returns: StringType }),
  simple('json_array_length', { args: ['string'], returns: IntegerType }),
  simple('json_object_keys', { args: ['string'], returns: arrayOf(StringType) }),
  custom(
    'to_json',
    'scalar',
    (args) => {
      checkArity('to_json', args, 1, 2);
      const options = optionsArg(args, 1);
      const t = args[0]!.type;
      const variant = t.kind === 'primitive' && t.name === 'variant';
      if (t.kind !== 'struct' && t.kind !== 'array' && t.kind !== 'map' && !variant) {
        throw new LakesqlError('DATATYPE_MISMATCH.INVALID_JSON_SCHEMA', {
          sqlExpr: callSql('to_json', args),
          schema: quotedType(t),
        });
      }
      return { inputTypes: args.map((a) => a.type), returnType: StringType, options };
    },
    { prettyName: (args) => `to_json(${args[0]})` },
  ),
  custom('json_tuple', 'generator', (args) => {
    if (args.length < 2) throw wrongNumArgs('json_tuple', '> 1', args.length);
    if (!args.every(isStringArg)) {
      throw new LakesqlError('DATATYPE_MISMATCH.NON_STRING_TYPE', {
        sqlExpr: callSql('json_tuple', args),
        funcName: '`json_tuple`',
      });
    }
    return {
      inputTypes: args.map(() => StringType),
      returnType: struct(args.slice(1).map((_, i) => field(`c${i}`, StringType, true))),
    };
  }),
  custom(
    'from_json',
    'scalar',
    (args) => {
      checkArity('from_json', args, 2, 3);
      const options = optionsArg(args, 2);
      const mode = options.get('mode')?.toUpperCase() ?? 'PERMISSIVE';
      if (mode !== 'PERMISSIVE' && mode !== 'FAILFAST') {
        throw new LakesqlError('PARSE_MODE_UNSUPPORTED', { funcName: '`from_json`', mode });
      }
      const schema = fromJsonSchema(args[1]!);
      checkJsonMapKeys(schema, args);
      if (!isStringArg(args[0]!)) throw unexpectedInputType('from_json', args, 0, '"STRING"');
      return {
        inputTypes: [StringType, StringType, ...args.slice(2).map((a) => a.type)],
        returnType: schema,
        options,
      };
    },
    { prettyName: (args) => `from_json(${args[0]})` },
  ),
  {
    ...custom(
      'schema_of_json',
      'scalar',
      (args) => {
        checkArity('schema_of_json', args, 1, 2);
        const options = optionsArg(args, 1);
        checkConstantText('schema_of_json', args, 'json');
        return { inputTypes: args.map((a) => a.type), returnType: StringType, nullable: false, options };
      },
      { prettyName: (args) => `schema_of_json(${args[0]})` },
    ),
    fold: (args) => sparkSqlType(schemaOfJson(args[0]!.value as string, optionsArg(args, 1))),
  },
];

/** from_json's schema: a DDL string literal, read as a type or else as a column list (DataType.fromDDL). */
function fromJsonSchema(arg: ArgInfo): DataType {
  if (typeof arg.value !== 'string') {
    throw new LakesqlError('INVALID_SCHEMA.NON_STRING_LITERAL', { inputSchema: `"${arg.sql}"` });
  }
  const text = arg.value;
  let schema: DataType;
  try {
    schema = parseDataTypeString(text);
  } catch {
    schema = parseSchemaDdl(text);
  }
  if (schema.kind !== 'struct' && schema.kind !== 'array' && schema.kind !== 'map') {
    throw new LakesqlError('DATATYPE_MISMATCH.INVALID_JSON_SCHEMA', {
      sqlExpr: `"from_json(${arg.sql})"`,
      schema: quotedType(schema),
    });
  }
  return schema;
}

/** JSON object keys are strings: a map in the schema must have STRING keys. */
function checkJsonMapKeys(t: DataType, args: readonly ArgInfo[]): void {
  const visit = (x: DataType): void => {
    if (x.kind === 'map') {
      const k = x.keyType;
      if (!(k.kind === 'primitive' && k.name === 'string')) {
        throw new LakesqlError('DATATYPE_MISMATCH.INVALID_JSON_MAP_KEY_TYPE', {
          sqlExpr: callSql('from_json', args),
          schema: quotedType(t),
        });
      }
      visit(x.valueType);
    } else if (x.kind === 'array') visit(x.elementType);
    else if (x.kind === 'struct') for (const f of x.fields) visit(f.type);
  };
  visit(t);
}

/**
 * schema_of_json: the type JsonInferSchema gives one JSON value, with the nulls and empty structs Spark's
 * canonicalizeType removes (a value of no type at all is STRING).
 */
function schemaOfJson(text: string, options: DataSourceOptions): DataType {
  let node: JsonNode;
  try {
    node = parseJson(text, jsonLeniency(options));
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    throw new LakesqlError('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION', {
      badRecord: text,
      failFastMode: 'FAILFAST',
    });
  }
  const inferred = inferJsonType(node, {
    primitivesAsString: options.bool('primitivesAsString', false),
    prefersDecimal: options.bool('prefersDecimal', false),
  });
  if (inferred !== 'null' && inferred.kind === 'array' && inferred.elementType.kind === 'struct') {
    return arrayOf(canonicalJsonType(inferred.elementType) ?? struct([]), true);
  }
  return (
    canonicalJsonType(inferred) ??
    (inferred !== 'null' && inferred.kind === 'struct' ? struct([]) : StringType)
  );
}
