/**
 * DataFrameWriter.save for the file sources (parquet, csv, json, text): the DataFrame compiled to engine
 * SQL and written by engine/file-writers with Spark's layout, save modes and options. `dbfs:/` and `/dbfs/`
 * paths land under the configured DBFS root, as reads do.
 */

import { type WriteFilesResult, writeFiles } from '../../engine/file-writers/write-files.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { compileWriteRows } from '../../exec/write/write-rows.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { outputCodec, writeFileFormat } from '../../formats/writers/output-layout.js';
import type { Query } from '../../sql/ast/query.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import type { WriteMode } from './write-delta.js';

export interface FileWriteSpec {
  readonly format: string;
  readonly query: Query;
  readonly mode: WriteMode;
  readonly partitionBy: readonly string[];
  readonly options: ReadonlyMap<string, string>;
  /** False for a streaming file sink, which commits through its `_spark_metadata` log. */
  readonly successMarker?: boolean;
}

export async function saveFiles(
  session: SqlSession,
  path: string,
  spec: FileWriteSpec,
): Promise<WriteFilesResult> {
  const format = writeFileFormat(spec.format);
  const options = new DataSourceOptions(spec.options);
  const codec = outputCodec(format, options);
  const { schema, compiled } = await compileWriteRows(session, spec.query);
  try {
    return await writeFiles(session.engine, storeForUrl(resolveUserPath(path, session)), {
      sourceSql: compiled.sql,
      schema,
      codec,
      options,
      partitionBy: spec.partitionBy,
      mode: spec.mode,
      timeZone: session.conf.get('spark.sql.session.timeZone') ?? 'UTC',
      ...(spec.successMarker === undefined ? {} : { successMarker: spec.successMarker }),
    });
  } finally {
    await compiled.release();
  }
}
