/**
 * ORC files as FileRows (formats/file-rows.ts) for `spark.read.orc(path)` and `SELECT * FROM orc.\`path\``.
 * Timestamps become normalised text, as the row formats hand them over: an ORC `timestamp` is the writer's
 * wall clock with no zone, which the engine reads in the session time zone (Spark reads ORC timestamps
 * the same way); `timestamp with local time zone` is an instant, written with `+00:00`.
 * With a user schema, columns are matched as Spark matches them (column-matching.ts) and missing ones are
 * NULL.
 */
import { type StructType, struct } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { FileRows } from '../file-rows.js';
import type { OrcByteSource } from './byte-source.js';
import { fileColumnNames } from './column-matching.js';
import type { ColumnVector } from './column-vector.js';
import { openOrcFile } from './orc-file.js';
import { rowValue } from './row-values.js';

export async function readOrcRows(
  sources: readonly OrcByteSource[],
  userSchema?: StructType,
): Promise<FileRows> {
  const files = await Promise.all(sources.map((s) => openOrcFile(s)));
  const schema = userSchema ?? files[0]?.schema ?? struct([]);
  const rows: Value[][] = [];
  for (const file of files) {
    const names = fileColumnNames(file, schema);
    const present = names.filter((n): n is string => n !== undefined);
    for (let s = 0; s < file.stripes.length; s++) {
      const stripe = await file.readStripe(s, present);
      const vectors = names.map((n) => stripe.columns.find((c) => c.name === n)?.vector);
      for (let r = 0; r < stripe.numberOfRows; r++)
        rows.push(vectors.map((v) => (v === undefined ? null : cellValue(v, r))));
    }
  }
  return { schema, rows };
}

function cellValue(v: ColumnVector, row: number): Value {
  if (v.kind !== 'timestamp' || (v.present !== undefined && v.present[row] === 0)) return rowValue(v, row);
  const iso = new Date(v.seconds[row]! * 1000).toISOString();
  const micros = String(Math.floor(v.nanos[row]! / 1000)).padStart(6, '0');
  const zone = v.type.kind === 'timestamp' ? '' : '+00:00';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${micros}${zone}`;
}
