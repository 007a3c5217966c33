/**
 * Copies a slice of a decoded ORC ColumnVector (formats/orc) into a DuckDB output vector, column by column,
 * with no row objects in between. Each flat ORC type has one DuckDB carrier type; the SQL around the table
 * function (orc-read-sql.ts) turns carriers into the read's types: dates travel as INTEGER days and
 * timestamps as BIGINT microseconds, so that no per-row date or timestamp objects are built here, and
 * strings as their UTF-8 bytes in a BLOB that SQL decodes (about a third cheaper per value than handing
 * the binding a JS string, which it re-encodes).
 * Integer arrays may hold bigints or numbers (the decoders choose per width), so both are accepted.
 */

import { isUtf8 } from 'node:buffer';
import {
  BIGINT,
  BLOB,
  BOOLEAN,
  blobValue,
  DECIMAL,
  DOUBLE,
  type DuckDBType,
  type DuckDBValue,
  type DuckDBVector,
  decimalValue,
  FLOAT,
  INTEGER,
  SMALLINT,
  TINYINT,
} from '@duckdb/node-api';
import type { ColumnVector, OrcType } from '../../formats/orc/index.js';

/** How one flat ORC column reaches DuckDB: the carrier type and what SQL must do to it. */
export interface OrcCarrier {
  readonly duckType: DuckDBType;
  /** 'plain' needs only a cast to the read's type; the others a conversion first. */
  readonly conversion: 'plain' | 'utf8' | 'days' | 'wallClockMicros' | 'instantMicros';
}

/** The carrier of a flat ORC type; undefined for nested types (list, map, struct, union). */
export function orcCarrier(
  t: OrcType,
  decimal: { precision: number; scale: number },
): OrcCarrier | undefined {
  const plain = (duckType: DuckDBType): OrcCarrier => ({ duckType, conversion: 'plain' });
  switch (t.kind) {
    case 'boolean':
      return plain(BOOLEAN);
    case 'tinyint':
      return plain(TINYINT);
    case 'smallint':
      return plain(SMALLINT);
    case 'int':
      return plain(INTEGER);
    case 'bigint':
      return plain(BIGINT);
    case 'float':
      return plain(FLOAT);
    case 'double':
      return plain(DOUBLE);
    case 'string':
    case 'char':
    case 'varchar':
      return { duckType: BLOB, conversion: 'utf8' };
    case 'binary':
      return plain(BLOB);
    case 'decimal':
      return plain(DECIMAL(decimal.precision, decimal.scale));
    case 'date':
      return { duckType: INTEGER, conversion: 'days' };
    case 'timestamp':
      return { duckType: BIGINT, conversion: 'wallClockMicros' };
    case 'timestamp with local time zone':
      return { duckType: BIGINT, conversion: 'instantMicros' };
    default:
      return undefined;
  }
}

/** Writes rows from..from+count of a vector into out[0..count). */
export type VectorFill = (out: DuckDBVector, from: number, count: number) => void;

/** A fill for a column absent from a file: all NULL. */
export const fillNulls: VectorFill = (out, _from, count) => {
  for (let i = 0; i < count; i++) out.setItem(i, null);
  out.flush();
};

/** A fill of one constant (a partition value's text), or NULL. */
export function fillConstant(value: string | null): VectorFill {
  return (out, _from, count) => {
    for (let i = 0; i < count; i++) out.setItem(i, value);
    out.flush();
  };
}

export function vectorFill(v: ColumnVector, decimalWidth: number): VectorFill {
  const item = itemReader(v, decimalWidth);
  const present = v.present;
  return (out, from, count) => {
    if (present === undefined) {
      for (let i = 0; i < count; i++) out.setItem(i, item(from + i));
    } else {
      for (let i = 0; i < count; i++) out.setItem(i, present[from + i] === 0 ? null : item(from + i));
    }
    out.flush();
  };
}

const asBigInt = (x: bigint | number): bigint => (typeof x === 'bigint' ? x : BigInt(x));

function itemReader(v: ColumnVector, decimalWidth: number): (row: number) => DuckDBValue {
  switch (v.kind) {
    case 'boolean': {
      const values = v.values;
      return (r) => values[r] === 1;
    }
    case 'int':
    case 'float':
    case 'double': {
      const values: ArrayLike<number | bigint> = v.values;
      return (r) => Number(values[r]!);
    }
    case 'long': {
      const values: ArrayLike<number | bigint> = v.values;
      return (r) => asBigInt(values[r]!);
    }
    case 'bytes': {
      const { offsets, data } = v;
      if (v.type.kind === 'binary' || validUtf8Rows(data, offsets, v.length))
        return (r) => blobValue(data.subarray(offsets[r]!, offsets[r + 1]!));
      // DuckDB's decode() refuses bad UTF-8, so such rows are repaired here the way the rows path's
      // TextDecoder repairs them (U+FFFD for each bad sequence; Buffer decodes to the same WHATWG rules).
      const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      return (r) => blobValue(Buffer.from(text.toString('utf8', offsets[r]!, offsets[r + 1]!)));
    }
    case 'decimal': {
      const values: ArrayLike<number | bigint> = v.values;
      const scale = v.scale;
      return (r) => decimalValue(asBigInt(values[r]!), decimalWidth, scale);
    }
    case 'timestamp': {
      const { seconds, nanos } = v;
      return (r) => {
        // Microseconds as the rows path truncates them (floor of nanos / 1000); exact in a double up to 2^53.
        const micros = Number(seconds[r]!) * 1_000_000 + Math.floor(nanos[r]! / 1000);
        return Number.isSafeInteger(micros)
          ? BigInt(micros)
          : BigInt(seconds[r]!) * 1_000_000n + BigInt(Math.floor(nanos[r]! / 1000));
      };
    }
    default:
      throw new Error(`ORC ${v.kind} vectors have no columnar DuckDB form`);
  }
}

/**
 * Whether every row's bytes are valid UTF-8: the whole buffer is, and no row starts inside a character
 * (a continuation byte 10xxxxxx at a row boundary would mean two rows split one character).
 */
function validUtf8Rows(data: Uint8Array, offsets: Int32Array, rows: number): boolean {
  if (!isUtf8(data)) return false;
  for (let r = 0; r < rows; r++) {
    const start = offsets[r]!;
    if (start < offsets[r + 1]! && ((data[start] ?? 0) & 0xc0) === 0x80) return false;
  }
  return true;
}
