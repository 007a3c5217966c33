/**
 * A one-off comparison (not part of `npm run bench`): an ORC file read into DuckDB through the rows path
 * (JS rows appended as text, cast in SQL) against the columnar table-function path, then a spark.read.orc
 * aggregate through the API (which takes the columnar path). Usage:
 *   npx tsx bench/orc-read-paths.ts [file.orc] [rounds]
 * Default file: test/data/orc/examples/demo-12-zlib.orc (1.9M rows, 9 columns).
 */
import path from 'node:path';
import { LakeSession } from '../src/api/lake-session.js';
import { ORC_EXAMPLES_DIR } from '../src/conformance/data-dirs.js';
import { EngineSession } from '../src/engine/engine-session.js';
import { orcReadSql } from '../src/engine/file-readers/orc-read-sql.js';
import { planSql } from '../src/engine/file-readers/read-files.js';
import { DataSourceOptions } from '../src/formats/data-source-options.js';
import { orcPlanRows, planFileRead } from '../src/formats/file-source.js';

const file = path.resolve(process.argv[2] ?? path.join(ORC_EXAMPLES_DIR, 'demo-12-zlib.orc'));
const rounds = Number(process.argv[3] ?? 3);

/** count(*) and a sum over every column, so every column is materialised by DuckDB. */
function aggregateSql(from: string, columns: readonly string[]): string {
  const sums = columns.map((c) => `sum(length(CAST("${c}" AS VARCHAR)))`).join(' + ');
  return `SELECT count(*) AS n, ${sums} AS s FROM (${from})`;
}

async function time(label: string, fn: () => Promise<unknown>): Promise<void> {
  const ms: number[] = [];
  let result: unknown;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    result = await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const shown = JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
  console.log(`${label}: median ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms (${shown})`);
}

const engine = await EngineSession.create();
const plan = await planFileRead({
  format: 'orc',
  paths: [file],
  options: new DataSourceOptions(),
  dbfsRoot: '/tmp',
});
if (plan.kind !== 'orc') throw new Error(`expected an ORC plan, got ${plan.kind}`);

await time('rows path (decode, JS rows, Appender, SQL cast) + aggregate', async () => {
  const read = await planSql(engine, { kind: 'rows', rows: await orcPlanRows(plan) });
  try {
    return await engine.all(
      aggregateSql(
        read.sql,
        read.schema.fields.map((f) => f.name),
      ),
    );
  } finally {
    await read.release?.();
  }
});
await time('columnar path (decode, table function) + aggregate', async () => {
  const read = await orcReadSql(engine, plan);
  if (read === undefined) throw new Error('the columnar path declined this file');
  try {
    return await engine.all(
      aggregateSql(
        read.sql,
        read.schema.fields.map((f) => f.name),
      ),
    );
  } finally {
    await read.release?.();
  }
});
engine.close();

const spark = await LakeSession.builder()
  .withOutput(() => {})
  .getOrCreate();
await time('spark.read.orc(file).agg(count, sum of the first int column) through the API', async () => {
  const df = await spark.read.orc(file);
  const first = (await df.dtypes()).find(([, t]) => t === 'int')?.[0] ?? '_col0';
  const q = await spark.sql(`SELECT count(*) AS n, sum(\`${first}\`) AS s FROM orc.\`${file}\``);
  return q.collect();
});
spark.stop();
