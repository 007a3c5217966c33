/**
 * The package's `types` module (pyspark.sql.types), listed name by name: the data type classes and
 * constants PySpark code uses (`types.StructType`, `types.IntegerType`, `types.DecimalType(10, 2)`, …).
 * `DataType` is the base class every type is an instance of.
 */
export {
  ArrayType,
  BinaryType,
  BooleanType,
  ByteType,
  DataTypeWrapper as DataType,
  DateType,
  DecimalType,
  DoubleType,
  FloatType,
  IntegerType,
  LongType,
  MapType,
  ShortType,
  StringType,
  StructField,
  StructType,
  TimestampNTZType,
  TimestampType,
} from './dataframe/schema.js';
