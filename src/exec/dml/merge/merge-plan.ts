/**
 * The analysis of a MERGE statement (Delta's DeltaMergeInto after resolveReferencesAndSchema): the target
 * Delta table and the source relation, the ON condition over both, and every WHEN clause resolved into a
 * condition and an action whose values are one expression per column of the table (after schema evolution),
 * already cast by store assignment. Visibility follows Delta: MATCHED clauses see both sides, NOT MATCHED
 * [BY TARGET] clauses only the source, NOT MATCHED BY SOURCE clauses only the target.
 */
import type { Snapshot } from '../../../delta/snapshot.js';
import { LakesqlError } from '../../../errors/index.js';
import { analyzerContext } from '../../../plan/analyzer/analyzer-context.js';
import { castTo } from '../../../plan/analyzer/casts.js';
import type { ExpressionEnv } from '../../../plan/analyzer/expression-env.js';
import { analyzeExpression } from '../../../plan/analyzer/expressions.js';
import { prettySql } from '../../../plan/analyzer/pretty-sql.js';
import type { QueryEnv } from '../../../plan/analyzer/query-env.js';
import { analyzeRelation, constantEnv } from '../../../plan/analyzer/relations.js';
import { Scope } from '../../../plan/analyzer/scope.js';
import type { Attribute, AttributeIds } from '../../../plan/logical/attribute.js';
import type { BoundExpr } from '../../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../../plan/logical/logical-plan.js';
import type { Expression } from '../../../sql/ast/expressions.js';
import type { Assignment, DmlStatement, MergeClause } from '../../../sql/ast/statements-dml.js';
import { BooleanType, type StructField, type StructType } from '../../../types/data-types.js';
import type { CommandContext } from '../../command-context.js';
import { statementRelations } from '../../write/table-target.js';
import { defaultExpression } from '../column-defaults.js';
import { identityInfo } from '../column-metadata.js';
import { storeAssign } from '../store-assignment.js';
import { isGeneratedColumn } from '../table-invariants.js';
import { resolveWriteTarget } from '../write-target.js';
import { clauseDescription, resolvingIn, unresolvedInMerge, validateClauses } from './merge-validation.js';

export type MergeStatement = Extract<DmlStatement, { kind: 'merge' }>;

export type MergeClauseKind = MergeClause['kind'];

export type MergeAction =
  /**
   * One value per column of `MergePlan.columns`; `derived` names the generated (and, for inserts, identity)
   * columns the clause does not write: the table computes them (table-invariants.ts).
   */
  | { readonly kind: 'update'; readonly values: readonly BoundExpr[]; readonly derived: ReadonlySet<string> }
  | { readonly kind: 'delete' }
  | { readonly kind: 'insert'; readonly values: readonly BoundExpr[]; readonly derived: ReadonlySet<string> };

/** Delta's MergePredicate, as commitInfo records it: the condition as written (when there is one), the action. */
export interface MergePredicate {
  readonly predicate?: string;
  readonly actionType: 'update' | 'delete' | 'insert';
}

export interface MergeClausePlan {
  readonly kind: MergeClauseKind;
  /** null: the clause applies unconditionally. */
  readonly condition: BoundExpr | null;
  readonly action: MergeAction;
  readonly predicate: MergePredicate;
}

export interface MergePlan {
  readonly snapshot: Snapshot;
  /** As Spark's messages show it: `spark_catalog`.`db`.`t` or delta.`/path`. */
  readonly tableName: string;
  /** The target's relation node (a Delta relation; its output is the table's columns). */
  readonly target: Extract<LogicalPlan, { kind: 'relation' }>;
  readonly source: LogicalPlan;
  readonly condition: BoundExpr;
  /** The ON condition as written, for commitInfo's `predicate`. */
  readonly conditionSql: string;
  readonly clauses: readonly MergeClausePlan[];
  /** The table's schema after the merge: its columns, then those schema evolution adds. */
  readonly schema: StructType;
  readonly addedColumns: readonly StructField[];
  /** Per column of `schema`, a target row's value as it stands (NULL for added columns). */
  readonly current: readonly BoundExpr[];
  /** The statement's attribute ids, for the columns execution adds (row identity, action). */
  readonly ids: AttributeIds;
}

export const isInsertOnly = (p: MergePlan): boolean => p.clauses.every((c) => c.kind === 'notMatched');

