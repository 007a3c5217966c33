/** SET key = value, SET key, SET (all), RESET [key]: Spark's configuration statements and their row shapes. */
import type { MiscStatement } from '../../../sql/ast/statements-misc.js';
import { StringType } from '../../../types/data-types.js';
import { DEFAULT_CONF, type SqlSession, type StatementResult } from '../sql-session.js';

const KV_COLUMNS = [
  { name: 'key', type: StringType, nullable: false },
  { name: 'value', type: StringType, nullable: true },
];

export async function setConf(
  session: SqlSession,
  stmt: Extract<MiscStatement, { kind: 'set' }>,
): Promise<StatementResult> {
  if (stmt.key !== null && stmt.value !== null) {
    await session.setConf(stmt.key, stmt.value);
    return { kind: 'rows', columns: KV_COLUMNS, rows: [[stmt.key, stmt.value]] };
  }
  if (stmt.key !== null) {
    return {
      kind: 'rows',
      columns: KV_COLUMNS,
      rows: [[stmt.key, session.conf.get(stmt.key) ?? '<undefined>']],
    };
  }
  const rows = [...session.conf.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => [k, v]);
  return { kind: 'rows', columns: KV_COLUMNS, rows };
}

export async function resetConf(
  session: SqlSession,
  stmt: Extract<MiscStatement, { kind: 'reset' }>,
): Promise<StatementResult> {
  const keys = stmt.key === null ? [...session.conf.keys()] : [stmt.key];
  for (const key of keys) {
    if (key === 'spark.sql.warehouse.dir') continue; // a static configuration: RESET leaves it
    const dflt = DEFAULT_CONF[key];
    if (dflt !== undefined) await session.setConf(key, dflt);
    else session.conf.delete(key);
  }
  return { kind: 'done' };
}
