import {
  CHANGE_TYPE_COLUMN,
  type ChangeDataFile,
  type ChangeDataPlan,
  COMMIT_TIMESTAMP_COLUMN,
  COMMIT_VERSION_COLUMN,
} from '../delta/change-data-feed.js';
import type { ScanFile, ScanPlan } from '../delta/scan-plan.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  LongType,
  StringType,
  type StructField,
  type StructType,
  TimestampType,
} from '../types/data-types.js';
import type { EngineSession } from './engine-session.js';
import { type ScanRelation, scanRelation } from './snapshot-scan.js';
import { quoteIdentifier, quoteString } from './sql-text.js';

const CHANGE_INDEX_COLUMN = '__lakesql_change_index';

/** What a read of change files needs: the files, the last version, and the table they are read as. */
export interface ChangeDataRead {
  readonly endVersion: number;
  readonly snapshot: Pick<ChangeDataPlan['snapshot'], 'schema' | 'partitionColumns' | 'columnMappingMode'>;
  readonly files: readonly ChangeDataFile[];
}

/** The feed's rows as DuckDB SQL: the table's columns, then _change_type, _commit_version, _commit_timestamp. */
export interface ChangeDataRelation extends ScanRelation {
  readonly schema: StructType;
}

/**
 * Reads a change data plan with the snapshot scan (so partition values, column mapping, deletion vectors
 * and schema evolution are handled as for any read), each file tagged with its change type and commit.
 * A file can appear more than once (added in one commit, removed in a later one) and the scan joins
 * per-file facts by file name, so the files are split into batches in which each path occurs once.
 */
export async function changeDataRelation(
  session: EngineSession,
  store: ObjectStore,
  plan: ChangeDataRead,
): Promise<ChangeDataRelation> {
  const table = plan.snapshot.schema;
  const schema = changeDataSchema(table);
  const tablePlan: ScanPlan = {
    version: plan.endVersion,
    schema: table,
    partitionColumns: plan.snapshot.partitionColumns,
    columnMappingMode: plan.snapshot.columnMappingMode,
    files: [],
    totalFiles: 0,
  };
  const scans: ScanRelation[] = [];
  const release = async () => {
    for (const s of scans) await s.release();
  };
  try {
    const selects: string[] = [];
    const singleFileScan = async (file: ScanFile) => {
      const scan = await scanRelation(session, store, { ...tablePlan, files: [file], totalFiles: 1 });
      scans.push(scan);
      return scan.sql;
    };
    for (const f of plan.files) {
      if (f.source !== 'deletionVectorUpdate') continue;
      // A deletion vector can grow (DELETE, UPDATE) or shrink (RESTORE). Rows live under only the old vector
      // were deleted, rows live under only the new one re-inserted; as multisets of values, EXCEPT ALL in
      // each direction gives exactly those rows (a row dropped and restored with equal values cancels out).
      const before = await singleFileScan(f.file);
      const after = await singleFileScan(f.after!);
      for (const [changeType, from, less] of [
        ['delete', before, after],
        ['insert', after, before],
      ] as const) {
        const columns = [
          ...table.fields.map((c) => `"s".${quoteIdentifier(c.name)}`),
          `${quoteString(changeType)} AS ${quoteIdentifier(CHANGE_TYPE_COLUMN)}`,
          `CAST(${f.commitVersion} AS BIGINT) AS ${quoteIdentifier(COMMIT_VERSION_COLUMN)}`,
          `${timestampSql(String(f.commitTimestamp))} AS ${quoteIdentifier(COMMIT_TIMESTAMP_COLUMN)}`,
        ];
        selects.push(`SELECT ${columns.join(', ')} FROM ((${from}) EXCEPT ALL (${less})) AS "s"`);
      }
    }
    for (const batch of batches(plan.files.filter((f) => f.source !== 'deletionVectorUpdate'))) {
      const cdc = batch[0]!.source === 'cdc';
      // cdc files hold `_change_type` as a data column, under that name in every column mapping mode.
      const scanSchema: StructType = cdc
        ? { kind: 'struct', fields: [...table.fields, metadataField(CHANGE_TYPE_COLUMN, StringType)] }
        : table;
      const scanPlan: ScanPlan = {
        ...tablePlan,
        schema: scanSchema,
        files: batch.map((f) => f.file),
        totalFiles: batch.length,
      };
      const scan = await scanRelation(session, store, scanPlan, { fileIndexColumn: CHANGE_INDEX_COLUMN });
      scans.push(scan);
      const facts = batch.map(
        (f, i) =>
          `(${i}, ${f.changeType === undefined ? 'NULL' : quoteString(f.changeType)}, ${f.commitVersion}, ${f.commitTimestamp})`,
      );
      const columns = table.fields.map((f) => `"s".${quoteIdentifier(f.name)}`);
      const changeType = cdc ? `"s".${quoteIdentifier(CHANGE_TYPE_COLUMN)}` : `"c"."change_type"`;
      columns.push(
        `CAST(${changeType} AS VARCHAR) AS ${quoteIdentifier(CHANGE_TYPE_COLUMN)}`,
        `CAST("c"."version" AS BIGINT) AS ${quoteIdentifier(COMMIT_VERSION_COLUMN)}`,
        `${timestampSql('"c"."ms"')} AS ${quoteIdentifier(COMMIT_TIMESTAMP_COLUMN)}`,
      );
      selects.push(
        `SELECT ${columns.join(', ')} FROM (${scan.sql}) AS "s" JOIN (VALUES ${facts.join(', ')}) AS "c"("index", "change_type", "version", "ms") ON "c"."index" = "s".${quoteIdentifier(CHANGE_INDEX_COLUMN)}`,
      );
    }
    if (selects.length === 0) {
      const empty = await scanRelation(session, store, {
        version: plan.endVersion,
        schema,
        partitionColumns: [],
        columnMappingMode: 'none',
        files: [],
        totalFiles: 0,
      });
      return { sql: empty.sql, schema, release };
    }
    return { sql: selects.join('\nUNION ALL\n'), schema, release };
  } catch (e) {
    await release();
    throw e;
  }
}

/** The feed's schema: the table's columns, then _change_type, _commit_version, _commit_timestamp. */
export function changeDataSchema(table: StructType): StructType {
  return {
    kind: 'struct',
    fields: [
      ...table.fields,
      metadataField(CHANGE_TYPE_COLUMN, StringType),
      metadataField(COMMIT_VERSION_COLUMN, LongType),
      metadataField(COMMIT_TIMESTAMP_COLUMN, TimestampType),
    ],
  };
}

/** Commit timestamps are instants in ms; read them as UTC whatever the session time zone. */
function timestampSql(ms: string): string {
  return `timezone('UTC', make_timestamp(CAST(${ms} AS BIGINT) * 1000))`;
}

function metadataField(name: string, type: StructField['type']): StructField {
  return { name, type, nullable: true, metadata: {} };
}

/** Splits the files into runs of one kind (cdc or not) in which no path repeats, keeping their order. */
function batches(files: readonly ChangeDataFile[]): ChangeDataFile[][] {
  const out: { cdc: boolean; paths: Set<string>; files: ChangeDataFile[] }[] = [];
  for (const f of files) {
    const cdc = f.source === 'cdc';
    const key = f.file.location;
    let batch = out.find((b) => b.cdc === cdc && !b.paths.has(key));
    if (!batch) {
      batch = { cdc, paths: new Set(), files: [] };
      out.push(batch);
    }
    batch.paths.add(key);
    batch.files.push(f);
  }
  return out.map((b) => b.files);
}
