/**
 * PySpark-shaped schema classes (pyspark.sql.types) over the shared type model (src/types/data-types.ts):
 * `df.schema()` returns a StructType whose fields have `name`, `dataType` (with Spark's `simpleString()`,
 * e.g. `int`, `decimal(10,2)`, `array<string>`, and `typeName()`, e.g. `integer`) and `nullable`.
 * `treeString()` is Spark's StructType.treeString, which printSchema prints.
 */
import {
  arrayOf,
  decimal,
  field,
  mapOf,
  BinaryType as RawBinary,
  BooleanType as RawBoolean,
  ByteType as RawByte,
  type DataType as RawDataType,
  DateType as RawDate,
  DoubleType as RawDouble,
  FloatType as RawFloat,
  IntegerType as RawInteger,
  LongType as RawLong,
  ShortType as RawShort,
  StringType as RawString,
  type StructType as RawStructType,
  TimestampType as RawTimestamp,
  TimestampNtzType as RawTimestampNtz,
  sqlTypeName,
  struct,
} from '../../types/data-types.js';

/** A Spark data type (pyspark.sql.types.DataType). */
export class DataTypeWrapper {
  constructor(readonly type: RawDataType) {}

  /** Spark's simpleString: `int`, `bigint`, `decimal(10,2)`, `array<int>`, `struct<a:int>`. */
  simpleString(): string {
    return sqlTypeName(this.type);
  }

  /** Spark's typeName: `integer`, `long`, `decimal(10,2)`, `array`, `struct`, `map`. */
  typeName(): string {
    return typeName(this.type);
  }

  toString(): string {
    return this.simpleString();
  }
}

export class StructField {
  readonly dataType: DataTypeWrapper;
  constructor(
    readonly name: string,
    dataType: DataTypeWrapper | RawDataType,
    readonly nullable = true,
    readonly metadata: Readonly<Record<string, unknown>> = {},
  ) {
    this.dataType = dataType instanceof DataTypeWrapper ? dataType : wrapType(dataType);
  }

  simpleString(): string {
    return `${this.name}:${this.dataType.simpleString()}`;
  }
}

export class StructType extends DataTypeWrapper {
  readonly fields: readonly StructField[];

  constructor(fields: readonly StructField[] = []) {
    super(struct(fields.map((f) => field(f.name, f.dataType.type, f.nullable, f.metadata))));
    this.fields = fields;
  }

  static fromRaw(raw: RawStructType): StructType {
    return new StructType(raw.fields.map((f) => new StructField(f.name, f.type, f.nullable, f.metadata)));
  }

  get raw(): RawStructType {
    return this.type as RawStructType;
  }

  /** A new StructType with one more field (PySpark's `add`). */
  add(name: string, dataType: DataTypeWrapper | RawDataType, nullable = true): StructType {
    return new StructType([...this.fields, new StructField(name, dataType, nullable)]);
  }

  fieldNames(): string[] {
    return this.fields.map((f) => f.name);
  }

  /** Spark's StructType.treeString: `root` and a ` |-- name: type (nullable = …)` line per field, nested. */
  treeString(): string {
    let out = 'root\n';
    for (const f of this.raw.fields) out += fieldTree(' |', f.name, f.type, `(nullable = ${f.nullable})`);
    return out;
  }
}

export function wrapType(t: RawDataType): DataTypeWrapper {
  return t.kind === 'struct' ? StructType.fromRaw(t) : new DataTypeWrapper(t);
}

// Spark's DataType.buildFormattedString for each nested type.
function fieldTree(prefix: string, name: string, t: RawDataType, suffix: string): string {
  return `${prefix}-- ${name}: ${typeName(t)}${suffix ? ` ${suffix}` : ''}\n${nestedTree(`${prefix}    |`, t)}`;
}

function nestedTree(prefix: string, t: RawDataType): string {
  switch (t.kind) {
    case 'struct':
      return t.fields.map((f) => fieldTree(prefix, f.name, f.type, `(nullable = ${f.nullable})`)).join('');
    case 'array':
      return fieldTree(prefix, 'element', t.elementType, `(containsNull = ${t.containsNull})`);
    case 'map':
      return (
        fieldTree(prefix, 'key', t.keyType, '') +
        fieldTree(prefix, 'value', t.valueType, `(valueContainsNull = ${t.valueContainsNull})`)
      );
    default:
      return '';
  }
}

/** Spark's DataType.typeName (the JSON type names, as printSchema shows them). */
export function typeName(t: RawDataType): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'array':
      return 'array';
    case 'map':
      return 'map';
    case 'struct':
      return 'struct';
    case 'calendarInterval':
      return 'calendarinterval';
    default:
      return sqlTypeName(t);
  }
}

// PySpark's type constructors (`IntegerType()` is `IntegerType` here, the parameterised ones are functions).
export const StringType = new DataTypeWrapper(RawString);
export const IntegerType = new DataTypeWrapper(RawInteger);
export const LongType = new DataTypeWrapper(RawLong);
export const ShortType = new DataTypeWrapper(RawShort);
export const ByteType = new DataTypeWrapper(RawByte);
export const FloatType = new DataTypeWrapper(RawFloat);
export const DoubleType = new DataTypeWrapper(RawDouble);
export const BooleanType = new DataTypeWrapper(RawBoolean);
export const BinaryType = new DataTypeWrapper(RawBinary);
export const DateType = new DataTypeWrapper(RawDate);
export const TimestampType = new DataTypeWrapper(RawTimestamp);
export const TimestampNTZType = new DataTypeWrapper(RawTimestampNtz);

export function DecimalType(precision = 10, scale = 0): DataTypeWrapper {
  return new DataTypeWrapper(decimal(precision, scale));
}

export function ArrayType(elementType: DataTypeWrapper, containsNull = true): DataTypeWrapper {
  return new DataTypeWrapper(arrayOf(elementType.type, containsNull));
}

export function MapType(
  keyType: DataTypeWrapper,
  valueType: DataTypeWrapper,
  valueContainsNull = true,
): DataTypeWrapper {
  return new DataTypeWrapper(mapOf(keyType.type, valueType.type, valueContainsNull));
}
