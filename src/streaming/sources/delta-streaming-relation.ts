/**
 * A Delta table read as a stream: `spark.readStream.format('delta').load(path)` or
 * `spark.readStream.table(name)`, with the options startingVersion, startingTimestamp, maxFilesPerTrigger,
 * maxBytesPerTrigger,
 * skipChangeCommits, ignoreDeletes, ignoreChanges, readChangeFeed (the change data feed, read with
 * engine/change-data-scan.ts as table_changes reads it) and schemaTrackingLocation (streaming/
 * delta-schema-tracking.ts: a column rename or drop in the source does not stop the stream for good). What each batch holds is decided by
 * streaming/sources/delta-source.ts (Delta's DeltaSource); this class binds the stream's view to a batch.
 *
 * Binding: a Delta batch's rows must come through the snapshot scan (engine/snapshot-scan.ts), which
 * applies partition values, column mapping and deletion vectors; read_files() over the Parquet files would
 * not. The scan is DuckDB SQL over scratch tables, so the view is a temp view of kind 'engineSql' (the
 * scan's SQL and the table's schema): every statement that reads the view analyzes it like a table, with
 * fresh attributes, and compiles to that SQL. The scan is opened when the batch starts and released
 * when it ends, after which the view is an empty relation again. A file may appear twice in one batch
 * (ignoreChanges re-adds it with a new deletion vector) and the scan keys per-file facts by path, so the
 * batch is read as a UNION ALL of scans in which each path occurs once.
 */

import { byteStringAsBytes } from '../../delta/byte-string.js';
import { parseTimestampText, wallClockToUtc } from '../../delta/datetime-text.js';
import type { ScanFile } from '../../delta/scan-plan.js';
import { parseSchemaString } from '../../delta/schema.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { changeDataRelation, changeDataSchema } from '../../engine/change-data-scan.js';
import { type ScanRelation, scanRelation } from '../../engine/snapshot-scan.js';
import { LakesqlError } from '../../errors/index.js';
import { splitMultipartName } from '../../exec/relations/table-changes.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import type { StructType } from '../../types/data-types.js';
import { runStreamingLoop } from '../execution/micro-batch-loop.js';
import { checkChangeUnblocked, DeltaSchemaTrackingLog, schemaLogFolder } from './delta-schema-tracking.js';
import { type DeltaBatch, DeltaStreamingSource, type DeltaStreamOptions } from './delta-source.js';
import type { StreamSession } from './stream-session.js';
import { type OpenContext, StreamingRelation, type StreamRunner } from './streaming-relation.js';

/** Where the table is: a path as the user wrote it, or a catalog name. */
export type DeltaTableRef = { readonly path: string } | { readonly table: string };

export class DeltaStreamingRelation extends StreamingRelation {
  #schema: StructType | undefined;
  /** The table's id, read with the snapshot ready() loads (the query start needs no second load). */
  #tableId: string | undefined;

  constructor(
    session: StreamSession,
    readonly ref: DeltaTableRef,
    readonly rawOptions: ReadonlyMap<string, string>,
  ) {
    super(session);
  }

