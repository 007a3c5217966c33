/** DESCRIBE statements (being written). */
import { LakesqlError } from '../../../errors/index.js';
import type { Statement } from '../../../sql/ast/statements.js';
import type { SqlSession, StatementResult } from '../sql-session.js';

export async function describeStatement(_session: SqlSession, stmt: Statement): Promise<StatementResult> {
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `the statement ${stmt.kind}` });
}
