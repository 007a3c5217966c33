/**
 * An ORC read as DuckDB SQL over the lakesql_orc_scan table function: files are opened (tails only) to
 * resolve the read's columns, every requested stripe is decoded into ColumnVectors, and the SQL around the
 * function casts each carrier to the read's type exactly as the rows path (file-rows-sql.ts) casts text:
 * ORC `timestamp` wall clocks become instants in the session time zone, `timestamp with local time zone`
 * values are UTC instants, and partition values are the same text the rows path casts.
 *
 * Returns undefined where the columnar path does not apply and the caller should read rows instead: a nested
 * column, files that disagree on a column's type, a user schema that changes a column's type (the rows path
 * casts through text, whose results this path would not reproduce), or nothing to scan.
 *
 * Memory: the callbacks DuckDB makes are synchronous, so all requested stripes of all files are decoded
 * before the query and held (as typed arrays) until `release`.
 */

import { VARCHAR } from '@duckdb/node-api';
import { type OrcReadPlan, type PartitionedFile, partitionValue } from '../../formats/file-source.js';
import { type OrcFile, type OrcType, objectStoreSource, openOrcFile } from '../../formats/orc/index.js';
import { type DataType, type StructField, sqlTypeName, struct } from '../../types/data-types.js';
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
      openOrcFile(await objectStoreSource(f.file.store, f.file.key, f.file.displayPath)),
    ),
  );
  const schema = plan.userSchema ?? files[0]!.schema;
  const columns: DataColumn[] = [];
  for (const f of schema.fields) {
    const column = resolveColumn(f, files);
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
  const batches = await decodeBatches(plan.files, files, scanned, partitions);
  const scan = await registerOrcScan(engine, { columns: scanColumns, batches });
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
  };
}

/** Undefined when the column cannot be scanned columnarly (see the file comment). */
function resolveColumn(f: StructField, files: readonly OrcFile[]): DataColumn | undefined {
  const fileNames: (string | undefined)[] = [];
  let carrier: OrcCarrier | undefined;
  let orcKind: string | undefined;
  for (const file of files) {
    const i = file.schema.fields.findIndex((g) => g.name.toLowerCase() === f.name.toLowerCase());
    if (i < 0) {
      fileNames.push(undefined);
      continue;
    }
    const fileField = file.schema.fields[i]!;
    const orcType = topLevelTypes(file)[i]!;
    if (!sameType(fileField.type, f.type)) return undefined;
    if (orcKind !== undefined && orcKind !== orcType.kind) return undefined;
    const shape = f.type.kind === 'decimal' ? f.type : { precision: 0, scale: 0 };
    carrier = orcCarrier(orcType, shape);
    if (carrier === undefined) return undefined;
    orcKind = orcType.kind;
    fileNames.push(fileField.name);
  }
  return { field: f, fileNames, carrier };
}

function topLevelTypes(file: OrcFile): readonly OrcType[] {
  return file.orcType.kind === 'struct' ? file.orcType.children : [file.orcType];
}

/** Flat types only reach here, so their SQL names identify them (key order of the objects may differ). */
function sameType(a: DataType, b: DataType): boolean {
  return sqlTypeName(a) === sqlTypeName(b);
}

/** Every stripe of every file, each with its fills: the decoded vectors, NULLs, or partition text. */
async function decodeBatches(
  planned: readonly PartitionedFile[],
  files: readonly OrcFile[],
  scanned: readonly DataColumn[],
  partitions: readonly StructField[],
): Promise<OrcScanBatch[]> {
  const batches: OrcScanBatch[] = [];
  for (const [i, file] of files.entries()) {
    const names = scanned.map((c) => c.fileNames[i]);
    const present = names.filter((n): n is string => n !== undefined);
    const partitionFills = partitionTexts(planned[i]!, partitions).map(fillConstant);
    for (let s = 0; s < file.stripes.length; s++) {
      const stripe = await file.readStripe(s, present);
      if (stripe.numberOfRows === 0) continue;
      const fills: VectorFill[] = names.map((n, c) => {
        const vector = n === undefined ? undefined : stripe.columns.find((col) => col.name === n)?.vector;
        if (vector === undefined) return fillNulls;
        const type = scanned[c]!.field.type;
        return vectorFill(vector, type.kind === 'decimal' ? type.precision : 0);
      });
      batches.push({ rows: stripe.numberOfRows, fills: [...fills, ...partitionFills] });
    }
  }
  return batches;
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
    default:
      return carrier.conversion satisfies never;
  }
}
