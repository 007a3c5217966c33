/**
 * CONVERT TO DELTA parquet.`/path` [NO STATISTICS] [PARTITIONED BY (col type, …)] (Delta's
 * ConvertToDeltaCommand): one commit that writes a Delta log over the Parquet files already in the folder,
 * rewriting no data. Each file becomes an add with its size, modification time, Hive partition values taken
 * from its `key=value` folders (which must name exactly the PARTITIONED BY columns), and, unless NO
 * STATISTICS, Delta statistics computed from its rows. The schema is the files' merged schema with the
 * partition columns appended. A folder that is already a Delta table is left as it is, as Delta does.
 */

import type { AddFile } from '../../delta/actions.js';
import { protocolForNewTable } from '../../delta/new-table-protocol.js';
import { encodeAddPath } from '../../delta/partition-path.js';
import { serializeSchema } from '../../delta/schema.js';
import { serializeStats } from '../../delta/stats.js';
import { deltaFileStats } from '../../engine/data-file-stats.js';
import { fromDuckDBType } from '../../engine/file-readers/duckdb-to-spark-type.js';
import { literalReadPath } from '../../engine/scan-file-layout.js';
import { quoteIdentifier, quoteString } from '../../engine/sql-text.js';
import { ScratchFolder } from '../../engine/temp-files.js';
import { LakesqlError } from '../../errors/index.js';
import { type DataFile, listFolderFiles } from '../../formats/paths/data-files.js';
import { partitionSegments } from '../../formats/paths/partition-discovery.js';
import { columnsToSchema } from '../../plan/types/sql-schema.js';
import type { Statement } from '../../sql/ast/statements.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { type DataType, field, type StructField, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { CommitBuilder } from '../write/commit-builder.js';

type ConvertToDelta = Extract<Statement, { kind: 'convertToDelta' }>;

export async function convertToDelta(
  session: CommandContext,
  stmt: ConvertToDelta,
): Promise<StatementResult> {
  const parts = stmt.table.parts;
  if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'parquet') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'CONVERT TO DELTA of a catalog table (convert parquet.`/path` instead)',
    });
  }
  const location = resolveUserPath(parts[1]!, session).replace(/\/+$/, '');
  const store = storeForUrl(location);
  if ((await store.list('_delta_log/')).length > 0) return { kind: 'done' };

  // The folder is taken literally, as Delta's ConvertToDeltaCommand lists it: a `*` in its name is a name.
  const files = (await listFolderFiles(location)).filter((f) => f.key.endsWith('.parquet'));
  if (files.length === 0) throw new LakesqlError('DELTA_EMPTY_DIRECTORY', { directory: location });
  const scratch = new ScratchFolder();
  try {
    return await convertFiles(session, stmt, store, files, scratch);
  } finally {
    await scratch.remove();
  }
}

