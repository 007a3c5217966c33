/**
 * Seed 001 (a user write-up, its SQL copied into src/sql/testing/seed-sql.ts): a CSV loaded into a Delta
 * path, registered with
 * `CREATE TABLE … USING DELTA LOCATION`, emptied with DELETE, then upserted with MERGE from a temp view.
 * The batch part runs line by line as TypeScript; the SQL is the write-up's own text.
 *
 * The streaming part runs line by line too: the student rows written as ORC files (the write-up's "orc file
 * created from the Delta table") under /dbfs/FileStore/sample_data/student_data/, read with
 * spark.readStream.schema(rdSchema).format('orc'), upserted by writeStream.trigger(once).foreachBatch(…).
 * A second run with the same checkpoint takes only a newly added file (batch 1); a third finds nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataFrame } from '../../src/api/dataframe/dataframe.js';
import { LakeSession } from '../../src/api/lake-session.js';
import { writeOrcFile } from '../../src/formats/orc/writer/index.js';
import { parseSchemaDdl } from '../../src/plan/types/parse-data-type.js';

const SAMPLE_STUDENT = `StudentId,Name,Subject,Mark
1,Ram,science,80
1,Ram,maths,90
1,Ram,language,85
2,Tom,science,72
2,Tom,maths,75
2,Tom,science,79
3,Kim,science,81
3,Kim,maths,92
3,Kim,language,89
`;

const STUDENTS = [
  { StudentId: 1, Name: 'Ram', Subject: 'language', Mark: 85 },
  { StudentId: 1, Name: 'Ram', Subject: 'maths', Mark: 90 },
  { StudentId: 1, Name: 'Ram', Subject: 'science', Mark: 80 },
  { StudentId: 2, Name: 'Tom', Subject: 'maths', Mark: 75 },
  { StudentId: 2, Name: 'Tom', Subject: 'science', Mark: 72 },
  { StudentId: 2, Name: 'Tom', Subject: 'science', Mark: 79 },
  { StudentId: 3, Name: 'Kim', Subject: 'language', Mark: 89 },
  { StudentId: 3, Name: 'Kim', Subject: 'maths', Mark: 92 },
  { StudentId: 3, Name: 'Kim', Subject: 'science', Mark: 81 },
];

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lakesql-seed001-'));
  spark = await LakeSession.builder()
    .appName('seed-001')
    .config('spark.sql.warehouse.dir', path.join(dir, 'warehouse'))
    .config('lakesql.dbfs.root', path.join(dir, 'dbfs'))
    .withOutput(() => {})
    .getOrCreate();
  // "Load the data to Databricks cluster workspace": the sample content at dbfs:/FileStore/sample_data/.
  await mkdir(path.join(dir, 'dbfs/FileStore/sample_data'), { recursive: true });
  await writeFile(path.join(dir, 'dbfs/FileStore/sample_data/sampleStudent.csv'), SAMPLE_STUDENT);
});

afterAll(async () => {
  await spark.stop();
  await rm(dir, { recursive: true, force: true });
});

const ordered = 'ORDER BY StudentId, Subject, Mark';

describe('seed 001: CSV to a Delta path, DELETE, MERGE from a temp view', () => {
  it('runs the batch part end to end', async () => {
    // %sql create database if not exists demo_db
    await spark.sql('create database if not exists demo_db');

    // dataframe = spark.read.options(header='True',inferSchema='True').csv('dbfs:/FileStore/sample_data/sampleStudent.csv')
    const dataframe = await spark.read
      .options({ header: 'True', inferSchema: 'True' })
      .csv('dbfs:/FileStore/sample_data/sampleStudent.csv');
    expect(await dataframe.dtypes()).toEqual([
      ['StudentId', 'int'],
      ['Name', 'string'],
      ['Subject', 'string'],
      ['Mark', 'int'],
    ]);

    // tableName='demo_db.score'; savePath='/tmp/demo_score' (here a fresh temp folder); sourceType='delta'
    const tableName = 'demo_db.score';
    const savePath = path.join(dir, 'tmp/demo_score');
    const sourceType = 'delta';

    // dataframe.write.format(sourceType).save(savePath)
    await dataframe.write.format(sourceType).save(savePath);

    // spark.sql("CREATE TABLE " + tableName + " USING DELTA LOCATION '" + savePath + "'")
    await spark.sql(`CREATE TABLE ${tableName} USING DELTA LOCATION '${savePath}'`);
    // display(spark.sql("SELECT * FROM " + tableName))
    expect(await (await spark.sql(`SELECT * FROM ${tableName} ${ordered}`)).collect()).toEqual(STUDENTS);

    // %sql delete from demo_db.score
    const deleted = await (await spark.sql('delete from demo_db.score')).collect();
    expect(deleted).toEqual([{ num_affected_rows: 9n }]);
    expect(await (await spark.sql(`SELECT * FROM ${tableName}`)).collect()).toEqual([]);

    // upsertDataUsingBatchLoader(df, batch_id) on the student rows (the stream's one batch; see the header).
    const df = dataframe;
    const data_msg_df = df;
    await data_msg_df.createOrReplaceTempView('temp_student_tbl');
    const merged = await (
      await spark.sql(`
    MERGE INTO demo_db.score mdt
    USING temp_student_tbl tst
    ON mdt.StudentId = tst.StudentId
    WHEN MATCHED THEN UPDATE SET *
    WHEN NOT MATCHED THEN INSERT *                     
          `)
    ).collect();
    expect(merged).toEqual([
      { num_affected_rows: 9n, num_updated_rows: 0n, num_deleted_rows: 0n, num_inserted_rows: 9n },
    ]);
    // "Finally the score table will be updated with the data."
    expect(await (await spark.sql(`SELECT * FROM ${tableName} ${ordered}`)).collect()).toEqual(STUDENTS);

    // The history: the path write, the registration (no commit), the delete, the merge.
    const history = (await (await spark.sql(`DESCRIBE HISTORY ${tableName}`)).collect())
      .map((r) => ({ version: r.version, operation: r.operation }))
      .reverse();
    expect(history).toEqual([
      { version: 0n, operation: 'WRITE' },
      { version: 1n, operation: 'DELETE' },
      { version: 2n, operation: 'MERGE' },
    ]);
    const merge = (await (await spark.sql(`DESCRIBE HISTORY ${tableName} LIMIT 1`)).collect())[0]!;
    expect(Object.fromEntries(merge.operationParameters as Map<string, string>)).toEqual({
      predicate: '["(mdt.StudentId = tst.StudentId)"]',
      matchedPredicates: '[{"actionType":"update"}]',
      notMatchedPredicates: '[{"actionType":"insert"}]',
      notMatchedBySourcePredicates: '[]',
    });
    expect(Object.fromEntries(merge.operationMetrics as Map<string, string>)).toMatchObject({
      numSourceRows: '9',
      numTargetRowsInserted: '9',
      numTargetRowsUpdated: '0',
      numTargetRowsDeleted: '0',
      numTargetRowsCopied: '0',
      numTargetFilesRemoved: '0',
    });

    // A second run of the batch loader (the same rows again): every target row now matches several source
    // rows, and UPDATE SET * fails with Delta's multiple-match error; nothing is committed.
    await expect(
      spark.sql(`
    MERGE INTO demo_db.score mdt
    USING temp_student_tbl tst
    ON mdt.StudentId = tst.StudentId
    WHEN MATCHED THEN UPDATE SET *
    WHEN NOT MATCHED THEN INSERT *                     
          `),
    ).rejects.toMatchObject({ errorClass: 'DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE' });
    expect(
      (await (await spark.sql(`DESCRIBE HISTORY ${tableName}`)).collect()).map((r) => r.version),
    ).toEqual([2n, 1n, 0n]);
  });
});

describe('seed 001: the streaming part (readStream of ORC files, foreachBatch MERGE, trigger once)', () => {
  const studentDir = () => path.join(dir, 'dbfs/FileStore/sample_data/student_data');
  const writeStudents = async (
    name: string,
    rows: readonly (readonly [number, string, string, number])[],
  ) => {
    const schema = parseSchemaDdl('StudentId int, Name string, Subject string, Mark int');
    await mkdir(studentDir(), { recursive: true });
    await writeFile(
      path.join(studentDir(), name),
      await writeOrcFile(
        schema,
        rows.map((r) => [...r]),
      ),
    );
  };

  /** The write-up's streaming code, line by line; returns the finished query. */
  const runSeedStream = async () => {
    // rdSchema = ("StudentId int, " + "Name string, " + "Subject string, " + "Mark int")
    const rdSchema = 'StudentId int, ' + 'Name string, ' + 'Subject string, ' + 'Mark int';
    // data_readstream = (spark.readStream.schema(rdSchema).format("orc").load('/dbfs/FileStore/sample_data/student_data/'))
    const data_readstream = spark.readStream
      .schema(rdSchema)
      .format('orc')
      .load('/dbfs/FileStore/sample_data/student_data/');
    expect(data_readstream.isStreaming).toBe(true);

    // def upsertDataUsingBatchLoader(df, batch_id): …
    async function upsertDataUsingBatchLoader(df: DataFrame, _batch_id: number) {
      const data_msg_df = df;
      // data_msg_df.createOrReplaceTempView("temp_student_tbl")
      await data_msg_df.createOrReplaceTempView('temp_student_tbl');
      // data_msg_df._jdf.sparkSession().sql("""MERGE INTO … """)
      await data_msg_df.sparkSession.sql(`
    MERGE INTO demo_db.score mdt
    USING temp_student_tbl tst
    ON mdt.StudentId = tst.StudentId
    WHEN MATCHED THEN UPDATE SET *
    WHEN NOT MATCHED THEN INSERT *                     
          `);
    }

    // data_writestream = (data_readstream.repartition(1).writeStream.trigger(once=True).format('delta')
    //   .option('checkpointLocation', '/dbfs/FileStore/sample_data/update_tbl/').foreachBatch(upsertDataUsingBatchLoader).start())
    const data_writestream = await data_readstream
      .repartition(1)
      .writeStream.trigger({ once: true })
      .format('delta')
      .option('checkpointLocation', '/dbfs/FileStore/sample_data/update_tbl/')
      .foreachBatch(upsertDataUsingBatchLoader)
      .start();
    // data_writestream.awaitTermination()
    await data_writestream.awaitTermination();
    expect(data_writestream.isActive).toBe(false);
    return data_writestream;
  };

  it('upserts the ORC files into score, then only new files on later runs', async () => {
    // "%sql delete from demo_db.score": start from the empty table, as the write-up does.
    await spark.sql('delete from demo_db.score');
    await writeStudents('part-00000.orc', [
      [1, 'Ram', 'science', 80],
      [1, 'Ram', 'maths', 90],
      [1, 'Ram', 'language', 85],
      [2, 'Tom', 'science', 72],
      [2, 'Tom', 'maths', 75],
      [2, 'Tom', 'science', 79],
      [3, 'Kim', 'science', 81],
      [3, 'Kim', 'maths', 92],
      [3, 'Kim', 'language', 89],
    ]);

    const first = await runSeedStream();
    expect(first.lastProgress).toMatchObject({ batchId: 0, numInputRows: 9 });
    // "Finally the score table will be updated with the data."
    expect(await (await spark.sql(`SELECT * FROM demo_db.score ${ordered}`)).collect()).toEqual(STUDENTS);

    // A new file lands in the folder: the same query and checkpoint take only that file, as batch 1.
    await writeStudents('part-00001.orc', [
      [4, 'Ann', 'science', 70],
      [4, 'Ann', 'maths', 88],
    ]);
    const second = await runSeedStream();
    expect(second.id).toBe(first.id);
    expect(second.runId).not.toBe(first.runId);
    expect(second.lastProgress).toMatchObject({ batchId: 1, numInputRows: 2 });
    expect(await (await spark.sql(`SELECT * FROM demo_db.score ${ordered}`)).collect()).toEqual([
      ...STUDENTS,
      { StudentId: 4, Name: 'Ann', Subject: 'maths', Mark: 88 },
      { StudentId: 4, Name: 'Ann', Subject: 'science', Mark: 70 },
    ]);

    // Nothing new: trigger once runs no batch, and the table is untouched.
    const third = await runSeedStream();
    expect(third.lastProgress).toBeNull();
    expect(await (await spark.sql('SELECT count(*) AS n FROM demo_db.score')).collect()).toEqual([
      { n: 11n },
    ]);
  });
});
