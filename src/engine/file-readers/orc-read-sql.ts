/**
 * An ORC read as DuckDB SQL over the lakesql_orc_scan table function: files are opened (tails only) to
 * resolve the read's columns, each stripe is decoded into ColumnVectors when DuckDB reaches it, and the SQL
 * around the function casts each carrier to the read's type exactly as the rows path (file-rows-sql.ts)
 * casts text:
 * ORC `timestamp` wall clocks become instants in the session time zone, `timestamp with local time zone`
 * values are UTC instants, and partition values are the same text the rows path casts.
 *
 * Flat and nested columns alike are scanned (nested ones through orc-nested-fill.ts). Returns undefined where
 * the columnar path does not apply and the caller should read rows instead: files that disagree on a
 * column's carrier, a user schema that changes a column's type (the rows path casts through text, whose
 * results this path would not reproduce), or nothing to scan.
 *
 * Memory: stripe footers are read here; each stripe is read (from a local file) and decoded when DuckDB
 * reaches it, and dropped after, so a scan holds one decoded stripe. A source that cannot read
 * synchronously (an object store) has its stripes' compressed bytes fetched here instead.
 *
 * Pushed filters (`pushFilters`) skip files by their partition values, stripes by stripe statistics and
 * row groups by the row index, before the query runs; the query's own filter still applies to every row.
 */

import { VARCHAR } from '@duckdb/node-api';
import { canSkipByPartition } from '../../delta/data-skipping.js';
import { LakesqlError } from '../../errors/index.js';
import { type OrcReadPlan, type PartitionedFile, partitionValue } from '../../formats/file-source.js';
import {
  fileColumnNames,
  type OrcFile,
  OrcFormatError,
  type OrcStripe,
  type OrcType,
  objectStoreSource,
  openOrcFile,
  type PreparedStripe,
} from '../../formats/orc/index.js';
import {
  type DataType,
  type StructField,
  type StructType,
  sqlTypeName,
  struct,
} from '../../types/data-types.js';
import type { Predicate } from '../../types/predicate.js';
import type { ScalarValue } from '../../types/scalar.js';
import { fileUri } from '../duckdb-error.js';
import { toDuckDBType } from '../duckdb-types.js';
import type { EngineSession } from '../engine-session.js';
import { quoteIdentifier } from '../sql-text.js';
import { outerCast, primitiveText } from './file-rows-sql.js';
import { type OrcScanBatch, type OrcScanColumn, registerOrcScan } from './orc-table-function.js';
import {
  fillConstant,
  fillNulls,
  type OrcCarrier,
  orcCarrier,
  type VectorFill,
  vectorFill,
} from './orc-vector-fill.js';
import type { FileReadSql } from './read-files.js';

/** A data column of the read: where each file holds it (by top-level index) and how it travels. */
interface DataColumn {
  readonly field: StructField;
  /** Per file, the top-level column name in that file, or undefined when the file lacks it. */
  readonly fileNames: readonly (string | undefined)[];
  readonly carrier: OrcCarrier | undefined;
}

