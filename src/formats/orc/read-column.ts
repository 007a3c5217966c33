/** Decodes one column (and its subtree) of a stripe into a ColumnVector, by ORC type. */
import type { ColumnReadContext } from './column-context.js';
import { readPresence } from './column-context.js';
import type { ColumnVector } from './column-vector.js';
import { readDecimal } from './decimal-columns.js';
import { readList, readMap, readStruct, readUnion } from './nested-columns.js';
import { readBoolean, readFloating, readInt, readLong, readTinyint } from './primitive-columns.js';
import { readBytes } from './string-columns.js';
import { readTimestamp } from './timestamp-columns.js';
import type { OrcType } from './type-tree.js';

export function readColumn(
  ctx: ColumnReadContext,
  t: OrcType,
  count: number,
  incoming: Uint8Array | undefined,
): ColumnVector {
  const p = readPresence(ctx, t, count, incoming);
  const child = (c: OrcType, n: number, inc: Uint8Array | undefined) => readColumn(ctx, c, n, inc);
  switch (t.kind) {
    case 'boolean':
      return readBoolean(ctx, t, count, p);
    case 'tinyint':
      return readTinyint(ctx, t, count, p);
    case 'smallint':
    case 'int':
    case 'date':
      return readInt(ctx, t, count, p);
    case 'bigint':
      return readLong(ctx, t, count, p);
    case 'float':
    case 'double':
      return readFloating(ctx, t, count, p);
    case 'string':
    case 'char':
    case 'varchar':
    case 'binary':
      return readBytes(ctx, t, count, p);
    case 'decimal':
      return readDecimal(ctx, t, count, p);
    case 'timestamp':
    case 'timestamp with local time zone':
      return readTimestamp(ctx, t, count, p);
    case 'struct':
      return readStruct(t, count, p, child);
    case 'array':
      return readList(ctx, t, count, p, child);
    case 'map':
      return readMap(ctx, t, count, p, child);
    case 'uniontype':
      return readUnion(ctx, t, count, p, child);
    default:
      return t.kind satisfies never;
  }
}
