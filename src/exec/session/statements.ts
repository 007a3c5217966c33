/** Statement dispatch: each statement kind to the code that runs it. */
import { LakesqlError } from '../../errors/index.js';
import type { Statement } from '../../sql/ast/statements.js';
import type { SqlSession, StatementResult } from './sql-session.js';

export async function executeStatement(session: SqlSession, stmt: Statement): Promise<StatementResult> {
  switch (stmt.kind) {
    case 'queryStatement':
      return { kind: 'rows', ...(await session.runQuery(stmt.query)) };
    default:
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `the statement ${(stmt as { kind: string }).kind}`,
      });
  }
}
