/** Runs an analyzed plan into a DuckDB scratch table whose columns take positional names. */
import type { EngineSession } from '../../engine/engine-session.js';
import { quoteIdentifier } from '../../engine/sql-text.js';
import { compileQuery } from '../../exec/query/run-query.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';

/**
 * The plan's rows as table `table`, columns renamed to `names` in order (so state SQL never depends on
 * how the compiler names columns, nor on two user names that differ only in case). With `ordinal`, a
 * column of that name numbers the rows in the order the plan yields them.
 */
export async function materialize(
  engine: EngineSession,
  plan: LogicalPlan,
  semantics: SessionSemantics,
  table: string,
  names: readonly string[],
  ordinal?: string,
): Promise<void> {
  const compiled = await compileQuery(engine, plan, semantics);
  try {
    const columns = names.map(quoteIdentifier).join(', ');
    const extra = ordinal ? `, row_number() OVER () AS ${quoteIdentifier(ordinal)}` : '';
    await engine.run(
      `CREATE TABLE ${quoteIdentifier(table)} AS SELECT *${extra} FROM (${compiled.sql}) AS "input"(${columns})`,
    );
  } finally {
    await compiled.release();
  }
}

/** Drops a batch's scratch tables; a name still '' was never created (the batch stopped before it). */
export async function dropScratchTables(engine: EngineSession, tables: readonly string[]): Promise<void> {
  for (const t of tables) {
    if (t !== '') await engine.run(`DROP TABLE IF EXISTS ${quoteIdentifier(t)}`);
  }
}