async function convertFiles(
  session: CommandContext,
  stmt: ConvertToDelta,
  store: ObjectStore,
  files: readonly DataFile[],
  scratch: ScratchFolder,
): Promise<StatementResult> {
  const partitionSchema = columnsToSchema(stmt.partitionedBy);
  const expected = partitionSchema.fields.map((f) => f.name);

  const paths = new Map<string, string>();
  for (const f of files) {
    paths.set(f.key, quoteString(await literalReadPath(store.localPath(f.key) ?? f.key, scratch)));
  }
  const local = (key: string) => paths.get(key) ?? quoteString(key);
  const described = await session.engine.all(
    `DESCRIBE SELECT * FROM read_parquet([${files.map((f) => local(f.key)).join(', ')}], union_by_name = true, hive_partitioning = false)`,
  );
  const dataFields: StructField[] = described
    .map((r) => field(String(r.column_name), fromDuckDBType(String(r.column_type)), true))
    .filter((f) => !expected.some((p) => p.toLowerCase() === f.name.toLowerCase()));
  const dataSchema = struct(dataFields);
  const schema = struct([...dataFields, ...partitionSchema.fields]);

  const adds: AddFile[] = [];
  for (const f of files) {
    const segments = partitionSegments(f.relativeDir);
    const parsed = segments.map(([k]) => k);
    const same =
      parsed.length === expected.length &&
      parsed.every((k, i) => k.toLowerCase() === expected[i]!.toLowerCase());
    if (!same) {
      throw new LakesqlError('DELTA_UNEXPECTED_NUM_PARTITION_COLUMNS_FROM_FILE_NAME', {
        expectedColsSize: expected.length,
        expectedCols: `[${expected.map((c) => `\`${c}\``).join(', ')}]`,
        parsedColsSize: parsed.length,
        parsedCols: `[${parsed.map((c) => `\`${c}\``).join(', ')}]`,
        path: f.displayPath,
      });
    }
    const meta = await store.head(f.key);
    const stats = stmt.noStatistics ? undefined : await fileStats(session, local(f.key), dataSchema);
    adds.push({
      path: encodeAddPath(f.key),
      partitionValues: Object.fromEntries(expected.map((c, i) => [c, segments[i]![1]])),
      size: meta.size,
      modificationTime: meta.lastModified,
      dataChange: true,
      ...(stats ? { stats } : {}),
    });
  }

  const metadata = {
    id: globalThis.crypto.randomUUID(),
    format: { provider: 'parquet', options: {} },
    schemaString: serializeSchema(schema),
    partitionColumns: expected,
    configuration: {},
    createdTime: Date.now(),
  };
  const txn = CommitBuilder.on({ store, snapshot: undefined }, session.parquet);
  txn.updateProtocol(protocolForNewTable({}, schema)).updateMetadata(metadata);
  txn.addFiles(adds);
  await txn.commit({
    name: 'CONVERT',
    parameters: {
      numFiles: adds.length,
      partitionedBy: expected,
      collectStats: !stmt.noStatistics,
      catalogTable: null,
    },
    metrics: { numConvertedFiles: adds.length },
  });
  return { kind: 'done' };
}

/** Delta statistics of one file, from an aggregate over its rows in the shape COPY's RETURN_STATS has. */
async function fileStats(session: CommandContext, file: string, dataSchema: ReturnType<typeof struct>) {
  const leaves = dataSchema.fields.filter((f) => statsType(f.type));
  const aggregates = leaves.flatMap((f, i) => {
    const c = quoteIdentifier(f.name);
    const nan = isFloating(f.type) ? `bool_or(isnan(${c}))` : 'false';
    return [
      `CAST(min(${c}) AS VARCHAR) AS "min${i}"`,
      `CAST(max(${c}) AS VARCHAR) AS "max${i}"`,
      `count(*) - count(${c}) AS "nulls${i}"`,
      `${nan} AS "nan${i}"`,
    ];
  });
  const [row] = await session.engine.all(
    `SELECT count(*) AS "n"${aggregates.length ? `, ${aggregates.join(', ')}` : ''} FROM read_parquet(${file})`,
  );
  const statistics = new Map<string, Map<string, string>>();
  leaves.forEach((f, i) => {
    const s = new Map<string, string>();
    const put = (k: string, v: unknown) => {
      if (v !== null && v !== undefined) s.set(k, String(v));
    };
    put('min', row?.[`min${i}`]);
    put('max', row?.[`max${i}`]);
    put('null_count', row?.[`nulls${i}`]);
    put('has_nan', row?.[`nan${i}`]);
    statistics.set(quoteIdentifier(f.name), s);
  });
  return serializeStats(deltaFileStats(Number(row?.n ?? 0), statistics, dataSchema, 32));
}

function statsType(t: DataType): boolean {
  return t.kind === 'primitive' || t.kind === 'decimal';
}

function isFloating(t: DataType): boolean {
  return t.kind === 'primitive' && (t.name === 'double' || t.name === 'float');
}