export async function orcReadSql(engine: EngineSession, plan: OrcReadPlan): Promise<FileReadSql | undefined> {
  if (plan.files.length === 0) return undefined;
  const files = await Promise.all(
    plan.files.map(async (f) =>
      openOrcFile(await objectStoreSource(f.file.store, f.file.key, f.file.displayPath)).catch(
        (e: unknown) => {
          // A file whose tail is not ORC's: Spark's CANNOT_READ_FILE_FOOTER, with the ORC reader's reason as cause.
          if (e instanceof OrcFormatError) {
            throw new LakesqlError(
              'CANNOT_READ_FILE_FOOTER',
              { file: fileUri(f.file.displayPath) },
              { cause: e },
            );
          }
          throw e;
        },
      ),
    ),
  );
  const schema = plan.userSchema ?? files[0]!.schema;
  const matched = files.map((file) => fileColumnNames(file, schema));
  const columns: DataColumn[] = [];
  for (const [c, f] of schema.fields.entries()) {
    const column = resolveColumn(f, files, (k) => matched[k]![c]);
    if (column === undefined) return undefined;
    columns.push(column);
  }
  const scanned = columns.filter((c) => c.carrier !== undefined);
  const partitions = plan.partitionSchema.fields;
  if (scanned.length + partitions.length === 0) return undefined;

  const scanColumns: OrcScanColumn[] = [
    ...scanned.map((c, i) => ({ name: `c${i}`, type: c.carrier!.duckType })),
    ...partitions.map((_, j) => ({ name: `p${j}`, type: VARCHAR })),
  ];
  const stripes = await prepareStripes(plan.files, files, scanned, partitions);
  let batches: readonly OrcScanBatch[] = stripes.map(wholeStripe);
  const scan = await registerOrcScan(engine, { columns: scanColumns, batches: () => batches });
  // Filters pushed by several calls all hold.
  let pushed: Predicate | undefined;
  const pushFilters = async (predicate: Predicate): Promise<void> => {
    const all: Predicate = pushed ? { kind: 'and', left: pushed, right: predicate } : predicate;
    pushed = all;
    batches = await batchesMatching(stripes, files, plan, (file) => inFile(all, columns, file));
  };
  let next = 0;
  const select = columns.map((c) => {
    const name = quoteIdentifier(c.field.name);
    if (c.carrier === undefined) return `CAST(NULL AS ${toDuckDBType(c.field.type)}) AS ${name}`;
    return `${carrierCast(quoteIdentifier(`c${next++}`), c.carrier, c.field.type)} AS ${name}`;
  });
  partitions.forEach((p, j) => {
    select.push(`${outerCast(quoteIdentifier(`p${j}`), p.type)} AS ${quoteIdentifier(p.name)}`);
  });
  return {
    sql: `SELECT ${select.join(', ')} FROM ${scan.from}`,
    schema: struct([...schema.fields, ...partitions]),
    release: scan.release,
    pushFilters,
  };
}

/** Undefined when the column cannot be scanned columnarly (see the file comment). */
function resolveColumn(
  f: StructField,
  files: readonly OrcFile[],
  fileNamesOf: (file: number) => string | undefined,
): DataColumn | undefined {
  const fileNames: (string | undefined)[] = [];
  let carrier: OrcCarrier | undefined;
  let carrierType: string | undefined;
  for (const [k, file] of files.entries()) {
    const name = fileNamesOf(k);
    const i = name === undefined ? -1 : file.schema.fields.findIndex((g) => g.name === name);
    if (i < 0) {
      fileNames.push(undefined);
      continue;
    }
    const fileField = file.schema.fields[i]!;
    const orcType = topLevelTypes(file)[i]!;
    if (!sameType(fileField.type, f.type)) return undefined;
    const shape = f.type.kind === 'decimal' ? f.type : { precision: 0, scale: 0 };
    carrier = orcCarrier(orcType, shape);
    if (carrier === undefined) return undefined;
    // Files must agree on the carrier, conversion included: `timestamp` and `timestamp with local time
    // zone` are both Spark timestamps (also inside nested types) but travel differently.
    const key = `${carrier.conversion} ${carrier.duckType.toString()}`;
    if (carrierType !== undefined && carrierType !== key) return undefined;
    carrierType = key;
    fileNames.push(fileField.name);
  }
  return { field: f, fileNames, carrier };
}

function topLevelTypes(file: OrcFile): readonly OrcType[] {
  return file.orcType.kind === 'struct' ? file.orcType.children : [file.orcType];
}

/**
 * SQL names identify types, flat and nested (field names and order included, nullability and the key order
 * of the objects ignored): a nested carrier keeps the file's field names, so the cast to the read's type,
 * which DuckDB does by field name, needs the read's nested type to be the file's.
 */
