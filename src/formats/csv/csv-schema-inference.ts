/**
 * Spark's CSVInferSchema: each token moves its column's type along int -> bigint -> decimal (integers
 * only) -> double -> date (preferDate, the default `yyyy-MM-dd`) -> timestamp -> boolean -> string, starting
 * from the type so far; a column's types merge with compatibleType (tightest common type, then
 * CSV's rules: integral with decimal widens the decimal, double absorbs decimal, date with timestamp is
 * timestamp, anything else string). Tokens equal to `nullValue` do not vote; a column with no values is
 * string.
 */
import {
  BooleanType,
  type DataType,
  DateType,
  DoubleType,
  decimal,
  IntegerType,
  LongType,
  StringType,
  TimestampType,
} from '../../types/data-types.js';
import { isDefaultFormatDate, normalizeTimestamp } from '../datetime-text.js';
import { isJavaDouble, isJavaInt, isJavaLong, javaBigDecimal } from '../java-number-text.js';
import type { CsvOptions } from './csv-options.js';
import { isoDateDays, plainDecimal, shortIntShape } from './fast-text.js';

/** NullType during inference: no value seen yet. */
export type InferredType = DataType | 'null';

export function inferCsvTypes(
  rows: readonly (readonly string[])[],
  width: number,
  o: CsvOptions,
): DataType[] {
  const types = startInference(width);
  for (const tokens of rows) inferRecord(types, tokens, o);
  return finishInference(types);
}

/** CSVInferSchema.infer one record at a time: start, fold each record in, finish. */
export function startInference(width: number): InferredType[] {
  return Array.from({ length: width }, () => 'null');
}

export function inferRecord(types: InferredType[], tokens: readonly string[], o: CsvOptions): void {
  const width = Math.min(types.length, tokens.length);
  for (let i = 0; i < width; i++) types[i] = inferField(types[i]!, tokens[i]!, o);
}

/** A column that saw no value is a string. */
export function finishInference(types: readonly InferredType[]): DataType[] {
  return types.map((t) => (t === 'null' ? StringType : t));
}

export function inferField(soFar: InferredType, field: string, o: CsvOptions): InferredType {
  if (field === '' || field === o.nullValue) return soFar;
  const tag = soFar === 'null' ? 'null' : soFar.kind === 'primitive' ? soFar.name : soFar.kind;
  let found: DataType;
  switch (tag) {
    case 'null':
    case 'integer':
      found = tryInteger(field, o);
      break;
    case 'long':
      found = tryLong(field, o);
      break;
    case 'decimal':
      found = tryDecimal(field, o);
      break;
    case 'double':
      found = tryDouble(field, o);
      break;
    case 'date':
      found = tryDate(field, o);
      break;
    case 'timestamp':
      found = tryTimestamp(field, o);
      break;
    case 'boolean':
      found = tryBoolean(field);
      break;
    default:
      found = StringType;
  }
  return compatibleType(soFar, found) ?? StringType;
}

const tryInteger = (f: string, o: CsvOptions): DataType =>
  shortIntShape(f) || isJavaInt(f) ? IntegerType : tryLong(f, o);
const tryLong = (f: string, o: CsvOptions): DataType => (isJavaLong(f) ? LongType : tryDecimal(f, o));

function tryDecimal(f: string, o: CsvOptions): DataType {
  const d = javaBigDecimal(f);
  // Values with a fractional part are doubles ("many other formats do not support decimal"); a negative
  // scale (`1e3`) fails DecimalType's check unless legacy negative scales are on, so it is a double too.
  if (d && d.scale === 0 && d.precision <= 38) return decimal(d.precision, 0);
  return tryDouble(f, o);
}

function tryDouble(f: string, o: CsvOptions): DataType {
  if (
    plainDecimal(f) !== undefined ||
    isJavaDouble(f) ||
    f === o.nanValue ||
    f === o.positiveInf ||
    f === o.negativeInf
  )
    return DoubleType;
  return o.preferDate ? tryDate(f, o) : tryTimestamp(f, o);
}

function tryDate(f: string, o: CsvOptions): DataType {
  if (o.dateFormat === undefined || o.dateFormat === 'yyyy-MM-dd') {
    if (isoDateDays(f) !== undefined || isDefaultFormatDate(f)) return DateType;
  }
  return tryTimestamp(f, o);
}

function tryTimestamp(f: string, _o: CsvOptions): DataType {
  return normalizeTimestamp(f) !== undefined && /[T ]\d/.test(f.trim()) ? TimestampType : tryBoolean(f);
}

function tryBoolean(f: string): DataType {
  const l = f.toLowerCase();
  return l === 'true' || l === 'false' ? BooleanType : StringType;
}

const NUMERIC = ['integer', 'long', 'double'];

/** TypeCoercion.findTightestCommonType, then CSVInferSchema.findCompatibleTypeForCSV. */
export function compatibleType(a: InferredType, b: InferredType): InferredType | undefined {
  if (a === 'null') return b;
  if (b === 'null') return a;
  const ka = a.kind === 'primitive' ? a.name : a.kind;
  const kb = b.kind === 'primitive' ? b.name : b.kind;
  if (a.kind === 'decimal' && b.kind === 'decimal')
    return widerDecimal(a.precision, a.scale, b.precision, b.scale);
  if (ka === kb) return a;
  if (NUMERIC.includes(ka) && NUMERIC.includes(kb)) {
    return NUMERIC.indexOf(ka) > NUMERIC.indexOf(kb) ? a : b;
  }
  if (ka === 'string' || kb === 'string') return StringType;
  const integralDigits = (k: string) => (k === 'integer' ? 10 : k === 'long' ? 20 : undefined);
  if (a.kind === 'decimal' && integralDigits(kb) !== undefined)
    return widerDecimal(a.precision, a.scale, integralDigits(kb)!, 0);
  if (b.kind === 'decimal' && integralDigits(ka) !== undefined)
    return widerDecimal(integralDigits(ka)!, 0, b.precision, b.scale);
  if ((ka === 'double' && kb === 'decimal') || (ka === 'decimal' && kb === 'double')) return DoubleType;
  if ((ka === 'date' && kb === 'timestamp') || (ka === 'timestamp' && kb === 'date')) return TimestampType;
  return undefined;
}

function widerDecimal(p1: number, s1: number, p2: number, s2: number): DataType {
  const scale = Math.max(s1, s2);
  const range = Math.max(p1 - s1, p2 - s2);
  return range + scale > 38 ? DoubleType : decimal(range + scale, scale);
}
