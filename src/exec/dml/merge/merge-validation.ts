/**
 * MERGE's grammar rules and resolution errors, as Delta raises them (DeltaMergeInto.apply and
 * DeltaMergeInto.resolveReferencesAndSchema): at least one WHEN clause; within each kind of clause only the
 * last may omit its condition; a name a clause cannot see (a target column in NOT MATCHED, a source column
 * in NOT MATCHED BY SOURCE, an unknown column anywhere) is DELTA_MERGE_UNRESOLVED_EXPRESSION, naming the
 * clause and the columns it could have used.
 */
import { isLakesqlError, LakesqlError } from '../../../errors/index.js';
import type { Attribute } from '../../../plan/logical/attribute.js';
import type { MergeClause } from '../../../sql/ast/statements-dml.js';

export function validateClauses(clauses: readonly MergeClause[]): void {
  if (clauses.length === 0) throw new LakesqlError('DELTA_MERGE_MISSING_WHEN', {});
  const checks = [
    ['matched', 'NON_LAST_MATCHED_CLAUSE_OMIT_CONDITION'],
    ['notMatched', 'NON_LAST_NOT_MATCHED_BY_TARGET_CLAUSE_OMIT_CONDITION'],
    ['notMatchedBySource', 'NON_LAST_NOT_MATCHED_BY_SOURCE_CLAUSE_OMIT_CONDITION'],
  ] as const;
  for (const [kind, errorClass] of checks) {
    const ofKind = clauses.filter((c) => c.kind === kind);
    if (ofKind.slice(0, -1).some((c) => c.condition === null)) throw new LakesqlError(errorClass, {});
  }
}

/** Delta's clause names in messages: `UPDATE condition`, `INSERT clause`, `search condition` … */
export function clauseDescription(
  kind: MergeClause['kind'] | 'on',
  action: string,
  part: 'condition' | 'clause',
): string {
  if (kind === 'on') return 'search condition';
  return `${action.toUpperCase()} ${part}`;
}

export function unresolvedInMerge(
  sqlExpr: string,
  clause: string,
  visible: readonly Attribute[],
): LakesqlError {
  const cols = visible.map((a) => [...a.qualifier.slice(-1), a.name].join('.')).join(', ');
  return new LakesqlError('DELTA_MERGE_UNRESOLVED_EXPRESSION', { sqlExpr, clause, cols: `columns ${cols}` });
}

/** Runs an analysis step, turning Spark's UNRESOLVED_COLUMN into Delta's MERGE error for that clause. */
export async function resolvingIn<T>(
  clause: string,
  visible: readonly Attribute[],
  analyze: () => Promise<T>,
): Promise<T> {
  try {
    return await analyze();
  } catch (e) {
    if (isLakesqlError(e) && e.errorClass.startsWith('UNRESOLVED_COLUMN')) {
      const name = String(e.messageParameters.objectName ?? '').replaceAll('`', '');
      throw unresolvedInMerge(name, clause, visible);
    }
    throw e;
  }
}

export function multipleSourceRowsMatched(): LakesqlError {
  return new LakesqlError('DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE', {});
}
