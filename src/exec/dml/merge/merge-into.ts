/**
 * MERGE INTO: analysis (merge-plan.ts), then copy-on-write execution (merge-execution.ts); returns
 * Databricks' metric row. `mergeIntoWithOutcome` also hands back the figures tests assert (files read).
 */
import type { CommandContext } from '../../command-context.js';
import type { StatementResult } from '../../statement-result.js';
import { executeMerge, type MergeOutcome } from './merge-execution.js';
import { mergeResultRow } from './merge-metrics.js';
import { analyzeMerge, type MergeStatement } from './merge-plan.js';

export async function mergeIntoWithOutcome(
  session: CommandContext,
  stmt: MergeStatement,
): Promise<{ result: StatementResult; outcome: MergeOutcome }> {
  const plan = await analyzeMerge(session, stmt);
  const outcome = await executeMerge(session, plan);
  return { result: mergeResultRow(outcome.metrics), outcome };
}

export async function mergeInto(session: CommandContext, stmt: MergeStatement): Promise<StatementResult> {
  return (await mergeIntoWithOutcome(session, stmt)).result;
}
