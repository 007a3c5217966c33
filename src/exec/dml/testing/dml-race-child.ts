/**
 * A child process of the two-process DML races in dml-concurrency.test.ts.
 * argv: <warehouseDir> <sql>, the SQL an UPDATE or DELETE on a `delta.\`path\`` table. It runs the statement
 * through a SqlSession up to the commit (files read and rewritten), prints `ready`, waits for a line on stdin
 * (the start signal: both children commit from the same read version), commits, then prints one JSON line:
 * `{"ok":true,"rows":n}` or `{"ok":false,"errorClass":…}` for a typed error. Anything else is rethrown.
 */
import { createInterface } from 'node:readline';
import { EngineSession } from '../../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../../engine/parquet-handler.js';
import { LakesqlError } from '../../../errors/index.js';
import { parseStatement } from '../../../sql/index.js';
import { SqlSession } from '../../session/sql-session.js';
import { deleteFrom } from '../delete.js';
import type { DmlHooks } from '../rewrite-files.js';
import { updateTable } from '../update.js';

const [warehouse, sql] = process.argv.slice(2);
if (warehouse === undefined || sql === undefined) throw new Error('usage: dml-race-child <warehouse> <sql>');

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const hooks: DmlHooks = {
  beforeCommit: async () => {
    process.stdout.write('ready\n');
    await lines.next();
  },
};
const engine = await EngineSession.create({ threads: 1 });
const session = new SqlSession(engine, new DuckDBParquetHandler(engine), warehouse);
const stmt = parseStatement(sql);
try {
  const result =
    stmt.kind === 'update'
      ? await updateTable(session, stmt, hooks)
      : stmt.kind === 'delete'
        ? await deleteFrom(session, stmt, hooks)
        : undefined;
  if (result === undefined) throw new Error(`not an UPDATE or DELETE: ${sql}`);
  const rows = result.kind === 'rows' ? Number(result.rows[0]?.[0]) : 0;
  process.stdout.write(`${JSON.stringify({ ok: true, rows })}\n`);
} catch (e) {
  if (!(e instanceof LakesqlError)) throw e;
  process.stdout.write(`${JSON.stringify({ ok: false, errorClass: e.errorClass })}\n`);
} finally {
  engine.close();
  process.exit(0);
}
