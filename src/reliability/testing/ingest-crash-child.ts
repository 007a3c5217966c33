/**
 * A streaming process of the ingest crash suite. argv: <warehouse> <source folder> <checkpoint> <mode>:
 * - `merge`: `lakesql ingest --format json --merge-on id --trigger available-now` into `merged` (a
 *   foreachBatch MERGE per batch of at most two files);
 * - `aggregate`: an availableNow stream of the same folder grouped by `k` (count and sum of `v`, complete
 *   mode) into the Delta table `totals`, its state in the checkpoint's `state/`.
 * Prints `ready` when it starts, `batch` after each batch and `finished` when the run has processed
 * everything. The parent
 * kills it with SIGKILL whenever it likes; an untyped error prints `untyped <message>` and exits 3.
 */
import { count, sum } from '../../api/functions.js';
import { LakeSession } from '../../api/lake-session.js';
import { ingestCommand } from '../../cli/ingest/ingest-command.js';
import { LakesqlError } from '../../errors/index.js';

const [warehouse, source, checkpoint, mode] = process.argv.slice(2);
if (warehouse === undefined || source === undefined || checkpoint === undefined || mode === undefined) {
  throw new Error('usage: ingest-crash-child <warehouse> <source> <checkpoint> merge|aggregate');
}

/** The files' schema: `id` the merge key, `k` the aggregation key, `v` the value, `f` the file's number. */
export const ROW_SCHEMA = 'id int, k string, v int, f int';

const batchDone = () => process.stdout.write('batch\n');

try {
  if (mode === 'merge') {
    process.stdout.write('ready\n');
    await ingestCommand(
      {
        from: source,
        format: 'json',
        schema: ROW_SCHEMA,
        options: { maxFilesPerTrigger: '2' },
        into: 'merged',
        mergeOn: ['id'],
        checkpoint,
        trigger: { availableNow: true },
      },
      { warehouse },
      // One JSON line per batch off a terminal: each is a batch that committed.
      { progress: { isTTY: false, write: (t: string) => t.includes('"batchId"') && batchDone() } },
    );
  } else {
    const spark = await LakeSession.builder()
      .config('spark.sql.warehouse.dir', warehouse)
      .withOutput(() => {})
      .getOrCreate();
    process.stdout.write('ready\n');
    spark.streams.addListener({ onQueryProgress: () => batchDone() });
    const q = await spark.readStream
      .schema(ROW_SCHEMA)
      .option('maxFilesPerTrigger', 2)
      .json(source)
      .groupBy('k')
      .agg(count('*').alias('n'), sum('v').alias('s'))
      .writeStream.outputMode('complete')
      .option('checkpointLocation', checkpoint)
      .trigger({ availableNow: true })
      .toTable('totals');
    await q.awaitTermination();
    await spark.stop();
  }
  process.stdout.write('finished\n');
  process.exit(0);
} catch (e) {
  const typed = e instanceof LakesqlError;
  process.stdout.write(
    `${typed ? 'failed' : 'untyped'} ${String(e instanceof Error ? e.stack : e).replaceAll('\n', ' | ')}\n`,
  );
  process.exit(3);
}
