/**
 * A Delta table addressed by location: write batches of rows, read rows back at any version, and look at
 * the snapshot and history. (The SQL catalog and the DataFrame API build on this in later issues.)
 */
import type { Predicate } from '../delta/predicate.js';
import { loadSnapshot, type Snapshot, type SnapshotOptions } from '../delta/snapshot.js';
import { openDeltaRelation } from '../exec/delta-read.js';
import { type DeltaWriteResult, type SaveMode, writeDelta } from '../exec/delta-write.js';
import { type JsRow, valuesRelationSql } from '../exec/values-relation.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { StructType } from '../types/data-types.js';
import type { LakeSession } from './lake-session.js';

export interface WriteOptions {
  readonly schema: StructType;
  readonly mode?: SaveMode;
  readonly partitionBy?: readonly string[];
  readonly properties?: Readonly<Record<string, string>>;
}

export interface ReadOptions extends SnapshotOptions {
  readonly where?: Predicate;
  readonly columns?: readonly string[];
  /** A DuckDB ORDER BY over the logical column names, e.g. `"id"`; rows are unordered otherwise. */
  readonly orderBy?: readonly string[];
}

export interface ReadResult {
  readonly version: number;
  readonly rows: Record<string, unknown>[];
  readonly filesRead: number;
  readonly filesTotal: number;
}

export class DeltaTable {
  constructor(
    private readonly session: LakeSession,
    readonly store: ObjectStore,
    readonly location: string,
  ) {}

  /** Writes JS rows as one commit (SaveMode as in Spark: append, overwrite, errorIfExists, ignore). */
  async write(rows: readonly JsRow[], options: WriteOptions): Promise<DeltaWriteResult> {
    return this.writeQuery(valuesRelationSql(rows, options.schema), options);
  }

  /** Writes the result of an engine query whose columns are the table's columns by name. */
  async writeQuery(sourceSql: string, options: WriteOptions): Promise<DeltaWriteResult> {
    return writeDelta(this.session.engine, this.session.parquet, this.store, {
      sourceSql,
      schema: options.schema,
      mode: options.mode ?? 'append',
      ...(options.partitionBy ? { partitionBy: options.partitionBy } : {}),
      ...(options.properties ? { properties: options.properties } : {}),
    });
  }

  async read(options: ReadOptions = {}): Promise<ReadResult> {
    const relation = await openDeltaRelation(this.session.engine, this.session.parquet, this.store, {
      ...(options.version !== undefined ? { version: options.version } : {}),
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      ...(options.where ? { predicate: options.where } : {}),
      ...(options.columns ? { columns: options.columns } : {}),
    });
    try {
      const order = options.orderBy?.length ? ` ORDER BY ${options.orderBy.join(', ')}` : '';
      const rows = await this.session.engine.all(`SELECT * FROM (${relation.sql}) AS t${order}`);
      return {
        version: relation.snapshot.version,
        rows,
        filesRead: relation.filesRead,
        filesTotal: relation.filesTotal,
      };
    } finally {
      await relation.release();
    }
  }

  snapshot(options: SnapshotOptions = {}): Promise<Snapshot> {
    return loadSnapshot(this.store, this.session.parquet, options);
  }
}
