/**
 * The execution fuzz's child process. argv: <warehouse> <memory limit> <timeout seconds>. It creates the
 * fuzz's table, prints `ready`, then runs each statement it reads from stdin (one JSON string a line) and
 * prints one JSON line: `{ "outcome": "ran" }`, `{ "outcome": "<error class>" }` for a LakesqlError, or
 * `{ "outcome": "untyped", "message": … }`. The parent samples its RSS and kills it if it grows too far: a
 * statement running in a process of its own can only take that process down.
 */
import { createInterface } from 'node:readline';
import { EngineSession } from '../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../engine/parquet-handler.js';
import { LakesqlError } from '../../errors/index.js';
import { SqlSession } from '../../exec/session/sql-session.js';
import { FUZZ_TABLE_DDL, FUZZ_TABLE_ROWS } from './statement-generator.js';

const [warehouse, memoryLimit, timeoutSeconds] = process.argv.slice(2);
if (warehouse === undefined || memoryLimit === undefined || timeoutSeconds === undefined) {
  throw new Error('usage: exec-fuzz-child <warehouse> <memory limit> <timeout seconds>');
}
const engine = await EngineSession.create({ threads: 1, memoryLimit });
const session = new SqlSession(engine, new DuckDBParquetHandler(engine), warehouse);
await session.execute(FUZZ_TABLE_DDL);
await session.execute(FUZZ_TABLE_ROWS);
await session.execute(`SET lakesql.statement.timeout = ${Number(timeoutSeconds)}`);
const answer = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
answer({ outcome: 'ready' });
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  const sql = JSON.parse(line) as string;
  try {
    await session.execute(sql);
    answer({ outcome: 'ran' });
  } catch (e) {
    if (e instanceof LakesqlError) answer({ outcome: e.errorClass, message: e.message.slice(0, 300) });
    else answer({ outcome: 'untyped', message: String(e instanceof Error ? e.stack : e).slice(0, 2_000) });
  }
}
engine.close();