function sameType(a: DataType, b: DataType): boolean {
  return sqlTypeName(a) === sqlTypeName(b);
}

/** A stripe of the read and its whole-stripe batch. */
interface ScanStripe {
  readonly file: number;
  readonly stripe: PreparedStripe;
  /** The scan's fills over the stripe's decoded columns (all its rows, or a run of row groups). */
  readonly fillsOf: (decoded: OrcStripe) => readonly VectorFill[];
}

function wholeStripe(s: ScanStripe): OrcScanBatch {
  return { rows: s.stripe.numberOfRows, decode: () => s.fillsOf(s.stripe.decode()) };
}

/** Every non-empty stripe of every file, prepared (footers read) but not decoded. */
async function prepareStripes(
  planned: readonly PartitionedFile[],
  files: readonly OrcFile[],
  scanned: readonly DataColumn[],
  partitions: readonly StructField[],
): Promise<ScanStripe[]> {
  const out: ScanStripe[] = [];
  for (const [i, file] of files.entries()) {
    const names = scanned.map((c) => c.fileNames[i]);
    const present = names.filter((n): n is string => n !== undefined);
    const partitionFills = partitionTexts(planned[i]!, partitions).map(fillConstant);
    for (let s = 0; s < file.stripes.length; s++) {
      if (file.stripes[s]!.numberOfRows === 0) continue;
      const stripe = await file.prepareStripe(s, present);
      const fillsOf = (decoded: OrcStripe): readonly VectorFill[] => {
        const fills: VectorFill[] = names.map((n) => {
          const vector = n === undefined ? undefined : decoded.columns.find((col) => col.name === n)?.vector;
          if (vector === undefined) return fillNulls;
          return vectorFill(vector);
        });
        return [...fills, ...partitionFills];
      };
      out.push({ file: i, stripe, fillsOf });
    }
  }
  return out;
}

/**
 * The batches that may hold a row satisfying `predicate`: files whose partition values rule it out are
 * dropped, then stripes whose statistics do, then row groups whose row-index statistics do.
 */
async function batchesMatching(
  stripes: readonly ScanStripe[],
  files: readonly OrcFile[],
  plan: OrcReadPlan,
  predicateOf: (file: number) => Predicate,
): Promise<OrcScanBatch[]> {
  const partitionNames = plan.partitionSchema.fields.map((f) => f.name);
  const partitionSchema = plan.partitionSchema;
  // Per file, once: its predicate and the stripes that may match (none when its partition is ruled out).
  const perFile = new Map<number, Promise<{ predicate: Predicate; stripes: ReadonlySet<number> }>>();
  const matchingIn = (i: number) => {
    let m = perFile.get(i);
    if (m === undefined) {
      const predicate = predicateOf(i);
      const values = prunablePartitionValues(plan.files[i]!, partitionSchema);
      m = canSkipByPartition(predicate, values, partitionNames, partitionSchema)
        ? Promise.resolve({ predicate, stripes: new Set<number>() })
        : files[i]!.stripesMatching(predicate).then((found) => ({ predicate, stripes: new Set(found) }));
      perFile.set(i, m);
    }
    return m;
  };
  const out: OrcScanBatch[] = [];
  for (const s of stripes) {
    const file = files[s.file]!;
    const { predicate, stripes: matching } = await matchingIn(s.file);
    if (!matching.has(s.stripe.index)) continue;
    const groups = await file.rowGroupsMatching(s.stripe.index, predicate);
    if (groups === undefined) {
      out.push(wholeStripe(s));
      continue;
    }
    // Each run of adjacent row groups is sought to and decoded alone: the rest of the stripe is not read.
    const stride = file.rowIndexStride;
    for (const [first, end] of groupRuns(groups)) {
      const rows = Math.min(end * stride, s.stripe.numberOfRows) - first * stride;
      out.push({ rows, decode: () => s.fillsOf(s.stripe.decodeRowGroups(first, end)) });
    }
  }
  return out;
}

