/**
 * ALTER TABLE … ADD CONSTRAINT name CHECK (expr) / DROP CONSTRAINT [IF EXISTS] name on a Delta table
 * (Delta's AlterTableAddConstraintDeltaCommand / AlterTableDropConstraintDeltaCommand). A constraint is
 * the table property `delta.constraints.<name>` (name lower-cased) holding the expression's SQL; adding
 * one needs the checkConstraints feature (writer version 3) and fails with
 * DELTA_NEW_CHECK_CONSTRAINT_VIOLATION when existing rows do not satisfy it (NULL counts as a violation,
 * as in Delta's `Not(expr) OR IsUnknown(expr)`).
 */
import { LakesqlError } from '../../errors/index.js';
import type { TableConstraint } from '../../sql/ast/statements-ddl.js';
import { parseStatement, printExpression } from '../../sql/index.js';
import type { CommandContext } from '../command-context.js';
import { commitMetadataChange, type DeltaAlterTarget } from './delta-alter-target.js';
import { countRowsNotSatisfying } from './existing-rows.js';

const CONSTRAINT_PREFIX = 'delta.constraints.';

export async function addConstraint(
  session: CommandContext,
  target: DeltaAlterTarget,
  constraint: TableConstraint,
): Promise<void> {
  if (constraint.kind !== 'check' || constraint.name === null) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `${constraint.kind === 'check' ? 'an unnamed CHECK' : 'a PRIMARY KEY / FOREIGN KEY'} constraint on a Delta table`,
    });
  }
  const name = constraint.name.toLowerCase();
  const key = `${CONSTRAINT_PREFIX}${name}`;
  const existing = target.snapshot.configuration[key];
  if (existing !== undefined) {
    throw new LakesqlError('DELTA_CONSTRAINT_ALREADY_EXISTS', {
      constraintName: name,
      oldConstraint: existing,
    });
  }
  const exprText = printExpression(constraint.condition);
  const probe = parseStatement(`SELECT ${exprText} FROM ${target.sqlName}`);
  if (probe.kind !== 'queryStatement') throw new Error('a SELECT parses to a query');
  const type = (await session.analyze(probe.query)).output[0]?.type;
  if (type?.kind !== 'primitive' || type.name !== 'boolean') {
    throw new LakesqlError('DELTA_NON_BOOLEAN_CHECK_CONSTRAINT', { name, expr: exprText });
  }
  const violations = await countRowsNotSatisfying(session, target.sqlName, exprText);
  if (violations > 0n) {
    throw new LakesqlError('DELTA_NEW_CHECK_CONSTRAINT_VIOLATION', {
      numRows: String(violations),
      tableName: target.qualifiedName,
      checkConstraint: exprText,
    });
  }
  await commitMetadataChange(session, target, {
    configuration: { ...target.snapshot.configuration, [key]: exprText },
    operation: 'ADD CONSTRAINT',
    parameters: { name, expr: exprText },
  });
}

export async function dropConstraint(
  session: CommandContext,
  target: DeltaAlterTarget,
  constraintName: string,
  ifExists: boolean,
): Promise<void> {
  const name = constraintName.toLowerCase();
  const key = `${CONSTRAINT_PREFIX}${name}`;
  const existing = target.snapshot.configuration[key];
  if (existing === undefined && !ifExists) {
    throw new LakesqlError('DELTA_CONSTRAINT_DOES_NOT_EXIST', {
      constraintName: name,
      tableName: target.qualifiedName,
      config: 'spark.databricks.delta.constraints.assumesDropIfExists.enabled',
      confValue: 'true',
    });
  }
  const configuration = Object.fromEntries(
    Object.entries(target.snapshot.configuration).filter(([k]) => k !== key),
  );
  await commitMetadataChange(session, target, {
    configuration,
    operation: 'DROP CONSTRAINT',
    parameters: {
      name,
      ...(existing !== undefined ? { expr: existing } : {}),
      existed: existing !== undefined,
    },
  });
}
