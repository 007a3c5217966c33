/**
 * Spark's partition discovery (PartitioningUtils.parsePartitions): folders named `key=value` between the
 * read path and a file become columns, typed by inferPartitionColumnValue: int, then bigint, then decimal
 * (integers only), then double, then timestamp, then date, then string; `__HIVE_DEFAULT_PARTITION__` is NULL.
 * Types of one column across folders widen (findWiderTypeForPartitionColumn): numeric types to the wider
 * one, anything else to string.
 */
import {
  type DataType,
  DateType,
  DoubleType,
  decimal,
  IntegerType,
  LongType,
  StringType,
  TimestampType,
} from '../../types/data-types.js';
import { isJavaDouble, isJavaInt, isJavaLong } from '../java-number-text.js';

export const HIVE_DEFAULT_PARTITION = '__HIVE_DEFAULT_PARTITION__';

/** `a=1/b=x` folder segments -> [['a', '1'], ['b', 'x']] (values unescaped like Spark's unescapePathName). */
export function partitionSegments(relativeDir: readonly string[]): [string, string | null][] {
  const out: [string, string | null][] = [];
  for (const seg of relativeDir) {
    const eq = seg.indexOf('=');
    if (eq <= 0) continue;
    const raw = unescapePathName(seg.slice(eq + 1));
    out.push([unescapePathName(seg.slice(0, eq)), raw === HIVE_DEFAULT_PARTITION ? null : raw]);
  }
  return out;
}

export function unescapePathName(s: string): string {
  return s.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The type of one partition value; undefined for NULL (Spark's NullType, which merges into anything). */
export function inferPartitionValueType(raw: string | null): DataType | undefined {
  if (raw === null) return undefined;
  if (isJavaInt(raw)) return IntegerType;
  if (isJavaLong(raw)) return LongType;
  if (/^[+-]?\d+$/.test(raw)) {
    const digits = raw.replace(/^[+-]?0*/, '').length || 1;
    if (digits <= 38) return decimal(digits, 0);
  }
  if (isJavaDouble(raw)) return DoubleType;
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/.test(raw)) return TimestampType;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return DateType;
  return StringType;
}

const NUMERIC_ORDER = ['integer', 'long', 'decimal', 'double'];

export function widerPartitionType(a: DataType | undefined, b: DataType | undefined): DataType | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const ka = a.kind === 'primitive' ? a.name : a.kind;
  const kb = b.kind === 'primitive' ? b.name : b.kind;
  if (ka === kb && a.kind !== 'decimal') return a;
  if (a.kind === 'decimal' && b.kind === 'decimal') return decimal(Math.max(a.precision, b.precision), 0);
  const ia = NUMERIC_ORDER.indexOf(ka);
  const ib = NUMERIC_ORDER.indexOf(kb);
  if (ia >= 0 && ib >= 0) {
    const wider = ia > ib ? a : b;
    // int/bigint with decimal(p,0): the decimal already holds every integer the other side has.
    return wider.kind === 'decimal' ? decimal(Math.max(wider.precision, 20), 0) : wider;
  }
  if ((ka === 'date' && kb === 'timestamp') || (ka === 'timestamp' && kb === 'date')) return TimestampType;
  return StringType;
}