/**
 * The predicate with each read column named as file `file` names it (by name or by position), so that the
 * file's statistics are those of the right column; a column the file does not hold (a partition column, or
 * one missing from this file) is renamed to a name no ORC column has, so its statistics prove nothing.
 * Partition columns keep their names where partition pruning looks them up.
 */
function inFile(predicate: Predicate, columns: readonly DataColumn[], file: number): Predicate {
  const rename = (path: readonly string[]): readonly string[] => {
    const [top, ...rest] = path;
    const c = columns.find((x) => x.field.name.toLowerCase() === top?.toLowerCase());
    if (c === undefined) return path;
    const name = c.fileNames[file];
    return name === undefined ? [NO_SUCH_COLUMN] : [name, ...rest];
  };
  return renameColumns(predicate, rename);
}

/** A name no ORC column is given (a NUL character), so no statistics are found for it. */
const NO_SUCH_COLUMN = '\u0000';

function renameColumns(p: Predicate, rename: (path: readonly string[]) => readonly string[]): Predicate {
  switch (p.kind) {
    case 'and':
    case 'or':
      return { ...p, left: renameColumns(p.left, rename), right: renameColumns(p.right, rename) };
    case 'not':
      return { ...p, child: renameColumns(p.child, rename) };
    case 'literalBool':
      return p;
    default:
      return { ...p, column: rename(p.column) };
  }
}

/** Partition types whose folder values parse to the same ScalarValue Delta's partition pruning compares. */
const PRUNABLE = new Set([
  'string',
  'boolean',
  'byte',
  'short',
  'integer',
  'long',
  'float',
  'double',
  'date',
]);

/** A file's partition values by column name, for pruning; a column of another type is left out (unknown). */
function prunablePartitionValues(f: PartitionedFile, schema: StructType): Record<string, ScalarValue> {
  const out: Record<string, ScalarValue> = {};
  f.partitionValues.forEach((text, j) => {
    const p = schema.fields[j]!;
    if (p.type.kind === 'primitive' && PRUNABLE.has(p.type.name))
      out[p.name] = partitionValue(text, p.type) as ScalarValue;
  });
  return out;
}

/** Ascending row groups as runs [first, end) of adjacent groups. */
function groupRuns(groups: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const g of groups) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[1] === g) last[1] = g + 1;
    else runs.push([g, g + 1]);
  }
  return runs;
}

/** A file's partition values as the text the rows path casts (file-rows-sql.ts primitiveText). */
function partitionTexts(f: PartitionedFile, partitions: readonly StructField[]): (string | null)[] {
  return f.partitionValues.map((text, j) => {
    const type = partitions[j]!.type;
    const value = partitionValue(text, type);
    return value === null ? null : primitiveText(value, type);
  });
}

/** The carrier column as the read's type. */
export function carrierCast(col: string, carrier: OrcCarrier, type: DataType): string {
  switch (carrier.conversion) {
    case 'plain':
    case 'days':
      return outerCast(col, type);
    case 'utf8':
      return outerCast(`decode(${col})`, type);
    case 'wallClockMicros':
      // A wall clock without zone: cast in the session time zone, as the rows path casts its text.
      return `CAST(make_timestamp(${col}) AS ${toDuckDBType(type)})`;
    case 'instantMicros':
      return `CAST(timezone('UTC', make_timestamp(${col})) AS ${toDuckDBType(type)})`;
    case 'nested':
      // LIST/MAP/STRUCT with final leaves but for wall-clock TIMESTAMPs, which DuckDB's nested cast (by
      // field name) turns into TIMESTAMPTZ in the session time zone, as the flat make_timestamp cast does.
      return `CAST(${col} AS ${toDuckDBType(type)})`;
    default:
      return carrier.conversion satisfies never;
  }
}
