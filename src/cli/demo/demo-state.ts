/**
 * Where the demo keeps its files, and how each run starts clean without touching anything it did not make.
 *
 * Everything the demo writes outside the catalog lives in `<warehouse>/_lakesql_demo/`: the folder that
 * stands for DBFS (`lakesql.dbfs.root`, so the seeds' `dbfs:/FileStore/...` paths run as written), the
 * Delta path under demo_db.score, and `created-tables.json`, the Delta table id of every table the demo
 * created. A new run drops only the recorded tables whose id still matches, then removes the folder; a table
 * of a demo name that the demo did not create stops the demo before anything changes.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LakeSession } from '../../api/lake-session.js';
import { LakesqlError } from '../../errors/index.js';

/** The leading `_` keeps the folder out of Spark's listings of the warehouse, as `_lakesql_catalog`. */
export const DEMO_FOLDER = '_lakesql_demo';

/** Every table the demo creates, qualified, in the order it creates them. */
export const DEMO_TABLES = [
  'default.employees_target1',
  'default.employees_lookup2',
  'default.employees_temp_table1',
  'demo_db.score',
] as const;

export interface DemoPaths {
  readonly root: string;
  /** The local folder that stands for DBFS during the demo. */
  readonly dbfsRoot: string;
  /** Seed 001's savePath (`/tmp/demo_score` in the write-up): the Delta path demo_db.score is over. */
  readonly savePath: string;
  readonly record: string;
}

export function demoPaths(warehouseDir: string): DemoPaths {
  const root = path.join(warehouseDir, DEMO_FOLDER);
  return {
    root,
    dbfsRoot: path.join(root, 'dbfs'),
    savePath: path.join(root, 'tmp', 'demo_score'),
    record: path.join(root, 'created-tables.json'),
  };
}

/** The tables this demo run created, written to disk after each one so an interrupted run cleans up too. */
export class DemoTables {
  readonly #created: Record<string, string> = {};

  private constructor(
    private readonly spark: LakeSession,
    private readonly paths: DemoPaths,
  ) {}

  /** Drops the previous run's tables and folder, and returns an empty record for this run. */
  static async cleanStart(spark: LakeSession, paths: DemoPaths): Promise<DemoTables> {
    const previous = await readRecord(paths.record);
    const toDrop: string[] = [];
    for (const name of DEMO_TABLES) {
      if (!(await spark.catalog.tableExists(name))) continue;
      if (previous[name] === undefined || previous[name] !== (await tableId(spark, name))) {
        // Not the demo's: refuse rather than drop or write into a user's table.
        throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', { relationName: quoteName(name) });
      }
      toDrop.push(name);
    }
    for (const name of toDrop) await spark.sql(`DROP TABLE ${quoteName(name)}`);
    await rm(paths.root, { recursive: true, force: true });
    await mkdir(paths.root, { recursive: true });
    const tables = new DemoTables(spark, paths);
    await tables.save();
    return tables;
  }

  /** Records a table the demo has just created (by its Delta table id). */
  async created(name: (typeof DEMO_TABLES)[number]): Promise<void> {
    this.#created[name] = await tableId(this.spark, name);
    await this.save();
  }

  private save(): Promise<void> {
    return writeFile(this.paths.record, `${JSON.stringify(this.#created, null, 2)}\n`);
  }
}

async function readRecord(file: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
}

/** The Delta table id (metaData.id) DESCRIBE DETAIL reports: it tells the demo's table from a namesake. */
async function tableId(spark: LakeSession, name: string): Promise<string> {
  const [detail] = await (await spark.sql(`DESCRIBE DETAIL ${quoteName(name)}`)).collect();
  return String(detail?.id);
}

function quoteName(name: string): string {
  return name
    .split('.')
    .map((p) => `\`${p}\``)
    .join('.');
}
