/**
 * Which column of an ORC file holds each column of the read's schema (Spark's OrcUtils.requestedColumnIds):
 * by name, ignoring case; but a file whose every top-level name is `_colN` was written by Hive, which kept
 * no names, so its columns are matched by position, and a column past the file's last is missing.
 */
import type { StructType } from '../../types/data-types.js';
import { OrcFormatError } from './orc-error.js';
import type { OrcFile } from './orc-file.js';

/** Per field of `schema`, the file's top-level column name that holds it, or undefined when none does. */
export function fileColumnNames(file: OrcFile, schema: StructType): (string | undefined)[] {
  const names = file.schema.fields.map((f) => f.name);
  if (names.length > 0 && names.every((n) => n.startsWith('_col'))) {
    // Spark asserts this: with fewer read columns than file columns, no one knows which were dropped.
    if (names.length > schema.fields.length) {
      throw new OrcFormatError(
        `ORC: ${file.name}: the given data schema ${schema.fields.map((f) => f.name).join(', ')} has fewer fields than the file's ${names.length} unnamed (_colN) columns; no idea which columns were dropped, fail to read`,
      );
    }
    return schema.fields.map((_, i) => names[i]);
  }
  return schema.fields.map((f) => names.find((n) => n.toLowerCase() === f.name.toLowerCase()));
}
