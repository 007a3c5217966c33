/**
 * `lakesql demo`: the seeds' walk-throughs on the embedded warehouse, through the public API as a user
 * would write them (LakeSession, spark.sql, spark.read, readStream/writeStream/foreachBatch). Seed 000 is the
 * employees example (target and lookup tables, a FULL OUTER JOIN temp table, a DESCRIBE-driven INSERT);
 * seed 001 the students example (CSV to a Delta path, demo_db.score over it, DELETE, an ORC folder, a
 * trigger-once stream with a foreachBatch MERGE). The tables stay registered in the warehouse's catalog for
 * `lakesql sql` to query; each run starts from a clean demo state (demo/demo-state.ts).
 */
import { LakeSession } from '../api/lake-session.js';
import { isLakesqlError } from '../errors/index.js';
import { DemoTables, demoPaths } from './demo/demo-state.js';
import { nextCommands } from './demo/next-commands.js';
import { DemoPrinter } from './demo/printer.js';
import { walkSeed000 } from './demo/seed-000-employees.js';
import { walkSeed001Stream } from './demo/seed-001-stream.js';
import { walkSeed001Batch } from './demo/seed-001-students.js';

export async function runDemo(warehouse: string | undefined, print: (s: string) => void): Promise<void> {
  // show() and friends are not used; the printer renders every table itself.
  const spark = await LakeSession.create({
    ...(warehouse === undefined ? {} : { warehouse }),
    output: () => {},
  });
  try {
    const paths = demoPaths(spark.warehouseDir);
    // The seeds' dbfs:/FileStore/... paths land in the demo's own folder, not in a shared DBFS folder.
    spark.conf.set('lakesql.dbfs.root', paths.dbfsRoot);
    const out = new DemoPrinter(print);
    out.line(`lakesql demo on the warehouse ${spark.warehouseDir}`);
    const tables = await DemoTables.cleanStart(spark, paths).catch((e: unknown) => {
      if (isLakesqlError(e, 'TABLE_OR_VIEW_ALREADY_EXISTS')) {
        print(
          `The demo creates ${e.messageParameters.relationName}, and a table of that name already exists that ` +
            'an earlier demo did not create; it is left as it is. Run the demo on another warehouse: ' +
            'lakesql demo --warehouse <dir>',
        );
      }
      throw e;
    });

    await walkSeed000(spark, tables, out);
    await walkSeed001Batch(spark, tables, paths, out);
    await walkSeed001Stream(spark, paths, out);

    out.line();
    for (const line of nextCommands(warehouse, paths.savePath)) out.line(line);
  } finally {
    spark.stop();
  }
}