/** Delta allows several source rows per target row only for a lone unconditional DELETE (isOnlyOneUnconditionalDelete). */
export function isOnlyOneUnconditionalDelete(p: MergePlan): boolean {
  const matched = p.clauses.filter((c) => c.kind === 'matched');
  return matched.length === 1 && matched[0]!.condition === null && matched[0]!.action.kind === 'delete';
}

const AUTO_MERGE = 'spark.databricks.delta.schema.autoMerge.enabled';

export async function analyzeMerge(session: CommandContext, stmt: MergeStatement): Promise<MergePlan> {
  validateClauses(stmt.clauses);
  const written = await resolveWriteTarget(session, stmt.target.parts);
  if (written.kind !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `MERGE INTO a ${written.table.format.toUpperCase()} table`,
    });
  }
  // The target's name below (and any other mention in the source) reads the snapshot resolved above.
  const relations = statementRelations(session, written.snapshot);
  const ctx = analyzerContext(relations, session.semantics, session.conf);
  const env: QueryEnv = { ctx, ctes: new Map(), outer: undefined };
  const target = await analyzeRelation(
    {
      kind: 'table',
      name: stmt.target,
      timeTravel: null,
      options: [],
      sample: null,
      alias: stmt.targetAlias ? { name: stmt.targetAlias, columns: [] } : null,
      span: stmt.span,
    },
    env,
  );
  if (target.kind !== 'relation' || target.source.kind !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'MERGE INTO a target that is not a Delta table',
    });
  }
  const source = await analyzeRelation(stmt.source, env);
  const tableName = written.displayName;
  const targetAttrs = target.output;
  const sourceAttrs = source.output;
  const both = [...targetAttrs, ...sourceAttrs];
  const envOver = (attrs: readonly Attribute[]): ExpressionEnv => ({
    ...constantEnv(env),
    scope: new Scope(attrs),
    clause: 'other',
  });
  // Texts for commitInfo are taken before analysis: afterwards prettySql drops the qualifiers.
  const conditionSql = prettySql(stmt.condition);
  const condition = await resolvingIn(clauseDescription('on', '', 'condition'), both, async () =>
    castTo(await analyzeExpression(stmt.condition, envOver(both)), BooleanType, envOver(both)),
  );

  const schema0 = target.source.snapshot.schema;
  const canEvolve = stmt.schemaEvolution || session.conf.get(AUTO_MERGE)?.toLowerCase() === 'true';
  const addedColumns = canEvolve ? evolvedColumns(stmt.clauses, schema0, sourceAttrs, stmt) : [];
  const columns: StructField[] = [...schema0.fields, ...addedColumns];
  const schema: StructType = { kind: 'struct', fields: columns };
  const current: BoundExpr[] = [
    ...targetAttrs.map((attr): BoundExpr => ({ kind: 'attributeRef', attr })),
    ...addedColumns.map((f): BoundExpr => ({ kind: 'literal', value: null, type: f.type })),
  ];

  const clauses: MergeClausePlan[] = [];
  for (const clause of stmt.clauses) {
    const visible =
      clause.kind === 'matched' ? both : clause.kind === 'notMatched' ? sourceAttrs : targetAttrs;
    const exprEnv = envOver(visible);
    const actionName = clause.action.kind.startsWith('update')
      ? 'update'
      : clause.action.kind.startsWith('insert')
        ? 'insert'
        : 'delete';
    const analyze = async (e: Expression, part: 'condition' | 'clause') =>
      resolvingIn(clauseDescription(clause.kind, actionName, part), visible, () =>
        analyzeExpression(e, exprEnv),
      );
    const conditionText = clause.condition ? prettySql(clause.condition) : undefined;
    const bound = clause.condition
      ? castTo(await analyze(clause.condition, 'condition'), BooleanType, exprEnv)
      : null;
    const byName = (attrs: readonly Attribute[], name: string) =>
      attrs.find((a) => a.name.toLowerCase() === name.toLowerCase());
    let action: MergeAction;
    switch (clause.action.kind) {
      case 'delete':
        action = { kind: 'delete' };
        break;
      case 'update': {
        const assigned = await assignments(clause.action.assignments, columns, stmt, visible, analyze);
        for (const i of assigned.keys()) assertNotIdentity(columns[i]!);
        action = {
          kind: 'update',
          values: columns.map((f, i) => storeAssign(assigned.get(i) ?? current[i]!, f, tableName)),
          derived: derivedColumns(columns, (i) => assigned.has(i), false),
        };
        break;
      }
      case 'updateAll': {
        // UPDATE SET * assigns every target column from the source column of the same name (Delta
        // resolves `*` by name); with schema evolution a column the source lacks keeps its value.
        const sourceOf = columns.map((f) => byName(sourceAttrs, f.name));
        action = {
          kind: 'update',
          values: columns.map((f, i) => {
            const s = sourceOf[i];
            if (!s && !canEvolve) throw unresolvedInMerge(f.name, 'UPDATE clause', sourceAttrs);
            if (s) assertNotIdentity(f);
            return storeAssign(s ? { kind: 'attributeRef', attr: s } : current[i]!, f, tableName);
          }),
          derived: derivedColumns(columns, (i) => sourceOf[i] !== undefined, false),
        };
        break;
      }
      case 'insert': {
        const { columns: names, values } = clause.action;
        const list = names ?? columns.map((f) => [f.name]);
        if (list.length !== values.length) {
          throw new LakesqlError(
            list.length < values.length
              ? 'INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS'
              : 'INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS',
            {
              tableName,
              tableColumns: list.map((n) => `\`${n.join('.')}\``).join(', '),
              dataColumns: values.map((v) => `\`${prettySql(v)}\``).join(', '),
            },
          );
        }
        const byColumn = new Map<number, BoundExpr>();
        for (const [k, name] of list.entries()) {
          const i = columnIndex(name, columns, stmt);
          if (i < 0) throw unresolvedInMerge(name.join('.'), 'INSERT clause', targetAttrs);
          const f = columns[i]!;
          assertExplicitInsertAllowed(f);
          const v = values[k]!;
          byColumn.set(i, await analyze(v.kind === 'default' ? defaultExpression(f) : v, 'clause'));
        }
        // A column the INSERT omits gets its DEFAULT (NULL without one), unless the table computes it.
        const derived = derivedColumns(columns, (i) => byColumn.has(i), true);
        const omitted = async (f: StructField): Promise<BoundExpr> =>
          derived.has(f.name)
            ? { kind: 'literal', value: null, type: f.type }
            : analyzeExpression(defaultExpression(f), exprEnv);
        const inserted: BoundExpr[] = [];
        for (const [i, f] of columns.entries()) {
          inserted.push(storeAssign(byColumn.get(i) ?? (await omitted(f)), f, tableName));
        }
        action = { kind: 'insert', values: inserted, derived };
        break;
      }
      case 'insertAll': {
        const sourceOf = columns.map((f) => byName(sourceAttrs, f.name));
        action = {
          kind: 'insert',
          values: columns.map((f, i) => {
            const s = sourceOf[i];
            if (!s && !canEvolve) throw unresolvedInMerge(f.name, 'INSERT clause', sourceAttrs);
            if (s) assertExplicitInsertAllowed(f);
            const v: BoundExpr = s
              ? { kind: 'attributeRef', attr: s }
              : { kind: 'literal', value: null, type: f.type };
            return storeAssign(v, f, tableName);
          }),
          derived: derivedColumns(columns, (i) => sourceOf[i] !== undefined, true),
        };
        break;
      }
      default: {
        const never: never = clause.action;
        throw new Error(`unknown MERGE action ${JSON.stringify(never)}`);
      }
    }
    clauses.push({
      kind: clause.kind,
      condition: bound,
      action,
      predicate: {
        ...(conditionText !== undefined ? { predicate: conditionText } : {}),
        actionType: actionName,
      },
    });
  }
  return {
    snapshot: target.source.snapshot,
    tableName,
    target,
    source,
    condition,
    conditionSql,
    clauses,
    schema,
    addedColumns,
    current,
    ids: ctx.ids,
  };
}

