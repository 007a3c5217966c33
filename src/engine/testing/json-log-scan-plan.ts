import fs from 'node:fs';
import path from 'node:path';
import type { AddFile, Metadata } from '../../delta/actions.js';
import { columnMappingMode, physicalPartitionKey } from '../../delta/column-mapping.js';
import { decodeAddPath, parsePartitionValue } from '../../delta/partition-values.js';
import type { ScanFile, ScanPlan } from '../../delta/scan-plan.js';
import { parseSchemaString } from '../../delta/schema.js';

/**
 * Test support only: a ScanPlan built by replaying a table's JSON commits (no checkpoints), so that the
 * engine's scan can be tested on real tables without the snapshot code.
 */
export function scanPlanFromJsonLog(tableDir: string, options: { timeZone?: string } = {}): ScanPlan {
  const logDir = path.join(tableDir, '_delta_log');
  const commits = fs
    .readdirSync(logDir)
    .filter((f) => /^\d{20}\.json$/.test(f))
    .sort();
  let metadata: Metadata | undefined;
  const active = new Map<string, AddFile>();
  const key = (p: string, dv: AddFile['deletionVector']) =>
    dv ? `${p}#${dv.storageType}${dv.pathOrInlineDv}@${dv.offset ?? ''}` : p;
  for (const commit of commits) {
    for (const line of fs.readFileSync(path.join(logDir, commit), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const action = JSON.parse(line) as Record<string, Record<string, unknown>>;
      if (action.metaData) metadata = action.metaData as unknown as Metadata;
      if (action.add) {
        const add = action.add as unknown as AddFile;
        // An add replaces any earlier add of the same path (a new DV on the same file).
        for (const k of [...active.keys()])
          if (k === add.path || k.startsWith(`${add.path}#`)) active.delete(k);
        active.set(key(add.path, add.deletionVector), add);
      }
      if (action.remove) {
        const r = action.remove as unknown as AddFile;
        active.delete(key(r.path, r.deletionVector));
      }
    }
  }
  if (!metadata) throw new Error(`no metaData in ${logDir}`);
  const schema = parseSchemaString(metadata.schemaString);
  const mode = columnMappingMode(metadata.configuration);
  const files: ScanFile[] = [...active.values()].map((add) => {
    const partitionValues = Object.fromEntries(
      metadata!.partitionColumns.map((c) => {
        const f = schema.fields.find((x) => x.name === c)!;
        return [
          c,
          parsePartitionValue(
            add.partitionValues[physicalPartitionKey(schema, c, mode)] ?? null,
            f.type,
            options,
          ),
        ];
      }),
    );
    const isAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(add.path);
    return { add, location: isAbsolute ? add.path : decodeAddPath(add.path), isAbsolute, partitionValues };
  });
  return {
    version: commits.length - 1,
    schema,
    partitionColumns: metadata.partitionColumns,
    columnMappingMode: mode,
    files,
    totalFiles: files.length,
  };
}
