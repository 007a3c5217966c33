/**
 * The write-side length check of CHAR(n)/VARCHAR(n) columns, as Spark applies it to every write into a table
 * (CharVarcharUtils.stringLengthCheck with CharVarcharCodegenUtils.varcharTypeWriteSideCheck): a value of at
 * most n characters is stored as it is; a longer one loses the trailing spaces beyond n, and if it is still
 * longer the write fails with EXCEED_LIMIT_LENGTH. CHAR values are not padded on write: lakesql pads them on
 * read (char-padding.ts), which is Spark's default (spark.sql.readSideCharPadding), so CHAR takes the
 * VARCHAR check too. With spark.sql.legacy.charVarcharAsString the columns are plain strings, unchecked.
 *
 * One CASE over `length` per such column, evaluated set-at-a-time; table-invariants.ts applies it to the
 * rows of every writer (INSERT and DataFrame writes, UPDATE, MERGE).
 */
import { charSemanticsOn } from '../../plan/analyzer/char-padding.js';
import { rawType } from '../../plan/types/sql-schema.js';
import type { StructField } from '../../types/data-types.js';
import { raiseSql } from '../operators/sql-helpers.js';
import { quoteColumn } from '../query/expression-sql.js';

/** The checked value of `field` (a column of the rows being written), or undefined when it has no length. */
export function lengthCheckedSql(field: StructField, conf: ReadonlyMap<string, string>): string | undefined {
  const declared = rawType(field.type, field.metadata);
  if (declared.kind !== 'char' && declared.kind !== 'varchar') return undefined;
  if (!charSemanticsOn(conf)) return undefined;
  const n = declared.length;
  const q = quoteColumn(field.name);
  // DuckDB's length counts characters (code points), as Spark's numChars does; rtrim with ' ' trims only
  // spaces, as UTF8String.trimRight does.
  return (
    `CASE WHEN ${q} IS NULL OR length(${q}) <= ${n} THEN ${q} ` +
    `WHEN length(rtrim(${q}, ' ')) <= ${n} THEN left(${q}, ${n}) ` +
    `ELSE ${raiseSql('EXCEED_LIMIT_LENGTH', { limit: { text: String(n) } })} END`
  );
}
