/**
 * DeltaMergeBuilder (delta-spark's `DeltaTable.merge(source, condition)`): each `when…` call adds one
 * clause of a MERGE statement AST, in call order (clauses of a kind apply in order, the first whose
 * condition holds wins), and `execute()` runs it through the SQL layer's MERGE executor, so the API and
 * `MERGE INTO` share every rule and error. The source DataFrame becomes a subquery relation under its
 * alias (`source.alias('s')`), the target keeps the DeltaTable's alias. The builder is immutable: every
 * call returns a new builder.
 *
 * Arguments are positional, as in PySpark: `whenMatchedUpdate(condition, set)` or `whenMatchedUpdate(set)`,
 * `whenNotMatchedInsert(condition, values)` or `whenNotMatchedInsert(values)`; a condition is a SQL string
 * or a Column (null for none), a set / values map is `{ column: string | Column }`.
 */

import { LakesqlError } from '../../errors/index.js';
import { mergeInto } from '../../exec/dml/merge/merge-into.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { freshAlias } from '../../sql/ast/frame.js';
import { subquery } from '../../sql/ast/node-builders.js';
import type { MergeClause } from '../../sql/ast/statements-dml.js';
import { isPlainObject } from '../arguments.js';
import type { DataFrame } from '../dataframe/dataframe.js';
import { type AssignmentMap, type ExpressionLike, toAssignments, toCondition } from './expressions.js';
import { resultDataFrame } from './result-frame.js';

export interface MergeTarget {
  readonly parts: readonly string[];
  readonly alias: string | null;
}

/**
 * `(map)` or `(condition, map)`, as PySpark's `whenMatchedUpdate(condition=None, set=…)` reads positionally.
 * Returns the condition (or null) and the map, still unchecked.
 */
export function conditionAndMap(
  args: readonly unknown[],
  method: string,
  mapName: string,
): [unknown, unknown] {
  if (args.length === 1 && isPlainObject(args[0])) return [null, args[0]];
  if (args.length === 1 || args.length === 2) return [args[0], args[1]];
  throw new LakesqlError('UNSUPPORTED_SIGNATURE', {
    signature: `${method} with ${args.length} arguments (it takes (${mapName}) or (condition, ${mapName}))`,
  });
}

export class DeltaMergeBuilder {
  constructor(
    private readonly target: MergeTarget,
    private readonly source: DataFrame,
    private readonly condition: Expression,
    private readonly clauses: readonly MergeClause[] = [],
    private readonly schemaEvolution = false,
  ) {}

  private with(clause: MergeClause): DeltaMergeBuilder {
    return new DeltaMergeBuilder(
      this.target,
      this.source,
      this.condition,
      [...this.clauses, clause],
      this.schemaEvolution,
    );
  }

  /** WHEN MATCHED [AND condition] THEN UPDATE SET …: `whenMatchedUpdate(set)` or `(condition, set)`. */
  whenMatchedUpdate(set: AssignmentMap): DeltaMergeBuilder;
  whenMatchedUpdate(condition: ExpressionLike | null, set: AssignmentMap): DeltaMergeBuilder;
  whenMatchedUpdate(...args: unknown[]): DeltaMergeBuilder {
    const [condition, set] = conditionAndMap(args, 'whenMatchedUpdate', 'set');
    return this.with({
      kind: 'matched',
      condition: toCondition(condition),
      action: {
        kind: 'update',
        assignments: toAssignments(set, 'set', 'whenMatchedUpdate(condition, set)'),
      },
    });
  }

  /** WHEN MATCHED [AND condition] THEN UPDATE SET * */
  whenMatchedUpdateAll(condition?: ExpressionLike | null): DeltaMergeBuilder {
    return this.with({ kind: 'matched', condition: toCondition(condition), action: { kind: 'updateAll' } });
  }

  /** WHEN MATCHED [AND condition] THEN DELETE */
  whenMatchedDelete(condition?: ExpressionLike | null): DeltaMergeBuilder {
    return this.with({ kind: 'matched', condition: toCondition(condition), action: { kind: 'delete' } });
  }

  /** WHEN NOT MATCHED [AND condition] THEN INSERT (cols) VALUES (…): `(values)` or `(condition, values)`. */
  whenNotMatchedInsert(values: AssignmentMap): DeltaMergeBuilder;
  whenNotMatchedInsert(condition: ExpressionLike | null, values: AssignmentMap): DeltaMergeBuilder;
  whenNotMatchedInsert(...args: unknown[]): DeltaMergeBuilder {
    const [condition, values] = conditionAndMap(args, 'whenNotMatchedInsert', 'values');
    const clauseCondition = toCondition(condition);
    const assignments = toAssignments(values, 'values', 'whenNotMatchedInsert(condition, values)');
    return this.with({
      kind: 'notMatched',
      condition: clauseCondition,
      action: {
        kind: 'insert',
        columns: assignments.map((a) => a.column),
        values: assignments.map((a) => a.value),
      },
    });
  }

  /** WHEN NOT MATCHED [AND condition] THEN INSERT * */
  whenNotMatchedInsertAll(condition?: ExpressionLike | null): DeltaMergeBuilder {
    return this.with({
      kind: 'notMatched',
      condition: toCondition(condition),
      action: { kind: 'insertAll' },
    });
  }

  /** WHEN NOT MATCHED BY SOURCE [AND condition] THEN UPDATE SET …: `(set)` or `(condition, set)`. */
  whenNotMatchedBySourceUpdate(set: AssignmentMap): DeltaMergeBuilder;
  whenNotMatchedBySourceUpdate(condition: ExpressionLike | null, set: AssignmentMap): DeltaMergeBuilder;
  whenNotMatchedBySourceUpdate(...args: unknown[]): DeltaMergeBuilder {
    const [condition, set] = conditionAndMap(args, 'whenNotMatchedBySourceUpdate', 'set');
    return this.with({
      kind: 'notMatchedBySource',
      condition: toCondition(condition),
      action: {
        kind: 'update',
        assignments: toAssignments(set, 'set', 'whenNotMatchedBySourceUpdate(condition, set)'),
      },
    });
  }

  /** WHEN NOT MATCHED BY SOURCE [AND condition] THEN DELETE */
  whenNotMatchedBySourceDelete(condition?: ExpressionLike | null): DeltaMergeBuilder {
    return this.with({
      kind: 'notMatchedBySource',
      condition: toCondition(condition),
      action: { kind: 'delete' },
    });
  }

  /** MERGE WITH SCHEMA EVOLUTION: source columns the target lacks are added by UPDATE SET * / INSERT *. */
  withSchemaEvolution(): DeltaMergeBuilder {
    return new DeltaMergeBuilder(this.target, this.source, this.condition, this.clauses, true);
  }

  /** Runs the MERGE; resolves to a DataFrame of Databricks' metric row (num_affected_rows, …). */
  async execute(): Promise<DataFrame> {
    const spark = this.source.sparkSession;
    const result = await mergeInto(spark.sqlSession, {
      kind: 'merge',
      schemaEvolution: this.schemaEvolution,
      target: { kind: 'objectName', parts: this.target.parts, span: NO_SPAN },
      targetAlias: this.target.alias,
      source: subquery(await this.source.query(), this.source.qualifier ?? freshAlias()),
      condition: this.condition,
      clauses: this.clauses,
      span: NO_SPAN,
    });
    return resultDataFrame(spark, result);
  }
}
