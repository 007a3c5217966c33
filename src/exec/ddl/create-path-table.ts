/**
 * CREATE [OR REPLACE] TABLE delta.`/path` … [AS SELECT] (Delta's quick start): a path-based Delta table,
 * created or replaced at that path with no catalog entry, as DeltaCatalog does for a path identifier. The
 * table exists when its log does: then CREATE fails (TABLE_OR_VIEW_ALREADY_EXISTS) unless IF NOT EXISTS, and
 * REPLACE overwrites it in one commit; REPLACE of a missing table fails. A LOCATION must name the same path.
 */

import { fileRowsSql } from '../../engine/file-readers/file-rows-sql.js';
import { LakesqlError } from '../../errors/index.js';
import type { CreateTable } from '../../sql/ast/statements-ddl.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import type { CommandContext } from '../command-context.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import type { StatementResult } from '../statement-result.js';
import { requestedClustering } from '../write/clustering-definition.js';
import { writeDelta } from '../write/delta-write.js';
import { createDefinition, createOperation } from './create-table.js';

export async function createPathTable(
  session: CommandContext,
  stmt: CreateTable,
  path: string,
): Promise<StatementResult> {
  const identifier = `delta.\`${path}\``;
  if (stmt.location !== null && stmt.location !== path) {
    throw new LakesqlError('DELTA_CREATE_TABLE_IDENTIFIER_LOCATION_MISMATCH', {
      identifier,
      location: stmt.location,
    });
  }
  const clusterBy = requestedClustering(stmt, 'delta');
  const relationName = `\`delta\`.\`${path}\``;
  const store = storeForUrl(resolveUserPath(path, session));
  const exists = (await store.list('_delta_log/')).length > 0;
  if (exists) {
    if (stmt.ifNotExists) return { kind: 'done' };
    if (stmt.mode === 'create') throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', { relationName });
  } else if (stmt.mode === 'replace') {
    throw new LakesqlError('CANNOT_REPLACE_MISSING_TABLE', { relationName });
  }
  const definition = await createDefinition(session, stmt, identifier);
  try {
    const schema = definition.schema;
    if (!schema) {
      throw new LakesqlError('DELTA_CANNOT_CREATE_TABLE_WITHOUT_SCHEMA', { tableName: identifier, path });
    }
    await writeDelta(session.engine, session.parquet, store, {
      sourceSql: definition.sourceSql ?? fileRowsSql({ schema, rows: [] }),
      schema,
      mode: exists ? 'overwrite' : 'errorIfExists',
      replace: stmt.mode !== 'create',
      partitionBy: definition.partitionBy,
      properties: definition.properties,
      ...(stmt.comment !== null ? { description: stmt.comment } : {}),
      ...userMetadataOf(session),
      createOperation: createOperation(stmt),
      conf: session.conf,
      ...(clusterBy ? { clusterBy } : {}),
    });
  } finally {
    await definition.release();
  }
  return { kind: 'done' };
}
