/**
 * Seed 001, the batch part: the sample CSV read with inferSchema, written to a Delta path, registered as
 * demo_db.score with `CREATE TABLE … USING DELTA LOCATION`, emptied with DELETE; then the ORC folder the
 * write-up's stream reads ("the orc file created from the Delta table"), written by lakesql's ORC writer
 * from the table as it was before the DELETE. The streaming part is seed-001-stream.ts.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LakeSession } from '../../api/lake-session.js';
import type { DemoPaths, DemoTables } from './demo-state.js';
import type { DemoPrinter } from './printer.js';
import { SAMPLE_STUDENT_CSV } from './student-data.js';

/** The folder the stream reads, as the write-up names it (under the demo's DBFS root). */
export const STUDENT_DATA = '/dbfs/FileStore/sample_data/student_data/';

export async function walkSeed001Batch(
  spark: LakeSession,
  tables: DemoTables,
  paths: DemoPaths,
  out: DemoPrinter,
): Promise<void> {
  out.seed('001', 'a CSV into a Delta table, DELETE, then a trigger-once stream of ORC files MERGEd into it');

  // %sql create database if not exists demo_db
  await spark.sql('create database if not exists demo_db');

  // "Load the data to Databricks cluster workspace": the sample content at dbfs:/FileStore/sample_data/.
  await mkdir(path.join(paths.dbfsRoot, 'FileStore', 'sample_data'), { recursive: true });
  await writeFile(
    path.join(paths.dbfsRoot, 'FileStore', 'sample_data', 'sampleStudent.csv'),
    SAMPLE_STUDENT_CSV,
  );

  const dataframe = await spark.read
    .options({ header: 'True', inferSchema: 'True' })
    .csv('dbfs:/FileStore/sample_data/sampleStudent.csv');
  const inferred = (await dataframe.dtypes()).map(([name, type]) => `${name} ${type}`).join(', ');
  await out.step(
    `spark.read.options(header='True', inferSchema='True').csv('dbfs:/FileStore/sample_data/sampleStudent.csv'): ${inferred}`,
    dataframe,
  );

  const tableName = 'demo_db.score';
  const savePath = paths.savePath;
  await dataframe.write.format('delta').save(savePath);
  await spark.sql(`CREATE TABLE ${tableName} USING DELTA LOCATION '${savePath.replaceAll("'", "\\'")}'`);
  await tables.created(tableName);
  await out.step(
    `dataframe.write.format('delta').save(savePath), then CREATE TABLE ${tableName} USING DELTA LOCATION savePath: ` +
      `SELECT * FROM ${tableName}`,
    await spark.sql(`SELECT * FROM ${tableName} ORDER BY StudentId, Subject, Mark`),
    [`savePath = ${savePath}`],
  );

  await out.step(
    `delete from ${tableName}: the table starts empty (version 1); version 0 keeps the rows`,
    await spark.sql(`delete from ${tableName}`),
  );

  // The ORC folder the stream reads: demo_db.score before the DELETE, written by lakesql's ORC writer.
  await (await spark.sql(`SELECT * FROM ${tableName} VERSION AS OF 0`)).write
    .format('orc')
    .save(STUDENT_DATA);
  out.table(
    `SELECT * FROM ${tableName} VERSION AS OF 0, written with .write.format('orc').save('${STUDENT_DATA}'): the files`,
    await orcFiles(spark, paths),
    ['file', 'rows', 'bytes'],
  );
}

/** The ORC files in the stream's folder (not `_SUCCESS` or hidden files), with their row counts. */
export async function orcFiles(
  spark: LakeSession,
  paths: DemoPaths,
): Promise<{ file: string; rows: number; bytes: number }[]> {
  const dir = path.join(paths.dbfsRoot, 'FileStore', 'sample_data', 'student_data');
  const names = (await readdir(dir)).filter((n) => !n.startsWith('_') && !n.startsWith('.')).sort();
  const files = [];
  for (const file of names) {
    const rows = await (await spark.read.orc(`${STUDENT_DATA}${file}`)).count();
    files.push({ file, rows, bytes: (await stat(path.join(dir, file))).size });
  }
  return files;
}
