/**
 * Copies a slice of a decoded ORC ColumnVector (formats/orc) into a DuckDB output vector, column by column,
 * with no row objects in between. Each flat ORC type has one DuckDB carrier type; the SQL around the table
 * function (orc-read-sql.ts) turns carriers into the read's types: dates travel as INTEGER days and
 * timestamps as BIGINT microseconds, and strings as their UTF-8 bytes (bad UTF-8 repaired) in a BLOB that
 * SQL decodes. Nested columns (array, map, struct, uniontype) travel as DuckDB LIST/MAP/STRUCT whose one
 * conversion left to SQL is a cast of the whole value. Both are written by orc-nested-fill.ts straight into
 * the output vector's memory (typed arrays, validity masks, string_t entries).
 */

import {
  BIGINT,
  BLOB,
  BOOLEAN,
  DECIMAL,
  DOUBLE,
  type DuckDBType,
  FLOAT,
  INTEGER,
  SMALLINT,
  TINYINT,
} from '@duckdb/node-api';
import type { ColumnVector, OrcType } from '../../formats/orc/index.js';
import { columnFill, nestedCarrierType, type VectorFill } from './orc-nested-fill.js';

/** How one ORC column reaches DuckDB: the carrier type and what SQL must do to it. */
export interface OrcCarrier {
  readonly duckType: DuckDBType;
  /**
   * 'plain' needs only a cast to the read's type; the flat others a conversion first; 'nested' is a
   * LIST/MAP/STRUCT whose leaves are final but for ORC `timestamp` wall clocks (TIMESTAMP), which the cast
   * of the whole value to the read's type turns into instants in the session time zone.
   */
  readonly conversion: 'plain' | 'utf8' | 'days' | 'wallClockMicros' | 'instantMicros' | 'nested';
}

/** The carrier of an ORC column's type (nested types: orc-nested-fill.ts); undefined for none. */
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
    case 'array':
    case 'map':
    case 'struct':
    case 'uniontype':
      return { duckType: nestedCarrierType(t), conversion: 'nested' };
    default:
      return t.kind satisfies never;
  }
}

/**
 * The fill of a decoded vector, flat or nested: raw writes of typed arrays, validity masks and string_t
 * entries into the output vector (orc-nested-fill.ts), with no DuckDBValue per value. The output vector's
 * type is the column's carrier; decimals are written at its width (the read's precision).
 */
export const vectorFill: (v: ColumnVector) => VectorFill = columnFill;
export { fillConstant, fillNulls, type VectorFill } from './orc-nested-fill.js';
