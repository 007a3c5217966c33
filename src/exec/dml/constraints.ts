/**
 * Delta's write-time constraints (PROTOCOL.md "Column Invariants" / "CHECK Constraints"; Delta's
 * DeltaInvariantCheckerExec): every row written must have a value in each NOT NULL column, and every CHECK
 * constraint (`delta.constraints.<name>` = a Spark SQL boolean expression) must be true for it; NULL counts
 * as a violation, as Delta's CheckDeltaInvariant treats `result == null || result == false`. A violation
 * fails the statement (DELTA_NOT_NULL_CONSTRAINT_VIOLATED / DELTA_VIOLATE_CONSTRAINT_WITH_VALUES) before
 * anything is committed. Any write path (INSERT, UPDATE, MERGE, DataFrame writes) can wrap its rows with it.
 */
import { quoteIdentifier, quoteString } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import { analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { castTo } from '../../plan/analyzer/casts.js';
import type { ExpressionEnv } from '../../plan/analyzer/expression-env.js';
import { analyzeExpression } from '../../plan/analyzer/expressions.js';
import { Scope } from '../../plan/analyzer/scope.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import { transformExpr } from '../../plan/logical/expression-walk.js';
import type { LogicalPlan, NamedExpr } from '../../plan/logical/logical-plan.js';
import { parseExpression } from '../../sql/index.js';
import { BooleanType, type StructType } from '../../types/data-types.js';
import { raise } from '../functions/compiler-kit.js';
import { compileNamedQuery } from '../session/run-query.js';
import type { SqlSession } from '../session/sql-session.js';

const CONSTRAINT_PREFIX = 'delta.constraints.';

export interface CheckConstraint {
  readonly name: string;
  readonly expression: string;
}

/** The table's CHECK constraints, from its configuration, in key order. */
export function checkConstraints(configuration: Readonly<Record<string, string>>): CheckConstraint[] {
  return Object.entries(configuration)
    .filter(([k]) => k.toLowerCase().startsWith(CONSTRAINT_PREFIX))
    .map(([k, v]) => ({ name: k.slice(CONSTRAINT_PREFIX.length), expression: v }));
}

/**
 * `sourceSql` (a SELECT whose columns are the table's columns, by name) wrapped so that it fails on the
 * first row breaking a NOT NULL column or a CHECK constraint; unchanged when the table has neither.
 */
export async function enforceConstraintsSql(
  session: SqlSession,
  schema: StructType,
  configuration: Readonly<Record<string, string>>,
  sourceSql: string,
): Promise<string> {
  const notNull = schema.fields.filter((f) => !f.nullable);
  const checks = checkConstraints(configuration);
  if (notNull.length === 0 && checks.length === 0) return sourceSql;

  const ctx = analyzerContext(session.relations, session.semantics, session.conf);
  const attrs = schema.fields.map((f) => ctx.ids.fresh(f.name, f.type, f.nullable));
  const names = schema.fields.map((f) => f.name);
  const env: ExpressionEnv = {
    ctx,
    scope: new Scope(attrs),
    clause: 'where',
    allowAggregates: false,
    allowWindows: false,
    lambdaVariables: new Map(),
    namedWindows: new Map(),
    analyzeSubquery: () => {
      // Delta refuses subqueries in CHECK constraints when they are added.
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'a subquery in a CHECK constraint' });
    },
  };
  const list: NamedExpr[] = attrs.map((a) => ({ expr: { kind: 'attributeRef', attr: a }, attr: a }));
  const referenced: string[][] = [];
  for (const [i, c] of checks.entries()) {
    const bound = castTo(await analyzeExpression(parseExpression(c.expression), env), BooleanType, { ctx });
    list.push({ expr: bound, attr: ctx.ids.fresh(`__check${i}`, BooleanType, true) });
    referenced.push(columnsOf(bound));
  }
  const relation: LogicalPlan = {
    kind: 'relation',
    source: { kind: 'engineSql', sql: sourceSql, columns: names },
    output: attrs,
  };
  const plan: LogicalPlan = { kind: 'project', child: relation, list, output: list.map((n) => n.attr) };
  const checkNames = checks.map((_, i) => `__check${i}`);
  const compiled = await compileNamedQuery(session.engine, plan, session.semantics, [
    ...names,
    ...checkNames,
  ]);
  await compiled.release(); // an engineSql relation opens no scan

  const whens = [
    ...notNull.map(
      (f) =>
        `WHEN ${quoteIdentifier(f.name)} IS NULL THEN ${raise('DELTA_NOT_NULL_CONSTRAINT_VIOLATED', { columnName: quoteString(f.name) })}`,
    ),
    ...checks.map(
      (c, i) =>
        `WHEN ${quoteIdentifier(checkNames[i]!)} IS NOT TRUE THEN ${raise(
          'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
          {
            constraintName: quoteString(c.name),
            expression: quoteString(c.expression),
            values: valuesSql(referenced[i]!),
          },
        )}`,
    ),
  ];
  return `SELECT ${names.map(quoteIdentifier).join(', ')} FROM (${compiled.sql}) AS "constrained" WHERE CASE ${whens.join(' ')} ELSE true END`;
}

/** Top-level columns an expression reads, in first-use order. */
function columnsOf(e: BoundExpr): string[] {
  const out: string[] = [];
  transformExpr(e, (x) => {
    if (x.kind === 'attributeRef' && !out.includes(x.attr.name)) out.push(x.attr.name);
    return undefined;
  });
  return out;
}

/** Delta lists the row's values of the constraint's columns, one ` - col : value` line each. */
function valuesSql(columns: readonly string[]): string {
  if (columns.length === 0) return quoteString('');
  return columns
    .map((c) => `(${quoteString(` - ${c} : `)} || coalesce(CAST(${quoteIdentifier(c)} AS VARCHAR), 'null'))`)
    .join(` || chr(10) || `);
}
