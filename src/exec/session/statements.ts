/**
 * Statement dispatch: each statement kind to the file that runs it. A statement either returns rows (queries,
 * SHOW, DESCRIBE, DML metrics) or is done; a failed statement changes nothing.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Statement } from '../../sql/ast/statements.js';
import { convertToDelta } from '../convert/convert-to-delta.js';
import { copyInto } from '../copy-into/copy-into.js';
import { alterTable } from '../ddl/alter-table.js';
import { alterViewAs, alterViewSchemaBinding } from '../ddl/alter-view.js';
import { createTable } from '../ddl/create-table.js';
import { createTempViewUsing } from '../ddl/create-temp-view-using.js';
import { createView } from '../ddl/create-view.js';
import { alterDatabase, createDatabase, dropDatabase, useDatabase } from '../ddl/databases.js';
import { describeStatement } from '../ddl/describe.js';
import { dropTable, dropView } from '../ddl/drop.js';
import { declareVariable, dropVariable, setVariables } from '../ddl/session-variables.js';
import { resetConf, setConf } from '../ddl/set-conf.js';
import { setTimeZone } from '../ddl/set-time-zone.js';
import { showStatement } from '../ddl/show.js';
import { createFunction, dropFunction } from '../ddl/sql-functions.js';
import { deleteFrom } from '../dml/delete.js';
import { insertInto } from '../dml/insert.js';
import { mergeInto } from '../dml/merge/merge-into.js';
import { reorgTable } from '../dml/reorg.js';
import { restoreTable } from '../dml/restore.js';
import { updateTable } from '../dml/update.js';
import { explainStatement } from '../explain/explain-statement.js';
import { cloneStatement } from '../maintenance/clone-table.js';
import { createTableLike } from '../maintenance/create-table-like.js';
import { fsckRepairTable } from '../maintenance/fsck.js';
import { optimizeTable } from '../maintenance/optimize.js';
import { generateStatement } from '../maintenance/symlink-manifest.js';
import { truncateTable } from '../maintenance/truncate-table.js';
import { vacuumTable } from '../maintenance/vacuum.js';
import type { StatementResult } from '../statement-result.js';
import { executeImmediate } from './execute-immediate.js';
import type { SqlSession } from './sql-session.js';

export async function executeStatement(session: SqlSession, stmt: Statement): Promise<StatementResult> {
  switch (stmt.kind) {
    case 'queryStatement':
      return { kind: 'rows', ...(await session.runQuery(stmt.query)) };
    case 'createTable':
      // CLONE and LIKE copy another table: table utilities (maintenance/), above the DDL they build on.
      if (stmt.clone) return cloneStatement(session, stmt);
      if (stmt.like) return createTableLike(session, stmt);
      return createTable(session, stmt);
    case 'createView':
      return createView(session, stmt);
    case 'createTempViewUsing':
      return createTempViewUsing(session, stmt);
    case 'dropTable':
      return dropTable(session, stmt);
    case 'dropView':
      return dropView(session, stmt);
    case 'createDatabase':
      return createDatabase(session, stmt);
    case 'alterDatabase':
      return alterDatabase(session, stmt);
    case 'dropDatabase':
      return dropDatabase(session, stmt);
    case 'use':
      return useDatabase(session, stmt);
    case 'set':
      return setConf(session, stmt);
    case 'setTimeZone':
      return setTimeZone(session, stmt);
    case 'reset':
      return resetConf(session, stmt);
    case 'alterTable':
      return alterTable(session, stmt);
    case 'alterViewAs':
      return alterViewAs(session, stmt.name.parts, stmt.query);
    case 'alterViewSchemaBinding':
      return alterViewSchemaBinding(session, stmt.name.parts, stmt.schemaBinding);
    case 'describeTable':
    case 'describeDetail':
    case 'describeHistory':
    case 'describeQuery':
    case 'describeDatabase':
    case 'describeFunction':
      return describeStatement(session, stmt);
    case 'showDatabases':
    case 'showTables':
    case 'showColumns':
    case 'showTblProperties':
    case 'showCreateTable':
    case 'showFunctions':
    case 'showPartitions':
    case 'showCatalogs':
      return showStatement(session, stmt);
    case 'insert':
      return insertInto(session, stmt);
    case 'merge':
      return mergeInto(session, stmt);
    case 'delete':
      return deleteFrom(session, stmt);
    case 'update':
      return updateTable(session, stmt);
    case 'explain':
      return explainStatement(session, stmt);
    case 'restore':
      return restoreTable(session, stmt);
    case 'reorg':
      return reorgTable(session, stmt);
    case 'vacuum':
      return vacuumTable(session, stmt);
    case 'fsckRepair':
      return fsckRepairTable(session, stmt);
    case 'optimize':
      return optimizeTable(session, {
        table: stmt.table,
        where: stmt.where,
        zOrderBy: stmt.zorderBy,
        full: stmt.full,
      });
    case 'copyInto':
      return copyInto(session, stmt);
    case 'convertToDelta':
      return convertToDelta(session, stmt);
    case 'truncateTable':
      return truncateTable(session, stmt);
    case 'generate':
      return generateStatement(session, stmt);
    case 'cacheTable':
    case 'uncacheTable':
    case 'clearCache':
    case 'refresh':
    case 'analyzeTable':
      // Caching and statistics only tune Spark's performance; lakesql reads the current snapshot anyway.
      return { kind: 'done' };
    case 'declareVariable':
      return declareVariable(session, stmt);
    case 'setVariables':
    case 'setVariablesFromQuery':
      return setVariables(session, stmt);
    case 'dropVariable':
      return dropVariable(session, stmt);
    case 'executeImmediate':
      return executeImmediate(session, stmt, (inner) => executeStatement(session, inner));
    case 'createFunction':
      return createFunction(session, stmt);
    case 'dropFunction':
      return dropFunction(session, stmt);
    default:
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `the statement ${stmt.kind}` });
  }
}