  async ready(): Promise<void> {
    if (this.#schema) return;
    const snapshot = await loadSnapshot(storeForUrl(await this.location()), this.sql.parquet);
    // With schema tracking the stream reads with the log's latest schema (the one its restart continues
    // with), as Delta's DeltaDataSource.sourceSchema does.
    this.#tableId = snapshot.metadata.id;
    const tracked = (await this.schemaTrackingLog(snapshot.metadata.id))?.current;
    const schema = tracked === undefined ? snapshot.schema : parseSchemaString(tracked.dataSchemaJson);
    this.#schema = this.streamOptions().readChangeFeed ? changeDataSchema(schema) : schema;
    this.bindEmptyOf(schema);
  }

  async open(ctx: OpenContext): Promise<StreamRunner> {
    await this.ready();
    const store = storeForUrl(await this.location());
    const options = this.streamOptions();
    const log = await this.schemaTrackingLog(this.#tableId!, ctx.checkpoint.location);
    let schemaTracking: DeltaStreamOptions['schemaTracking'];
    if (log) {
      // Delta's sourceMetadataPath: this source's folder in the checkpoint (a query reads one source).
      const sourceMetadataPath = `${ctx.checkpoint.location}sources/0`;
      const { current, previous } = log;
      if (current && previous) {
        checkChangeUnblocked(
          (k) => this.session.sqlSession.confValue(k),
          sourceMetadataPath,
          current,
          previous,
        );
      }
      schemaTracking = { log, sourceMetadataPath };
    }
    const source = await DeltaStreamingSource.open(store, this.sql.parquet, {
      ...options,
      ...(schemaTracking ? { schemaTracking } : {}),
    });
    return (control, body) =>
      runStreamingLoop({
        ...control,
        source,
        sourceDescription: `DeltaSource[${store.rootUrl}]`,
        runBatch: async (batch, batchId) => {
          const scans = await this.bindBatch(store, batch);
          try {
            return await this.readOnce(control, batchId, body);
          } finally {
            for (const s of scans) await s.release();
            this.bindEmptyOf(this.#schema!);
          }
        },
      });
  }

  private get sql() {
    return this.session.sqlSession;
  }

  /**
   * The schema tracking log of `schemaTrackingLocation` (alias `schemaLocation`), in its
   * `_schema_log_<tableId>[_<streamingSourceTrackingId>]` folder; undefined without the option. Given the
   * query's checkpoint, the location must lie inside it (Delta's rule, unless
   * spark.databricks.delta.streaming.allowSchemaLocationOutsideCheckpointLocation is true).
   */
  private async schemaTrackingLog(
    tableId: string,
    checkpointLocation?: string,
  ): Promise<DeltaSchemaTrackingLog | undefined> {
    const given = this.option('schemaTrackingLocation') ?? this.option('schemaLocation');
    if (given === undefined) return undefined;
    const root = storeForUrl(resolveUserPath(given, this.sql)).rootUrl;
    const outsideAllowed =
      this.session.sqlSession
        .confValue('spark.databricks.delta.streaming.allowSchemaLocationOutsideCheckpointLocation')
        ?.toLowerCase() === 'true';
    if (checkpointLocation !== undefined && !outsideAllowed && !root.startsWith(checkpointLocation)) {
      throw new LakesqlError('DELTA_STREAMING_SCHEMA_LOCATION_NOT_UNDER_CHECKPOINT', {
        schemaTrackingLocation: given,
        checkpointLocation,
      });
    }
    const folder = schemaLogFolder(tableId, this.option('streamingSourceTrackingId'));
    return DeltaSchemaTrackingLog.open(storeForUrl(`${root}${folder}`), tableId);
  }

  /** An option's value; keys are case-insensitive as in Spark. */
  private option(key: string): string | undefined {
    for (const [k, v] of this.rawOptions) if (k.toLowerCase() === key.toLowerCase()) return v;
    return undefined;
  }

  /** Points the view at the batch's rows; returns the scans to release when the batch is done. */
  private async bindBatch(store: ReturnType<typeof storeForUrl>, batch: DeltaBatch): Promise<ScanRelation[]> {
    if (batch.files.length === 0) return [];
    if (batch.changes) {
      // readChangeFeed: the change files read as table_changes reads them (cdc files, adds, removes).
      const read = await changeDataRelation(this.sql.engine, store, {
        endVersion: batch.version,
        snapshot: batch,
        files: batch.changes,
      });
      this.sql.catalog.createTempView(
        [this.viewName],
        { kind: 'engineSql', sql: read.sql, schema: read.schema },
        true,
      );
      return [read];
    }
    const scans: ScanRelation[] = [];
    try {
      for (const files of pathUniqueGroups(batch.files)) {
        scans.push(
          await scanRelation(this.sql.engine, store, {
            version: batch.version,
            schema: batch.schema,
            partitionColumns: batch.partitionColumns,
            columnMappingMode: batch.columnMappingMode,
            files,
            totalFiles: files.length,
          }),
        );
      }
    } catch (e) {
      for (const s of scans) await s.release();
      throw e;
    }
    this.sql.catalog.createTempView(
      [this.viewName],
      { kind: 'engineSql', sql: scans.map((s) => s.sql).join('\nUNION ALL\n'), schema: batch.schema },
      true,
    );
    return scans;
  }

  /** The table's storage URL: a path (dbfs:/ and relative paths resolved) or a catalog table's location. */
  private async location(): Promise<string> {
    const resolvePath = (p: string) => resolveUserPath(p, this.sql);
    if ('path' in this.ref) return resolvePath(this.ref.path);
    const parts = splitMultipartName(this.ref.table);
    if (parts.length === 2 && parts[0]!.toLowerCase() === 'delta' && /[/\\:]/.test(parts[1]!)) {
      return resolvePath(parts[1]!);
    }
    const found = await this.sql.catalog.resolveRelation(parts);
    if (found.kind !== 'table') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `readStream.table() of the temporary view ${this.ref.table} (lakesql streams Delta tables)`,
      });
    }
    if (found.table.tableType === 'VIEW' || found.table.provider !== 'delta') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `readStream.table() of ${this.ref.table}, a ${found.table.tableType === 'VIEW' ? 'view' : `${found.table.provider} table`} (lakesql streams Delta tables)`,
      });
    }
    return found.table.location;
  }

  /** DeltaOptions of a streaming read; keys are case-insensitive as in Spark. */
  private streamOptions(): DeltaStreamOptions {
    const get = (key: string) => {
      for (const [k, v] of this.rawOptions) if (k.toLowerCase() === key.toLowerCase()) return v;
      return undefined;
    };
    const flag = (key: string) => {
      const v = get(key);
      if (v === undefined) return false;
      if (!/^(true|false)$/i.test(v.trim())) invalidOption(key, v, "'true' or 'false'");
      return v.trim().toLowerCase() === 'true';
    };
    const startingText = get('startingVersion');
    const timestampText = get('startingTimestamp');
    if (startingText !== undefined && timestampText !== undefined) {
      throw new LakesqlError('DELTA_STARTING_VERSION_AND_TIMESTAMP_BOTH_SET', {
        version: 'startingVersion',
        timestamp: 'startingTimestamp',
      });
    }
    const startingTimestampMs =
      timestampText === undefined
        ? undefined
        : instantOf(timestampText, this.session.sqlSession.confValue('spark.sql.session.timeZone') ?? 'UTC');
    const maxBytesText = get('maxBytesPerTrigger');
    const maxBytesPerTrigger = maxBytesText === undefined ? undefined : byteStringAsBytes(maxBytesText);
    if (maxBytesText !== undefined && !(maxBytesPerTrigger! > 0)) {
      invalidOption('maxBytesPerTrigger', maxBytesText, "a size configuration such as '10g'");
    }
    let startingVersion: number | 'latest' | undefined;
    if (startingText !== undefined) {
      const t = startingText.trim();
      if (t.toLowerCase() === 'latest') startingVersion = 'latest';
      else if (/^\d+$/.test(t)) startingVersion = Number(t);
      else invalidOption('startingVersion', startingText, "a version number or 'latest'");
    }
    const maxText = get('maxFilesPerTrigger');
    let maxFilesPerTrigger: number | undefined;
    if (maxText !== undefined) {
      maxFilesPerTrigger = Number(maxText.trim());
      if (!Number.isInteger(maxFilesPerTrigger) || maxFilesPerTrigger <= 0) {
        invalidOption('maxFilesPerTrigger', maxText, 'a positive integer');
      }
    }
    return {
      ...(startingVersion !== undefined ? { startingVersion } : {}),
      ...(startingTimestampMs !== undefined ? { startingTimestampMs } : {}),
      ...(maxBytesPerTrigger !== undefined ? { maxBytesPerTrigger } : {}),
      readChangeFeed: flag('readChangeFeed') || flag('readChangeData'),
      ...(maxFilesPerTrigger !== undefined ? { maxFilesPerTrigger } : {}),
      skipChangeCommits: flag('skipChangeCommits'),
      ignoreDeletes: flag('ignoreDeletes'),
      ignoreChanges: flag('ignoreChanges'),
    };
  }
}

