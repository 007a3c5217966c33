/**
 * A child process of the racing-DDL tests (create-races.test.ts). argv: <warehouseDir>. Prints `ready`,
 * then for each line on stdin (one SQL text) runs it through its own SqlSession and prints one JSON line:
 * `{"ok":true,"rows":[…]}`, `{"ok":false,"errorClass":…}` for a typed error, or
 * `{"ok":false,"untyped":…}` for anything else (which the tests count as a defect). Statements of one
 * round are sent to every child at once, so that they race.
 */
import { createInterface } from 'node:readline';
import { EngineSession } from '../../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../../engine/parquet-handler.js';
import { LakesqlError } from '../../../errors/index.js';
import { SqlSession } from '../../session/sql-session.js';

const [warehouse] = process.argv.slice(2);
if (warehouse === undefined) throw new Error('usage: sql-child <warehouse>');

const engine = await EngineSession.create({ threads: 1 });
const session = new SqlSession(engine, new DuckDBParquetHandler(engine), warehouse);
process.stdout.write('ready\n');
for await (const sql of createInterface({ input: process.stdin })) {
  let answer: unknown;
  try {
    const results = await session.execute(sql);
    const last = results.at(-1);
    answer = { ok: true, rows: last?.kind === 'rows' ? last.rows.map((r) => [...r].map(String)) : [] };
  } catch (e) {
    answer =
      e instanceof LakesqlError
        ? { ok: false, errorClass: e.errorClass }
        : { ok: false, untyped: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
engine.close();
