/**
 * Literals of any type as DuckDB SQL: primitives through the engine's scalarToSql, nested values built
 * from their parts, every one typed so that DuckDB never guesses (a bare `1` would be INTEGER, `'a'` VARCHAR).
 */
import { toDuckDBType } from '../../engine/duckdb-types.js';
import { quoteString, scalarToSql } from '../../engine/sql-text.js';
import type { DataType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';
import { taggedValue, type Value } from '../../types/value.js';

export function literalSql(value: Value, type: DataType): string {
  if (value === null) return `CAST(NULL AS ${toDuckDBType(type)})`;
  switch (type.kind) {
    case 'primitive':
      if (type.name === 'void') return 'NULL';
      return scalarToSql(value as ScalarValue, type);
    case 'decimal':
      return scalarToSql(value as ScalarValue, type);
    case 'char':
    case 'varchar':
      return `CAST(${quoteString(String(value))} AS VARCHAR)`;
    case 'yearMonthInterval':
      return `to_months(${Number(value)})`;
    case 'dayTimeInterval':
      // Parenthesised: `-9223372036854775808::BIGINT` would cast the positive number before negating it.
      return `to_microseconds((${String(value)})::BIGINT)`;
    case 'calendarInterval': {
      const v = taggedValue(value);
      if (v?.kind !== 'calendarInterval') throw new Error('calendar interval literal expected');
      return `(to_months(${v.months}) + to_days(${v.days}) + to_microseconds((${v.microseconds})::BIGINT))`;
    }
    case 'array':
      return `CAST([${(value as readonly Value[]).map((v) => literalSql(v, type.elementType)).join(', ')}] AS ${toDuckDBType(type)})`;
    case 'map': {
      const v = taggedValue(value);
      if (v?.kind !== 'map') throw new Error('map literal expected');
      const keys = v.entries.map(([k]) => literalSql(k, type.keyType));
      const values = v.entries.map(([, x]) => literalSql(x, type.valueType));
      return `CAST(MAP([${keys.join(', ')}], [${values.join(', ')}]) AS ${toDuckDBType(type)})`;
    }
    case 'struct': {
      const v = taggedValue(value);
      if (v?.kind !== 'struct') throw new Error('struct literal expected');
      const parts = type.fields.map(
        (f) => `${quoteString(f.name)}: ${literalSql(v.fields[f.name] ?? null, f.type)}`,
      );
      return `CAST({${parts.join(', ')}} AS ${toDuckDBType(type)})`;
    }
    default: {
      const never: never = type;
      throw new Error(`no literal for ${JSON.stringify(never)}`);
    }
  }
}