/** A startingTimestamp's instant: a date or timestamp text, in the session time zone unless it has an offset. */
function instantOf(text: string, timeZone: string): number {
  const parsed = parseTimestampText(text.trim());
  if (parsed === undefined) throw new LakesqlError('DELTA_TIMESTAMP_INVALID', { expr: `'${text}'` });
  const micros =
    parsed.offsetMicros === undefined
      ? wallClockToUtc(parsed.wallMicros, timeZone)
      : parsed.wallMicros - parsed.offsetMicros;
  return Number(micros / 1000n);
}

function invalidOption(name: string, value: string, expected: string): never {
  throw new LakesqlError('DELTA_ILLEGAL_OPTION', {
    name,
    input: value,
    explain: `must be ${expected}`,
  });
}

/** Splits files into groups in which each path occurs once, keeping their order. */
function pathUniqueGroups(files: readonly ScanFile[]): ScanFile[][] {
  const groups: { paths: Set<string>; files: ScanFile[] }[] = [];
  for (const f of files) {
    let g = groups.find((x) => !x.paths.has(f.add.path));
    if (!g) {
      g = { paths: new Set(), files: [] };
      groups.push(g);
    }
    g.paths.add(f.add.path);
    g.files.push(f);
  }
  return groups.map((g) => g.files);
}
