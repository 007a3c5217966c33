/**
 * Spark's ANSI store assignment for MERGE's UPDATE SET / INSERT values: a value of the column's type passes,
 * an allowed cast becomes an ANSI cast (an invalid value fails the statement when it runs), any other type
 * fails now with INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST.
 *
 * The same rule as INSERT's (src/exec/session/dml/insert.ts keeps a private copy); kept here so that MERGE
 * does not reach into another statement's file. Fold the two together when INSERT exports its own.
 */
import { LakesqlError } from '../../../errors/index.js';
import { type BoundExpr, typeOf } from '../../../plan/logical/bound-expression.js';
import { canStoreAssign } from '../../../plan/types/cast-rules.js';
import { type StructField, sqlTypeName } from '../../../types/data-types.js';

export function storeAssign(e: BoundExpr, f: StructField, tableName: string): BoundExpr {
  const from = typeOf(e);
  if (sqlTypeName(from) === sqlTypeName(f.type)) return e;
  if (e.kind === 'literal' && e.value === null) return { kind: 'literal', value: null, type: f.type };
  if (!canStoreAssign(from, f.type)) {
    throw new LakesqlError('INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST', {
      tableName,
      colName: `\`${f.name}\``,
      srcType: `"${sqlTypeName(from).toUpperCase()}"`,
      targetType: `"${sqlTypeName(f.type).toUpperCase()}"`,
    });
  }
  return { kind: 'cast', child: e, type: f.type, mode: 'ansi', implicit: true };
}
