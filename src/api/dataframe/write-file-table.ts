/**
 * DataFrameWriter.saveAsTable with a file format (csv, json, text, parquet), as Spark's
 * DataFrameWriter.saveAsTable runs it for a v1 source: a new table is created (CREATE TABLE AS SELECT, the
 * writer's options becoming the table's OPTIONS, a `path` option making it external); an existing one is
 * left alone (ignore), refused (errorifexists), appended to by column name after PreprocessTableCreation's
 * format check (append), or dropped and created again from the DataFrame (overwrite).
 */
import { LakesqlError } from '../../errors/index.js';
import { insertInto } from '../../exec/dml/insert.js';
import { createFileTable } from '../../exec/file-tables/create-file-table.js';
import { PROVIDER_CLASS } from '../../exec/file-tables/file-table.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { compileWriteRows } from '../../exec/write/write-rows.js';
import { writeFileFormat } from '../../formats/writers/output-layout.js';
import { insertStatement } from './write-delta.js';
import type { FileWriteSpec } from './write-files.js';

export async function saveAsFileTable(
  session: SqlSession,
  parts: readonly string[],
  spec: FileWriteSpec,
): Promise<void> {
  const format = writeFileFormat(spec.format);
  const id = session.catalog.qualifyTableName(parts);
  const catalog = session.catalog.catalog;
  const existing = await catalog.lookupTable(id.database, id.name);
  const displayName = `\`spark_catalog\`.\`${id.database}\`.\`${id.name}\``;
  if (existing) {
    if (spec.mode === 'ignore') return;
    if (spec.mode === 'errorifexists') {
      throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', {
        relationName: `\`${id.database}\`.\`${id.name}\``,
      });
    }
    if (existing.tableType === 'VIEW') {
      throw new LakesqlError('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE', {
        viewName: `\`${id.database}\`.\`${id.name}\``,
        operation: 'saveAsTable',
      });
    }
    if (spec.mode === 'append') {
      if (existing.provider !== format) {
        throw new LakesqlError('_LEGACY_ERROR_TEMP_1159', {
          tableName: displayName,
          existingProvider: PROVIDER_CLASS[existing.provider] ?? existing.provider,
          specifiedProvider: PROVIDER_CLASS[format] ?? format,
        });
      }
      const insert = insertStatement(
        parts,
        { query: spec.query, mode: 'append', replaceWhere: null, mergeSchema: false },
        true,
      );
      await insertInto(session, insert);
      return;
    }
  }
  // The rows are compiled before an overwrite drops the old table (Spark analyzes the DataFrame first too).
  const { schema, compiled } = await compileWriteRows(session, spec.query);
  const options = Object.fromEntries([...spec.options].filter(([k]) => k !== 'path'));
  try {
    if (existing) await catalog.dropTable(id.database, id.name, { ignoreIfNotExists: true });
    await createFileTable(
      session,
      {
        id,
        format,
        schema,
        partitionColumns: spec.partitionBy,
        options,
        location: spec.options.get('path'),
        properties: {},
        comment: undefined,
        ifNotExists: false,
      },
      compiled.sql,
    );
  } finally {
    await compiled.release();
  }
}
