/**
 * InSubquery.checkInputDataTypes: the values and the subquery's columns must match in number
 * (DATATYPE_MISMATCH.IN_SUBQUERY_LENGTH_MISMATCH) and, column by column, have a common type
 * (DATATYPE_MISMATCH.IN_SUBQUERY_DATA_TYPE_MISMATCH).
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, sqlTypeName } from '../../types/data-types.js';
import type { Attribute } from '../logical/attribute.js';

export interface InSubqueryValue {
  readonly sql: string;
  readonly type: DataType;
  /** `t4.t4a` where the value is a column, for the mismatch list. */
  readonly qualifiedName: string;
}

export function checkInSubqueryInputs(
  values: readonly InSubqueryValue[],
  columns: readonly Attribute[],
  commonType: (left: DataType, right: DataType) => DataType | undefined,
  sqlExpr: string,
): void {
  if (values.length !== columns.length) {
    throw new LakesqlError('DATATYPE_MISMATCH.IN_SUBQUERY_LENGTH_MISMATCH', {
      sqlExpr: `"${sqlExpr}"`,
      leftColumns: values.map((v) => `"${v.sql}"`).join(', '),
      leftLength: String(values.length),
      rightColumns: columns.map((c) => `"${c.name}"`).join(', '),
      rightLength: String(columns.length),
    });
  }
  const mismatched = values.flatMap((v, i) =>
    commonType(v.type, columns[i]!.type) === undefined ? [[v, columns[i]!] as const] : [],
  );
  if (mismatched.length > 0) {
    const typeList = (types: readonly DataType[]) =>
      types.map((t) => `"${sqlTypeName(t).toUpperCase()}"`).join(', ');
    throw new LakesqlError('DATATYPE_MISMATCH.IN_SUBQUERY_DATA_TYPE_MISMATCH', {
      sqlExpr: `"${sqlExpr}"`,
      leftType: typeList(values.map((v) => v.type)),
      rightType: typeList(columns.map((c) => c.type)),
      mismatchedColumns: mismatched
        .map(
          ([v, c]) =>
            `(${v.qualifiedName}:${sqlTypeName(v.type)}, ${[c.qualifier.at(-1), c.name].filter(Boolean).join('.')}:${sqlTypeName(c.type)})`,
        )
        .join(', '),
    });
  }
}
