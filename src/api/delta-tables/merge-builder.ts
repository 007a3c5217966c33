/**
 * DeltaMergeBuilder (delta-spark's `DeltaTable.merge(source, condition)`): each `when…` call adds one
 * clause of a MERGE statement AST, in call order (clauses of a kind apply in order, the first whose
 * condition holds wins), and `execute()` runs it through the SQL layer's MERGE executor, so the API and
 * `MERGE INTO` share every rule and error. The source DataFrame becomes a subquery relation under its
 * alias (`source.alias('s')`), the target keeps the DeltaTable's alias. The builder is immutable: every
 * call returns a new builder.
 */

import { mergeInto } from '../../exec/dml/merge/merge-into.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { MergeClause } from '../../sql/ast/statements-dml.js';
import { subquery } from '../dataframe/ast.js';
import type { DataFrame } from '../dataframe/dataframe.js';
import { freshAlias } from '../dataframe/frame.js';
import { type AssignmentMap, type ExpressionLike, toAssignments, toCondition } from './expressions.js';
import { resultDataFrame } from './result-frame.js';

export interface MergeTarget {
  readonly parts: readonly string[];
  readonly alias: string | null;
}

export interface UpdateClause {
  readonly condition?: ExpressionLike;
  readonly set: AssignmentMap;
}

export interface InsertClause {
  readonly condition?: ExpressionLike;
  readonly values: AssignmentMap;
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

  /** WHEN MATCHED [AND condition] THEN UPDATE SET … */
  whenMatchedUpdate(clause: UpdateClause): DeltaMergeBuilder {
    return this.with({
      kind: 'matched',
      condition: toCondition(clause.condition),
      action: { kind: 'update', assignments: toAssignments(clause.set) },
    });
  }

  /** WHEN MATCHED [AND condition] THEN UPDATE SET * */
  whenMatchedUpdateAll(condition?: ExpressionLike): DeltaMergeBuilder {
    return this.with({ kind: 'matched', condition: toCondition(condition), action: { kind: 'updateAll' } });
  }

  /** WHEN MATCHED [AND condition] THEN DELETE */
  whenMatchedDelete(condition?: ExpressionLike): DeltaMergeBuilder {
    return this.with({ kind: 'matched', condition: toCondition(condition), action: { kind: 'delete' } });
  }

  /** WHEN NOT MATCHED [AND condition] THEN INSERT (cols) VALUES (…) */
  whenNotMatchedInsert(clause: InsertClause): DeltaMergeBuilder {
    const assignments = toAssignments(clause.values);
    return this.with({
      kind: 'notMatched',
      condition: toCondition(clause.condition),
      action: {
        kind: 'insert',
        columns: assignments.map((a) => a.column),
        values: assignments.map((a) => a.value),
      },
    });
  }

  /** WHEN NOT MATCHED [AND condition] THEN INSERT * */
  whenNotMatchedInsertAll(condition?: ExpressionLike): DeltaMergeBuilder {
    return this.with({
      kind: 'notMatched',
      condition: toCondition(condition),
      action: { kind: 'insertAll' },
    });
  }

  /** WHEN NOT MATCHED BY SOURCE [AND condition] THEN UPDATE SET … */
  whenNotMatchedBySourceUpdate(clause: UpdateClause): DeltaMergeBuilder {
    return this.with({
      kind: 'notMatchedBySource',
      condition: toCondition(clause.condition),
      action: { kind: 'update', assignments: toAssignments(clause.set) },
    });
  }

  /** WHEN NOT MATCHED BY SOURCE [AND condition] THEN DELETE */
  whenNotMatchedBySourceDelete(condition?: ExpressionLike): DeltaMergeBuilder {
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