/**
 * The columns a clause leaves to the table: generated columns it does not write (computed for inserts,
 * recomputed for updates, as Delta's generated-column rule has it) and, for inserts, identity columns.
 */
function derivedColumns(
  columns: readonly StructField[],
  written: (i: number) => boolean,
  inserting: boolean,
): ReadonlySet<string> {
  return new Set(
    columns
      .filter((f, i) => !written(i) && (isGeneratedColumn(f) || (inserting && identityInfo(f) !== undefined)))
      .map((f) => f.name),
  );
}

/** Delta refuses to update an identity column (DeltaErrors.identityColumnUpdateNotSupported). */
function assertNotIdentity(f: StructField): void {
  if (identityInfo(f))
    throw new LakesqlError('DELTA_IDENTITY_COLUMNS_UPDATE_NOT_SUPPORTED', { colName: f.name });
}

/** A GENERATED ALWAYS identity column takes no value from the writer (BY DEFAULT ones do). */
function assertExplicitInsertAllowed(f: StructField): void {
  const identity = identityInfo(f);
  if (identity && !identity.allowExplicitInsert) {
    throw new LakesqlError('DELTA_IDENTITY_COLUMNS_EXPLICIT_INSERT_NOT_SUPPORTED', { colName: f.name });
  }
}

