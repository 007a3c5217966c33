/**
 * Seed 001, the streaming part, line by line: `spark.readStream.schema(rdSchema).format('orc')` over the ORC
 * folder, `writeStream.trigger({ once: true }).foreachBatch(upsertDataUsingBatchLoader)` with the write-up's
 * MERGE, and its checkpoint. Run again, the same query finds no new file and runs no batch; after a new file
 * lands in the folder, it takes only that file.
 */
import type { DataFrame } from '../../api/dataframe/dataframe.js';
import type { LakeSession } from '../../api/lake-session.js';
import type { StreamingQuery } from '../../api/streaming/streaming-query.js';
import type { DemoPaths } from './demo-state.js';
import type { DemoPrinter } from './printer.js';
import { orcFiles, STUDENT_DATA } from './seed-001-students.js';
import { NEW_STUDENT_ROWS, RD_SCHEMA } from './student-data.js';

const CHECKPOINT = '/dbfs/FileStore/sample_data/update_tbl/';
const SCORE = 'SELECT * FROM demo_db.score ORDER BY StudentId, Subject, Mark';

/** The write-up's streaming code; returns the query once its trigger-once run has finished. */
async function runSeedStream(spark: LakeSession): Promise<StreamingQuery> {
  const data_readstream = spark.readStream.schema(RD_SCHEMA).format('orc').load(STUDENT_DATA);

  async function upsertDataUsingBatchLoader(df: DataFrame, _batch_id: number) {
    const data_msg_df = df;
    await data_msg_df.createOrReplaceTempView('temp_student_tbl');
    await data_msg_df.sparkSession.sql(`
    MERGE INTO demo_db.score mdt
    USING temp_student_tbl tst
    ON mdt.StudentId = tst.StudentId
    WHEN MATCHED THEN UPDATE SET *
    WHEN NOT MATCHED THEN INSERT *                     
          `);
  }

  const data_writestream = await data_readstream
    .repartition(1)
    .writeStream.trigger({ once: true })
    .format('delta')
    .option('checkpointLocation', CHECKPOINT)
    .foreachBatch(upsertDataUsingBatchLoader)
    .start();
  await data_writestream.awaitTermination();
  return data_writestream;
}

/** "batch 0 read 9 rows", or that the run found nothing to do. */
function progressText(query: StreamingQuery): string {
  const p = query.lastProgress;
  return p === null ? 'no new file, so no batch' : `batch ${p.batchId} read ${p.numInputRows} rows`;
}

export async function walkSeed001Stream(
  spark: LakeSession,
  paths: DemoPaths,
  out: DemoPrinter,
): Promise<void> {
  const first = await runSeedStream(spark);
  await out.step(
    `readStream.schema(rdSchema).format('orc').load('${STUDENT_DATA}').writeStream.trigger(once=True)` +
      `.foreachBatch(MERGE INTO demo_db.score …): ${progressText(first)}; demo_db.score now:`,
    await spark.sql(SCORE),
  );

  const rerun = await runSeedStream(spark);
  await out.step(
    `the same stream again, same checkpoint: ${progressText(rerun)}, no commit; DESCRIBE HISTORY demo_db.score:`,
    (await spark.sql('DESCRIBE HISTORY demo_db.score')).select('version', 'operation').orderBy('version'),
  );

  await spark
    .createDataFrame(NEW_STUDENT_ROWS, RD_SCHEMA)
    .write.format('orc')
    .mode('append')
    .save(STUDENT_DATA);
  out.table(
    `a new ORC file lands in ${STUDENT_DATA} (.write.format('orc').mode('append')): the files`,
    await orcFiles(spark, paths),
    ['file', 'rows', 'bytes'],
  );

  const picked = await runSeedStream(spark);
  await out.step(
    `the stream once more: ${progressText(picked)}, only the new file; demo_db.score now:`,
    await spark.sql(SCORE),
  );
}
