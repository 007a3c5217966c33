/**
 * Which files an OPTIMIZE rewrites and how it groups them, as Delta's OptimizeExecutor does:
 * - candidates (`filterCandidateFileList`): for compaction, files smaller than minFileSize, or whose
 *   deletion vector deletes more than maxDeletedRowsRatio of their rows (or that have a vector and no
 *   `numRecords` to tell); for Z-order and clustering, every file;
 * - bins (`groupFilesIntoBins`): per partition, files sorted by size and packed in that order into bins of
 *   at most maxBinSize bytes (a file that does not fit starts the next bin). Compaction writes each bin as
 *   one file and leaves a bin of one file alone unless that file carries a deletion vector (rewriting it
 *   alone would change nothing else); Z-order packs each whole partition into one bin and keeps every bin.
 */
import type { AddFile } from '../../delta/actions.js';
import type { ScanFile } from '../../delta/scan-plan.js';

export interface BinPacking {
  /** Files of at least this many bytes are left alone by compaction (spark.databricks.delta.optimize.minFileSize). */
  readonly minFileSize: number;
  /** The most bytes of input one bin packs (spark.databricks.delta.optimize.maxFileSize); Infinity for Z-order. */
  readonly maxBinSize: number;
  /** Delta's spark.databricks.delta.optimize.maxDeletedRowsRatio (default 0.05). */
  readonly maxDeletedRowsRatio: number;
  /** Z-order or clustering: every file is a candidate and every bin is rewritten. */
  readonly multiDimClustering: boolean;
}

export interface Bin {
  /** The partition's key (its partition values, sorted by column), '' for an unpartitioned table. */
  readonly partition: string;
  readonly files: readonly ScanFile[];
}

/** Delta's `filterCandidateFileList`. */
export function candidateFiles(files: readonly ScanFile[], packing: BinPacking): ScanFile[] {
  if (packing.multiDimClustering) return [...files];
  return files.filter(
    (f) => f.add.size < packing.minFileSize || tooManyDeletedRows(f.add, packing.maxDeletedRowsRatio),
  );
}

function tooManyDeletedRows(add: AddFile, maxRatio: number): boolean {
  const dv = add.deletionVector;
  if (!dv) return false;
  const records = physicalRecords(add);
  if (records === undefined) return true;
  return records > 0 && dv.cardinality / records > maxRatio;
}

function physicalRecords(add: AddFile): number | undefined {
  if (!add.stats) return undefined;
  try {
    const n = (JSON.parse(add.stats) as { numRecords?: unknown }).numRecords;
    return typeof n === 'number' ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Delta's `groupFilesIntoBins`, over the candidates of every partition. */
export function binsOf(candidates: readonly ScanFile[], packing: BinPacking): Bin[] {
  const byPartition = new Map<string, ScanFile[]>();
  for (const f of candidates) {
    const key = partitionKey(f.add);
    const list = byPartition.get(key);
    if (list) list.push(f);
    else byPartition.set(key, [f]);
  }
  const bins: Bin[] = [];
  for (const [partition, files] of byPartition) {
    const sorted = [...files].sort((a, b) => a.add.size - b.add.size);
    let current: ScanFile[] = [];
    let size = 0;
    const close = () => {
      if (current.length > 1 || packing.multiDimClustering || current[0]?.add.deletionVector) {
        bins.push({ partition, files: current });
      }
    };
    for (const f of sorted) {
      if (current.length > 0 && size + f.add.size > packing.maxBinSize) {
        close();
        current = [];
        size = 0;
      }
      current.push(f);
      size += f.add.size;
    }
    if (current.length > 0) close();
  }
  return bins;
}

/** A file's partition as a key: its partition values, sorted by column name. */
export function partitionKey(add: AddFile): string {
  const entries = Object.entries(add.partitionValues);
  if (entries.length === 0) return '';
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
