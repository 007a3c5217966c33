/**
 * For a Delta table the transaction log, not the catalog entry, says what the table is: its schema,
 * partition columns and properties change with every ALTER, MERGE with schema evolution or write from
 * another engine (Spark, delta-rs) that never touches our catalog. Spark's DeltaCatalog likewise loads a
 * DeltaTableV2 whose schema comes from the snapshot, keeping only name and location in the metastore.
 */
import type { ParquetHandler } from '../delta/parquet-handler.js';
import { loadSnapshot } from '../delta/snapshot.js';
import { storeForUrl } from '../storage/index.js';
import type { StructType } from '../types/data-types.js';
import type { CatalogDataTable } from './catalog-types.js';

export interface TableMetadata {
  readonly schema: StructType | undefined;
  readonly partitionColumns: readonly string[];
  readonly properties: Readonly<Record<string, string>>;
  readonly comment: string | undefined;
  /** The Delta version read; undefined for non-Delta tables. */
  readonly version: number | undefined;
}

/**
 * The current schema, partitioning, properties and description of a table: for Delta from the latest
 * snapshot of its log (fails as loadSnapshot does, e.g. DELTA_TABLE_NOT_FOUND / DELTA_EMPTY_DIRECTORY
 * when the folder holds no log yet); for other providers from the catalog entry.
 */
export async function readTableMetadata(
  table: CatalogDataTable,
  parquet: ParquetHandler,
): Promise<TableMetadata> {
  if (table.provider !== 'delta') {
    return {
      schema: table.schema,
      partitionColumns: table.partitionColumns,
      properties: table.properties,
      comment: table.comment,
      version: undefined,
    };
  }
  const snapshot = await loadSnapshot(storeForUrl(table.location), parquet);
  return {
    schema: snapshot.schema,
    partitionColumns: snapshot.partitionColumns,
    properties: snapshot.configuration,
    comment: snapshot.metadata.description ?? undefined,
    version: snapshot.version,
  };
}
