/**
 * Databricks' rescued data column (the `rescuedDataColumn` reader option): instead of losing a value that
 * does not fit the schema, the reader sets the column to NULL and keeps the value, as text, in a JSON
 * object in the rescued column, keyed by the column name as the file names it, with the record's file
 * under `_file_path`: `{"cost":"$100","_file_path":"file:/data/a.csv"}`. A record with nothing to rescue
 * has NULL there. Values rescued are those of a type mismatch, of a column the schema lacks (a CSV record
 * longer than the schema) and of a column whose header differs from the schema's name only in case
 * (unless `readerCaseSensitive` is false). Rescued values are not malformed: DROPMALFORMED keeps the
 * record and FAILFAST does not fail on them.
 */
import { field, StringType, type StructType, struct } from '../types/data-types.js';

/** The schema with the rescued column appended when the option names one the schema lacks. */
export function withRescuedColumn(schema: StructType, column: string | undefined): StructType {
  if (column === undefined || schema.fields.some((f) => f.name === column)) return schema;
  return struct([...schema.fields, field(column, StringType, true)]);
}

/** Collects one record's rescued values; `text()` is the column's value. */
export class RescuedValues {
  private readonly entries: [string, string][] = [];

  add(column: string, value: string): void {
    this.entries.push([column, value]);
  }

  text(filePath: string): string | null {
    if (this.entries.length === 0) return null;
    return JSON.stringify(Object.fromEntries([...this.entries, ['_file_path', filePath]]));
  }
}
