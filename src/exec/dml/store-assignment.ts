/**
 * Spark's ANSI store assignment (spark.sql.storeAssignmentPolicy=ANSI, TableOutputResolver): a value written
 * to a column is cast to the column's type with an ANSI cast, so an invalid value fails the statement
 * (CAST_INVALID_INPUT) and an out-of-range one fails with CAST_OVERFLOW_IN_TABLE_INSERT; a type that cannot be
 * assigned at all fails at analysis with INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST.
 * Databricks also accepts a string for a numeric, boolean or datetime column (cast at run time, failing with
 * CAST_INVALID_INPUT on a bad value), which Cast.canANSIStoreAssign alone would refuse.
 */
import { LakesqlError } from '../../errors/index.js';
import { type BoundExpr, typeOf } from '../../plan/logical/bound-expression.js';
import { canStoreAssign } from '../../plan/types/cast-rules.js';
import { isStringLike } from '../../plan/types/type-classes.js';
import { toSqlType } from '../../plan/types/type-sql.js';
import { type DataType, type StructField, sqlTypeName } from '../../types/data-types.js';

export function storeAssign(e: BoundExpr, f: StructField, tableName: string): BoundExpr {
  const from = typeOf(e);
  if (sqlTypeName(from) === sqlTypeName(f.type)) return e;
  if (e.kind === 'literal' && e.value === null) return { kind: 'literal', value: null, type: f.type };
  if (!canStoreAssign(from, f.type) && !stringToAtomic(from, f.type)) {
    throw new LakesqlError('INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST', {
      tableName,
      colName: `\`${f.name}\``,
      srcType: `"${sqlTypeName(from).toUpperCase()}"`,
      targetType: `"${sqlTypeName(f.type).toUpperCase()}"`,
    });
  }
  return { kind: 'cast', child: e, type: f.type, mode: 'ansi', implicit: true };
}

function stringToAtomic(from: DataType, to: DataType): boolean {
  if (!isStringLike(from)) return false;
  return (
    to.kind === 'decimal' ||
    (to.kind === 'primitive' && !['binary', 'void', 'variant'].includes(to.name as string))
  );
}

/** The casts of one statement, to turn the engine's CAST_OVERFLOW into Spark's table-insert form. */
export interface AssignedCast {
  readonly column: string;
  readonly from: DataType;
  readonly to: DataType;
}

export function assignedCasts(fields: readonly StructField[], exprs: readonly BoundExpr[]): AssignedCast[] {
  return exprs.flatMap((e, i) =>
    e.kind === 'cast' ? [{ column: fields[i]!.name, from: typeOf(e.child), to: e.type }] : [],
  );
}

/**
 * CAST_OVERFLOW raised while writing becomes CAST_OVERFLOW_IN_TABLE_INSERT naming the column whose cast
 * has those types (Spark's QueryExecutionErrors.castingCauseOverflowErrorInTableInsert).
 */
export function tableInsertError(e: unknown, casts: readonly AssignedCast[]): unknown {
  if (!(e instanceof LakesqlError) || e.errorClass !== 'CAST_OVERFLOW') return e;
  const p = e.messageParameters;
  const cast = casts.find((c) => toSqlType(c.from) === p.sourceType && toSqlType(c.to) === p.targetType);
  if (!cast) return e;
  return new LakesqlError(
    'CAST_OVERFLOW_IN_TABLE_INSERT',
    { sourceType: String(p.sourceType), targetType: String(p.targetType), columnName: `\`${cast.column}\`` },
    { cause: e },
  );
}
