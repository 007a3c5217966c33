/**
 * The `read_files(…)` call through which a DataFrame or a stream reads files with a pinned schema: the
 * batch reader (api/dataframe/reader.ts) and the file and Auto Loader streams (streaming/sources/) point
 * their relations at it.
 */
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { stringLiteral } from '../../sql/ast/node-builders.js';
import type { Relation } from '../../sql/ast/query.js';
import { type DataType, type StructType, sqlTypeName } from '../../types/data-types.js';

/** `read_files('p1', 'p2', format => 'csv', schema => '…', k => 'v', …)` as a relation. */
export function readFilesCall(
  paths: readonly string[],
  format: string,
  options: DataSourceOptions,
  schema: StructType,
): Extract<Relation, { kind: 'tableFunction' }> {
  const named = (name: string, value: string): Expression => ({
    kind: 'namedArgument',
    name,
    value: stringLiteral(value),
    span: NO_SPAN,
  });
  const args: Expression[] = [
    ...paths.map((p) => stringLiteral(p)),
    named('format', format),
    named('schema', schemaDdl(schema)),
    ...options
      .entries()
      .filter(([k]) => k !== 'format' && k !== 'schema')
      .map(([k, v]) => named(k, v)),
  ];
  return {
    kind: 'tableFunction',
    name: { kind: 'objectName', parts: ['read_files'], span: NO_SPAN },
    args,
    lateral: false,
    alias: null,
    span: NO_SPAN,
  };
}

/** The schema as a DDL string that parseSchemaDdl reads back: `` `a` int, `b` struct<`x`:string> ``. */
export function schemaDdl(schema: StructType): string {
  return schema.fields.map((f) => `${quoteName(f.name)} ${typeDdl(f.type)}`).join(', ');
}

function typeDdl(t: DataType): string {
  switch (t.kind) {
    case 'struct':
      return `struct<${t.fields.map((f) => `${quoteName(f.name)}:${typeDdl(f.type)}`).join(',')}>`;
    case 'array':
      return `array<${typeDdl(t.elementType)}>`;
    case 'map':
      return `map<${typeDdl(t.keyType)},${typeDdl(t.valueType)}>`;
    default:
      return sqlTypeName(t);
  }
}

const quoteName = (n: string) => `\`${n.replaceAll('`', '``')}\``;
