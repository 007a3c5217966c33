/**
 * Reading a Delta table: one snapshot per statement, its scan plan (partition pruning and file skipping
 * for the pushed-down predicate), and the engine relation over the surviving files.
 */
import type { ParquetHandler } from '../delta/parquet-handler.js';
import type { Predicate } from '../delta/predicate.js';
import { loadSnapshot, type Snapshot, type SnapshotOptions } from '../delta/snapshot.js';
import type { EngineSession } from '../engine/engine-session.js';
import { scanRelation } from '../engine/snapshot-scan.js';
import type { ObjectStore } from '../storage/object-store.js';

export interface DeltaReadRequest extends SnapshotOptions {
  readonly predicate?: Predicate;
  readonly columns?: readonly string[];
}

export interface DeltaRelation {
  readonly snapshot: Snapshot;
  /** A DuckDB SELECT producing the table's logical rows. */
  readonly sql: string;
  /** How many files the scan reads, of how many the snapshot holds. */
  readonly filesRead: number;
  readonly filesTotal: number;
  release(): Promise<void>;
}

export async function openDeltaRelation(
  engine: EngineSession,
  parquet: ParquetHandler,
  store: ObjectStore,
  request: DeltaReadRequest = {},
): Promise<DeltaRelation> {
  const snapshot = await loadSnapshot(store, parquet, request);
  const plan = snapshot.scanPlan(request.predicate);
  const relation = await scanRelation(
    engine,
    store,
    plan,
    request.columns ? { columns: [...request.columns] } : {},
  );
  return {
    snapshot,
    sql: relation.sql,
    filesRead: plan.files.length,
    filesTotal: plan.totalFiles,
    release: () => relation.release(),
  };
}
