/**
 * CREATE [OR REPLACE] [GLOBAL] TEMPORARY VIEW v [(a INT, …)] USING csv | json | parquet | orc | text | delta
 * OPTIONS (path '…', …): Spark's CreateTempViewUsing. As Spark resolves the data source when the view is
 * created, the files are read here once: a missing path fails now, and an inferred schema is settled now
 * and kept, so later reads see the same columns. A Delta source is a view over delta.`path` (latest
 * snapshot at each use); Delta refuses a schema given at read time.
 */
import { fileRowsSql } from '../../engine/file-readers/file-rows-sql.js';
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { columnsToSchema } from '../../plan/types/sql-schema.js';
import type { CreateTempViewUsing } from '../../sql/ast/statements-ddl.js';
import { parseStatement } from '../../sql/index.js';
import { quoteIdentifier } from '../../sql/printer/quoting.js';
import type { CommandContext } from '../command-context.js';
import { filePathRelation } from '../file-tables/file-path-table.js';
import { isFileTableProvider } from '../file-tables/file-table.js';
import type { TempView } from '../relations/temp-view.js';
import type { StatementResult } from '../statement-result.js';
import { propertyMap } from './properties.js';

export async function createTempViewUsing(
  session: CommandContext,
  stmt: CreateTempViewUsing,
): Promise<StatementResult> {
  const view = await viewOver(session, stmt);
  if (stmt.global) session.catalog.createGlobalTempView(stmt.name.parts, view, stmt.orReplace);
  else session.catalog.createTempView(stmt.name.parts, view, stmt.orReplace);
  return { kind: 'done' };
}

async function viewOver(session: CommandContext, stmt: CreateTempViewUsing): Promise<TempView> {
  const provider = stmt.provider.toLowerCase();
  const all = propertyMap(stmt.options);
  const pathKey = Object.keys(all).find((k) => k.toLowerCase() === 'path');
  const path = pathKey === undefined ? undefined : all[pathKey];
  const rest = Object.fromEntries(Object.entries(all).filter(([k]) => k !== pathKey));
  if (provider === 'delta') {
    if (stmt.columns) throw new LakesqlError('DELTA_UNSUPPORTED_SCHEMA_DURING_READ', {});
    if (path === undefined) throw missingPath(provider);
    const parsed = parseStatement(`SELECT * FROM delta.${quoteIdentifier(path)}`);
    if (parsed.kind !== 'queryStatement') throw new Error('a SELECT parses as a query');
    await session.analyze(parsed.query);
    return { kind: 'query', query: parsed.query, columnNames: null };
  }
  if (!isFileTableProvider(provider)) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `CREATE TEMPORARY VIEW … USING ${stmt.provider} (csv, json, parquet, orc, text and delta are read)`,
    });
  }
  const given = stmt.columns ? columnsToSchema(stmt.columns) : undefined;
  if (path === undefined) {
    // Spark lists no files for a file source without a path: with the columns given, the view is empty.
    if (!given) throw missingPath(provider);
    return { kind: 'engineSql', sql: fileRowsSql({ schema: given, rows: [] }), schema: given };
  }
  const options = DataSourceOptions.from(rest);
  const read = await filePathRelation(session, provider, [path], options, given, [stmt.name.parts.at(-1)!]);
  if (read.kind !== 'engineSql') throw new Error('a file read is engine SQL');
  await read.release?.();
  return { kind: 'files', format: provider, paths: [path], options, schema: read.schema };
}

/** Spark's DataSource.resolveRelation for a file source without a path or columns: nothing to infer from. */
function missingPath(provider: string): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE', {
    feature: `a ${provider} temporary view without OPTIONS (path '…')`,
  });
}
