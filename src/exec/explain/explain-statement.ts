/**
 * EXPLAIN [EXTENDED | FORMATTED] statement: one row, one column `plan` (string), as Spark's ExplainCommand
 * returns it. A query is explained as it would run; a DELETE / UPDATE / MERGE / INSERT by the query that
 * reads its rows, after a section naming its target and how it changes the table. Nothing is executed:
 * statements are only analyzed and compiled, so EXPLAIN has no side effects.
 *
 * COST prints the analyzed plan with Spark's Statistics(sizeInBytes, rowCount) on each table scan, from
 * the Delta log's file sizes and numRecords of the files kept. CODEGEN is refused: lakesql generates no
 * Java code (DuckDB runs the SQL the other modes show).
 */
import { LakesqlError } from '../../errors/index.js';
import { expressionString } from '../../plan/logical/expression-string.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { ExplainMode, Statement } from '../../sql/ast/statements.js';
import { printStatement } from '../../sql/index.js';
import { StringType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { analyzeCondition, isPartitionOnly, resolveDmlTarget } from '../dml/dml-target.js';
import { analyzeMerge } from '../dml/merge/merge-plan.js';
import { resolveWriteTarget } from '../dml/write-target.js';
import type { StatementResult } from '../statement-result.js';
import { explainQuery, type Section } from './explain-query.js';
import { literalText } from './value-text.js';

type Explain = Extract<Statement, { kind: 'explain' }>;

export async function explainStatement(session: CommandContext, stmt: Explain): Promise<StatementResult> {
  const text = await explainText(session, stmt.statement, stmt.mode);
  return { kind: 'rows', columns: [{ name: 'plan', type: StringType, nullable: true }], rows: [[text]] };
}

export async function explainText(
  session: CommandContext,
  target: Statement,
  mode: ExplainMode,
): Promise<string> {
  if (mode === 'CODEGEN') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature:
        "EXPLAIN CODEGEN (lakesql compiles to DuckDB SQL: EXPLAIN EXTENDED shows that SQL and DuckDB's plan)",
    });
  }
  const base = { engine: session.engine, semantics: session.semantics, parsed: printStatement(target) };
  switch (target.kind) {
    case 'queryStatement':
      return explainQuery({ ...base, plan: await session.analyze(target.query) }, mode);
    case 'delete':
    case 'update':
      return explainQuery({ ...base, ...(await rowLevelPlan(session, target)) }, mode);
    case 'merge':
      return explainQuery({ ...base, ...(await mergeReadPlan(session, target)) }, mode);
    case 'insert': {
      // The target must exist and take writes, as INSERT's own analysis requires.
      const table = await resolveWriteTarget(session, target.table.parts);
      return explainQuery(
        {
          ...base,
          plan: await session.analyze(target.query),
          preamble: [
            {
              header: 'Insert',
              body: [
                `Target: ${table.displayName}`,
                `Mode: ${target.overwrite ? 'overwrite' : 'append'}`,
                'Rows: the query below, cast to the table columns by store assignment',
              ].join('\n'),
            },
          ],
        },
        mode,
      );
    }
    default:
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `EXPLAIN of the statement ${target.kind}` });
  }
}

/** DELETE / UPDATE read the target's rows the condition may match: that filter over the table. */
async function rowLevelPlan(
  session: CommandContext,
  stmt: Extract<Statement, { kind: 'delete' | 'update' }>,
): Promise<{ plan: LogicalPlan; preamble: Section[] }> {
  const operation = stmt.kind === 'delete' ? 'DELETE' : 'UPDATE';
  const target = await resolveDmlTarget(session, stmt.table, stmt.alias, operation);
  const relation: LogicalPlan = {
    kind: 'relation',
    source: { kind: 'delta', snapshot: target.snapshot, tableName: target.displayName },
    output: target.attributes,
  };
  const cond = stmt.where ? await analyzeCondition(target, stmt.where) : undefined;
  const plan: LogicalPlan = cond
    ? { kind: 'filter', child: relation, condition: cond, output: target.attributes }
    : relation;
  const literal = literalText(session.semantics.timeZone);
  const how =
    stmt.kind === 'delete' && (!cond || isPartitionOnly(cond, target))
      ? 'metadata only: the kept files are removed whole, no data file is rewritten'
      : 'copy-on-write: each kept file holding a matching row is rewritten';
  return {
    plan,
    preamble: [
      {
        header: stmt.kind === 'delete' ? 'Delete' : 'Update',
        body: [
          `Target: ${target.displayName}`,
          `Condition: ${cond ? expressionString(cond, literal) : '(none: every row)'}`,
          `Files: ${how}`,
        ].join('\n'),
      },
    ],
  };
}

/**
 * MERGE reads the target joined with the source on its ON condition: outer on the side whose unmatched rows
 * a clause acts on. Which target files it reads is decided at run time from the source's join keys
 * (merge-pruning.ts), so the scan below shows every file of the snapshot.
 */
async function mergeReadPlan(
  session: CommandContext,
  stmt: Extract<Statement, { kind: 'merge' }>,
): Promise<{ plan: LogicalPlan; preamble: Section[] }> {
  const merge = await analyzeMerge(session, stmt);
  const notMatched = merge.clauses.some((c) => c.kind === 'notMatched');
  const bySource = merge.clauses.some((c) => c.kind === 'notMatchedBySource');
  const joinType = notMatched && bySource ? 'full' : notMatched ? 'right' : bySource ? 'left' : 'inner';
  const plan: LogicalPlan = {
    kind: 'join',
    left: merge.target,
    right: merge.source,
    joinType,
    condition: merge.condition,
    output: [...merge.target.output, ...merge.source.output],
  };
  const literal = literalText(session.semantics.timeZone);
  const clauses = merge.clauses.map((c) => {
    const when = {
      matched: 'WHEN MATCHED',
      notMatched: 'WHEN NOT MATCHED',
      notMatchedBySource: 'WHEN NOT MATCHED BY SOURCE',
    }[c.kind];
    const cond = c.condition ? ` AND ${expressionString(c.condition, literal)}` : '';
    return `  ${when}${cond} THEN ${c.action.kind.toUpperCase()}`;
  });
  return {
    plan,
    preamble: [
      {
        header: 'Merge',
        body: [
          `Target: ${merge.tableName}`,
          `Condition: ${expressionString(merge.condition, literal)}`,
          'Clauses:',
          ...clauses,
          bySource
            ? 'Files: every target file is read (a NOT MATCHED BY SOURCE clause sees all target rows)'
            : "Files: target files are pruned at run time by the source's join key values; the scan below lists the snapshot's files",
        ].join('\n'),
      },
    ],
  };
}
