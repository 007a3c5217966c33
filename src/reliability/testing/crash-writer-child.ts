/**
 * A writer process of the crash and concurrency suites. argv: <warehouse> <table> <first op> <last op>
 * [<stride> [concurrent]]: runs ops first, first + stride, … up to last (crash-ops.ts, or concurrent-ops.ts) on
 * `table`, each after
 * `SET …userMetadata = op-<k>`, printing `start <k>` and `done <k>` (or `failed <k> <errorClass>` for a typed
 * error, and going on). An untyped error prints `untyped <k> <message>` and exits 3. The parent kills it with
 * SIGKILL whenever it likes.
 */
import { EngineSession } from '../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../engine/parquet-handler.js';
import { LakesqlError } from '../../errors/index.js';
import { SqlSession } from '../../exec/session/sql-session.js';
import { cloneFileOpSql } from './clone-file-ops.js';
import { concurrentOpSql } from './concurrent-ops.js';
import { opSql, opTag } from './crash-ops.js';

const [warehouse, table, first, last, stride, opSet] = process.argv.slice(2);
const sqlOf = (k: number, t: string): string =>
  opSet === 'concurrent'
    ? concurrentOpSql(k, t)
    : opSet === 'clone-file'
      ? cloneFileOpSql(k, t)
      : opSql(k, t);
if (warehouse === undefined || table === undefined || first === undefined || last === undefined) {
  throw new Error('usage: crash-writer-child <warehouse> <table> <first op> <last op> [stride]');
}
const engine = await EngineSession.create({ threads: 1 });
const session = new SqlSession(engine, new DuckDBParquetHandler(engine), warehouse);
await session.execute('SET spark.databricks.delta.retentionDurationCheck.enabled = false');
process.stdout.write('ready\n');
for (let k = Number(first); k <= Number(last); k += Number(stride ?? 1)) {
  process.stdout.write(`start ${k}\n`);
  try {
    await session.execute(`SET spark.databricks.delta.commitInfo.userMetadata = ${opTag(k)}`);
    await session.execute(sqlOf(k, table));
    process.stdout.write(`done ${k}\n`);
  } catch (e) {
    if (!(e instanceof LakesqlError)) {
      process.stdout.write(
        `untyped ${k} ${String(e instanceof Error ? e.stack : e).replaceAll('\n', ' | ')}\n`,
      );
      engine.close();
      process.exit(3);
    }
    process.stdout.write(`failed ${k} ${e.errorClass} ${e.message.replaceAll('\n', ' ')}\n`);
  }
}
engine.close();
process.exit(0);
