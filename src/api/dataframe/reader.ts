/**
 * spark.read: PySpark's DataFrameReader. `format(f).option(k, v).options({…}).schema(s).load(path | paths)`
 * and the shortcuts csv/json/parquet/text/table. Like Spark, load() lists the files and settles the schema
 * at once (a missing path fails here with PATH_NOT_FOUND, an inferred schema is computed once); the
 * DataFrame then reads through `read_files(…)` with that schema pinned, so every action reads the files
 * again, as Spark's do. What settling the schema learned from a plain CSV file's bytes travels with the
 * call, so an action does not scan them again while the files are unchanged.
 */
import { readFilesSql } from '../../engine/file-readers/read-files.js';
import { sessionReadSettings } from '../../exec/file-tables/file-path-table.js';
import { readFilesCall } from '../../exec/file-tables/read-files-call.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { freshAlias, openFrame, parseColumnName } from '../../sql/ast/frame.js';
import { tableRelation } from '../../sql/ast/node-builders.js';
import type { LakeSession } from '../lake-session.js';
import { DataFrame } from './dataframe.js';
import { SourceSettings } from './source-settings.js';
import { timeTravelFromOptions } from './time-travel-options.js';

export class DataFrameReader extends SourceSettings {
  constructor(private readonly session: LakeSession) {
    super();
  }

  async load(path?: string | readonly string[]): Promise<DataFrame> {
    const paths = path === undefined ? [] : typeof path === 'string' ? [path] : [...path];
    if (paths.length === 0 && this.optionMap.has('path')) paths.push(this.optionMap.get('path')!);
    if (this.formatName === 'delta') return this.deltaOrTable(['delta', paths[0] ?? ''], 'load');
    const options = new DataSourceOptions(
      [...this.optionMap.entries()].filter(([k]) => k.toLowerCase() !== 'path'),
    );
    const sqlSession = this.session.sqlSession;
    const read = await readFilesSql(sqlSession.engine, {
      format: this.formatName,
      paths,
      options,
      ...(this.userSchema ? { schema: this.userSchema } : {}),
      ...sessionReadSettings({
        engine: sqlSession.engine,
        conf: sqlSession.conf,
        warehouse: this.session.warehouseDir,
      }),
    });
    // This read only settles the schema; every action reads the files again through read_files(), reusing
    // what this one learned from the bytes while the files are the same (formats/csv/csv-plain-decision.ts).
    await read.release?.();
    const relation = {
      ...readFilesCall(paths, this.formatName, options, read.schema),
      ...(read.decided ? { decided: read.decided } : {}),
    };
    const alias = freshAlias();
    return new DataFrame(
      this.session,
      () => openFrame({ ...relation, alias: { name: alias, columns: [] } }),
      alias,
    );
  }

  csv(path: string | readonly string[]): Promise<DataFrame> {
    return this.format('csv').load(path);
  }

  json(path: string | readonly string[]): Promise<DataFrame> {
    return this.format('json').load(path);
  }

  parquet(path: string | readonly string[]): Promise<DataFrame> {
    return this.format('parquet').load(path);
  }

  orc(path: string | readonly string[]): Promise<DataFrame> {
    return this.format('orc').load(path);
  }

  text(path: string | readonly string[]): Promise<DataFrame> {
    return this.format('text').load(path);
  }

  /** spark.read.table(name), time travelling with the versionAsOf / timestampAsOf options. */
  table(name: string): Promise<DataFrame> {
    return this.deltaOrTable(parseColumnName(name), 'table');
  }

  /**
   * A table (or delta.`/path`) read at the snapshot the time travel options name, through the relation's
   * own AS OF clause; resolved now, so a missing table or version fails here, as in Spark.
   */
  private async deltaOrTable(parts: readonly string[], entry: 'load' | 'table'): Promise<DataFrame> {
    const timeTravel = timeTravelFromOptions(this.optionMap, entry);
    const alias = freshAlias();
    const relation = { ...tableRelation(parts, alias), timeTravel };
    const df = new DataFrame(this.session, () => openFrame(relation), alias);
    await this.session.sqlSession.checkQuery(await df.query());
    return df;
  }
}
