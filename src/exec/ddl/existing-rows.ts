/**
 * Counting the rows of a table that break a new rule, as Delta does before it commits a CHECK constraint
 * (`df.where(Not(expr) OR IsUnknown(expr)).count()`) or SET NOT NULL: the check runs as an ordinary
 * query through the session, so it reads the table's current snapshot with Spark's semantics.
 */
import { parseStatement } from '../../sql/index.js';
import type { CommandContext } from '../command-context.js';

/** The number of rows of `sqlName` for which `conditionSql` is false or NULL. */
export async function countRowsNotSatisfying(
  session: CommandContext,
  sqlName: string,
  conditionSql: string,
): Promise<bigint> {
  const stmt = parseStatement(`SELECT count(*) FROM ${sqlName} WHERE (${conditionSql}) IS NOT TRUE`);
  if (stmt.kind !== 'queryStatement') throw new Error('a SELECT parses to a query');
  const result = await session.runQuery(stmt.query);
  const n = result.rows[0]?.[0];
  return typeof n === 'bigint' ? n : BigInt(Number(n ?? 0));
}
