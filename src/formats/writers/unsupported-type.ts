/** Spark's verifySchema for file writers: a column whose type the format cannot hold fails before writing. */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, type StructType, sqlTypeName } from '../../types/data-types.js';

export function assertWritableSchema(
  formatName: string,
  schema: StructType,
  supports: (t: DataType) => boolean,
): void {
  for (const f of schema.fields) {
    if (!supports(f.type)) {
      throw new LakesqlError('UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE', {
        columnName: `\`${f.name}\``,
        columnType: `"${sqlTypeName(f.type).toUpperCase()}"`,
        format: formatName,
      });
    }
  }
}

/** Intervals have no file representation in any of Spark's file sources. */
export function isIntervalType(t: DataType): boolean {
  return t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval' || t.kind === 'calendarInterval';
}
