/**
 * Spark's text output (TextFileFormat / TextOutputWriter): exactly one string column; each row's value and
 * then `lineSep` (default `\n`); a NULL value writes an empty line.
 */
import { LakesqlError } from '../../errors/index.js';
import { type StructType, sqlTypeName } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { DataSourceOptions } from '../data-source-options.js';

export function assertTextWritable(schema: StructType): void {
  if (schema.fields.length !== 1) {
    throw new LakesqlError('_LEGACY_ERROR_TEMP_1290', { schemaSize: schema.fields.length });
  }
  const t = schema.fields[0]!.type;
  const isString =
    (t.kind === 'primitive' && t.name === 'string') || t.kind === 'char' || t.kind === 'varchar';
  if (!isString) {
    throw new LakesqlError('UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE', {
      columnName: `\`${schema.fields[0]!.name}\``,
      columnType: `"${sqlTypeName(t).toUpperCase()}"`,
      format: 'Text',
    });
  }
}

export function textText(rows: readonly (readonly Value[])[], options: DataSourceOptions): string {
  const sep = options.string('lineSep', '\n');
  let out = '';
  for (const r of rows) out += `${(r[0] as string | null) ?? ''}${sep}`;
  return out;
}