/** UPDATE SET col = value, …: each named target column (at most once) with its analyzed value. */
async function assignments(
  list: readonly Assignment[],
  columns: readonly StructField[],
  stmt: MergeStatement,
  visible: readonly Attribute[],
  analyze: (e: Expression, part: 'condition' | 'clause') => Promise<BoundExpr>,
): Promise<Map<number, BoundExpr>> {
  const out = new Map<number, BoundExpr>();
  for (const a of list) {
    const i = columnIndex(a.column, columns, stmt);
    if (i < 0) throw unresolvedInMerge(a.column.join('.'), 'UPDATE clause', visible);
    if (out.has(i)) {
      throw new LakesqlError('DUPLICATE_KEY_IN_COLUMN_LIST', { columnName: `\`${columns[i]!.name}\`` });
    }
    out.set(
      i,
      await analyze(a.value.kind === 'default' ? defaultExpression(columns[i]!) : a.value, 'clause'),
    );
  }
  return out;
}

/**
 * A target column named in SET or an INSERT column list: `col`, or `alias.col` / `t.col` qualified by the
 * target (nested struct fields are not assignable here yet). -1 when there is no such column.
 */
function columnIndex(
  parts: readonly string[],
  columns: readonly StructField[],
  stmt: MergeStatement,
): number {
  if (!qualifiedByTarget(parts, stmt)) return -1;
  const name = parts[parts.length - 1]!.toLowerCase();
  return columns.findIndex((f) => f.name.toLowerCase() === name);
}

/** `c`, or `t.c` where `t` is the target's alias or name. */
function qualifiedByTarget(parts: readonly string[], stmt: MergeStatement): boolean {
  if (parts.length === 1) return true;
  const qualifier = parts[parts.length - 2]!.toLowerCase();
  return [stmt.targetAlias, stmt.target.parts[stmt.target.parts.length - 1]]
    .filter((q): q is string => !!q)
    .some((q) => q.toLowerCase() === qualifier);
}

/**
 * Schema evolution (Delta's "automatic schema evolution" for MERGE): source columns that UPDATE SET * or
 * INSERT * would write and the target lacks are appended to the table's schema, nullable, in source order.
 * Without a star, a source column named as the target of `UPDATE SET new_col = …` or of
 * `INSERT (…, new_col) VALUES (…)` is added the same way, with the source column's type (Delta's
 * ResolveDeltaMergeInto keeps, of the source schema, the columns some clause assigns). A name neither
 * side has stays unresolved.
 */
function evolvedColumns(
  clauses: readonly MergeClause[],
  schema: StructType,
  sourceAttrs: readonly Attribute[],
  stmt: MergeStatement,
): StructField[] {
  const usesStar = clauses.some((c) => c.action.kind === 'updateAll' || c.action.kind === 'insertAll');
  const named = new Set<string>();
  for (const c of clauses) {
    const targets =
      c.action.kind === 'update'
        ? c.action.assignments.map((a) => a.column)
        : c.action.kind === 'insert'
          ? (c.action.columns ?? [])
          : [];
    for (const parts of targets) {
      if (qualifiedByTarget(parts, stmt) && columnIndex(parts, schema.fields, stmt) < 0) {
        named.add(parts[parts.length - 1]!.toLowerCase());
      }
    }
  }
  if (!usesStar && named.size === 0) return [];
  const have = new Set(schema.fields.map((f) => f.name.toLowerCase()));
  const added: StructField[] = [];
  for (const a of sourceAttrs) {
    const key = a.name.toLowerCase();
    if (have.has(key) || !(usesStar || named.has(key))) continue;
    have.add(key);
    added.push({ name: a.name, type: a.type, nullable: true, metadata: {} });
  }
  return added;
}
