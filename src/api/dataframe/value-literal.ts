/**
 * A lakesql Value of a known type as a SQL literal expression of exactly that type: what createDataFrame and
 * the rows of an executed statement become inside a VALUES table. Each literal carries its type (int, bigint,
 * decimal(p,s), DATE '…', TIMESTAMP '…Z') so that Spark's inline-table typing gives back the schema asked
 * for; nested values are Spark's array / map / named_struct calls cast to the declared type.
 */

import { LakesqlError } from '../../errors/index.js';
import { formatDate, formatTimestampNtz } from '../../exec/value-format/datetime-text.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { call, cast, literal, stringLiteral } from '../../sql/ast/node-builders.js';
import { parseExpression } from '../../sql/index.js';
import { assertNever, type DataType, sqlTypeName } from '../../types/data-types.js';
import { dayTimeIntervalText, yearMonthIntervalText } from '../../types/interval-text.js';
import type { MapValue, StructValue, Value } from '../../types/value.js';
import { doubleLiteral, timestampLiteral } from './js-literal.js';

/** `CAST(NULL AS type)`: a NULL of a given type. */
export function typedNull(type: DataType): Expression {
  return cast(literal({ type: 'null' }), type);
}

export function valueLiteral(value: Value, type: DataType): Expression {
  if (value === null) return typedNull(type);
  switch (type.kind) {
    case 'primitive':
      switch (type.name) {
        case 'boolean':
          return literal({ type: 'boolean', value: Boolean(value) });
        case 'byte':
          return literal({ type: 'tinyint', value: BigInt(value as number) });
        case 'short':
          return literal({ type: 'smallint', value: BigInt(value as number) });
        case 'integer':
          return literal({ type: 'int', value: BigInt(value as number) });
        case 'long':
          return literal({ type: 'bigint', value: BigInt(value as bigint) });
        case 'float':
          return cast(doubleLiteral(Number(value)), type);
        case 'double':
          return doubleLiteral(Number(value));
        case 'string':
          return stringLiteral(String(value));
        case 'binary':
          return literal({ type: 'binary', value: value as Uint8Array });
        case 'date':
          return literal({ type: 'date', value: formatDate(Number(value)) });
        case 'timestamp':
          return timestampLiteral(BigInt(value as bigint));
        case 'timestamp_ntz':
          return literal({ type: 'timestamp_ntz', value: formatTimestampNtz(BigInt(value as bigint)) });
        case 'void':
          return literal({ type: 'null' });
        case 'variant':
          throw unsupported(type);
        default:
          return assertNever(type.name);
      }
    case 'decimal':
      return literal({
        type: 'decimal',
        unscaled: BigInt(value as bigint),
        precision: type.precision,
        scale: type.scale,
      });
    case 'char':
    case 'varchar':
      return cast(stringLiteral(String(value)), type);
    case 'array': {
      const items = value as readonly Value[];
      return cast(
        call(
          'array',
          items.map((v) => valueLiteral(v, type.elementType)),
        ),
        type,
      );
    }
    case 'map': {
      const args = (value as MapValue).entries.flatMap(([k, v]) => [
        valueLiteral(k, type.keyType),
        valueLiteral(v, type.valueType),
      ]);
      return cast(call('map', args), type);
    }
    case 'struct': {
      const fields = (value as StructValue).fields;
      const args = type.fields.flatMap((f) => [
        stringLiteral(f.name),
        valueLiteral(fields[f.name] ?? null, f.type),
      ]);
      return cast(call('named_struct', args), type);
    }
    case 'yearMonthInterval':
      // Spark's ANSI interval literal text (`INTERVAL '1-2' YEAR TO MONTH`) parses back to the same type.
      return parseExpression(yearMonthIntervalText(Number(value), 'ansi', type.startField, type.endField));
    case 'dayTimeInterval':
      return parseExpression(
        dayTimeIntervalText(BigInt(value as bigint), 'ansi', type.startField, type.endField),
      );
    case 'calendarInterval':
      throw unsupported(type);
    default:
      return assertNever(type);
  }
}

function unsupported(type: DataType): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE', {
    feature: `DataFrame literals of type ${sqlTypeName(type)}`,
  });
}
