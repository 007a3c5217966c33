/**
 * Spark's cast aliases (FunctionRegistry.castAlias): `int(x)` is CAST(x AS INT), and so on. Such a cast is
 * not one the user wrote (it carries no USER_SPECIFIED_CAST tag), so a column it makes is named after its
 * operand alone, as toPrettySQL names it: `SELECT date('2020-01-01')` gives the column `2020-01-01`.
 */
import {
  BinaryType,
  BooleanType,
  ByteType,
  type DataType,
  DateType,
  DoubleType,
  FloatType,
  IntegerType,
  LongType,
  ShortType,
  StringType,
  TimestampType,
} from '../../types/data-types.js';

const CAST_ALIASES: Readonly<Record<string, DataType>> = {
  boolean: BooleanType,
  tinyint: ByteType,
  smallint: ShortType,
  int: IntegerType,
  bigint: LongType,
  float: FloatType,
  double: DoubleType,
  decimal: { kind: 'decimal', precision: 10, scale: 0 },
  string: StringType,
  binary: BinaryType,
  date: DateType,
  timestamp: TimestampType,
};

/** The type a cast alias casts to, by the function's (lower-case) name; undefined for other functions. */
export function castAliasType(name: string): DataType | undefined {
  return Object.hasOwn(CAST_ALIASES, name) ? CAST_ALIASES[name] : undefined;
}
