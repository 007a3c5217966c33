/**
 * Spark's `dataType` rule to the shared DataType: primitive names and their aliases (INT/INTEGER, LONG/BIGINT,
 * SHORT/SMALLINT, BYTE/TINYINT, REAL/FLOAT, DEC/NUMERIC/DECIMAL, TIMESTAMP_LTZ = TIMESTAMP), CHAR/VARCHAR(n),
 * INTERVAL qualifiers, and the complex ARRAY<…>, MAP<…,…>, STRUCT<name[:] type [NOT NULL] [COMMENT '…'], …>.
 * An unknown name is UNSUPPORTED_DATATYPE, as Spark's DataTypeAstBuilder reports it.
 */
import {
  arrayOf,
  collatedString,
  type DataType,
  decimal,
  field,
  mapOf,
  type PrimitiveTypeName,
  primitive,
  type StructField,
  struct,
} from '../../types/index.js';
import { normalizeCollationName } from './collation-name.js';
import type { Parser } from './parser-core.js';

const PRIMITIVES: Readonly<Record<string, PrimitiveTypeName>> = {
  BOOLEAN: 'boolean',
  TINYINT: 'byte',
  BYTE: 'byte',
  SMALLINT: 'short',
  SHORT: 'short',
  INT: 'integer',
  INTEGER: 'integer',
  BIGINT: 'long',
  LONG: 'long',
  FLOAT: 'float',
  REAL: 'float',
  DOUBLE: 'double',
  DATE: 'date',
  TIMESTAMP: 'timestamp',
  TIMESTAMP_LTZ: 'timestamp',
  TIMESTAMP_NTZ: 'timestamp_ntz',
  STRING: 'string',
  BINARY: 'binary',
  VOID: 'void',
  VARIANT: 'variant',
};

const YM = ['YEAR', 'MONTH'] as const;
const DT = ['DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;

function integerArg(p: Parser): number {
  const t = p.tok;
  if (t.type !== 'number' || !/^\d+$/.test(t.value)) throw p.error();
  p.advance();
  return Number(t.value);
}

/** Spark's `collateClause`: `COLLATE name`, the name possibly qualified (`SYSTEM.BUILTIN.UNICODE`). */
export function parseCollationName(p: Parser): string {
  const parts = [p.identifier()];
  while (p.isOp('.') && p.isIdentifier(1)) {
    p.advance();
    parts.push(p.identifier());
  }
  return normalizeCollationName(parts.join('.'));
}

export function parseDataType(p: Parser): DataType {
  return p.nested(() => parseTypeInner(p));
}

function parseTypeInner(p: Parser): DataType {
  const t = p.tok;
  if (t.type !== 'word') throw p.error();
  p.advance();
  const name = t.upper;
  const prim = PRIMITIVES[name];
  if (prim) {
    if (name === 'TIMESTAMP' && p.timestampNtz) return primitive('timestamp_ntz');
    if (name === 'STRING' && p.acceptKw('COLLATE')) return collatedString(parseCollationName(p));
    return primitive(prim);
  }
  switch (name) {
    case 'DECIMAL':
    case 'DEC':
    case 'NUMERIC': {
      if (!p.acceptOp('(')) return decimal(10, 0);
      const precision = integerArg(p);
      const scale = p.acceptOp(',') ? integerArg(p) : 0;
      p.expectOp(')');
      return decimal(precision, scale);
    }
    case 'CHAR':
    case 'CHARACTER':
    case 'VARCHAR': {
      p.expectOp('(');
      const length = integerArg(p);
      p.expectOp(')');
      return name === 'VARCHAR' ? { kind: 'varchar', length } : { kind: 'char', length };
    }
    case 'ARRAY': {
      p.expectOp('<');
      const element = parseDataType(p);
      p.expectCloseAngle();
      return arrayOf(element);
    }
    case 'MAP': {
      p.expectOp('<');
      const key = parseDataType(p);
      p.expectOp(',');
      const value = parseDataType(p);
      p.expectCloseAngle();
      return mapOf(key, value);
    }
    case 'STRUCT': {
      p.expectOp('<');
      const fields: StructField[] = [];
      if (!p.isOp('>') && !p.isOp('>>') && !p.isOp('>>>')) {
        do {
          fields.push(parseStructField(p));
        } while (p.acceptOp(','));
      }
      p.expectCloseAngle();
      return struct(fields);
    }
    case 'INTERVAL':
      return parseIntervalType(p);
    default:
      throw p.errorOver('UNSUPPORTED_DATATYPE', { typeName: `"${name}"` }, t.start, t.end);
  }
}

function parseStructField(p: Parser): StructField {
  const name = p.identifier();
  p.acceptOp(':');
  const type = parseDataType(p);
  let nullable = true;
  if (p.acceptKw('NOT', 'NULL')) nullable = false;
  if (p.acceptKw('COMMENT')) {
    if (p.tok.type !== 'string') throw p.error();
    return field(name, type, nullable, { comment: p.advance().value });
  }
  return field(name, type, nullable);
}

function parseIntervalType(p: Parser): DataType {
  const from = p.tok.upper;
  const fromYm = YM.indexOf(from as 'YEAR');
  const fromDt = DT.indexOf(from as 'DAY');
  if (fromYm < 0 && fromDt < 0) return { kind: 'calendarInterval' };
  p.advance();
  let to = from;
  if (p.isKw('TO')) {
    p.advance();
    to = p.tok.upper;
    p.advance();
  }
  if (fromYm >= 0) {
    const toYm = YM.indexOf(to as 'YEAR');
    if (toYm < fromYm) throw p.error(p.prev);
    return { kind: 'yearMonthInterval', startField: fromYm as 0 | 1, endField: toYm as 0 | 1 };
  }
  const toDt = DT.indexOf(to as 'DAY');
  if (toDt < fromDt) throw p.error(p.prev);
  return { kind: 'dayTimeInterval', startField: fromDt as 0, endField: toDt as 0 };
}
