/**
 * The package's public surface, pinned: a name added to or dropped from src/index.ts (or from the `types`
 * module) fails here, so that the exports stay a list someone decided, in PySpark's names.
 */
import { describe, expect, it } from 'vitest';
import { DeltaTable as DeltaSparkTable } from './api/delta-tables/delta-table.js';
import * as lakesql from './index.js';

describe('package exports', () => {
  it('are exactly these names', () => {
    expect(Object.keys(lakesql).sort()).toEqual([
      'CatalogApi',
      'Column',
      'DataFrame',
      'DataFrameNaFunctions',
      'DataFrameReader',
      'DataFrameWriter',
      'DataFrameWriterV2',
      'DataStreamReader',
      'DataStreamWriter',
      'DeltaMergeBuilder',
      'DeltaTable',
      'DeltaTableBuilder',
      'ERROR_CLASSES',
      'GroupedData',
      'LakeSession',
      'LakesqlError',
      'RuntimeConfig',
      'SessionBuilder',
      'StreamingQuery',
      'Window',
      'WindowSpecBuilder',
      'col',
      'display',
      'expr',
      'functions',
      'isLakesqlError',
      'lit',
      'types',
    ]);
  });

  it('types is pyspark.sql.types: the type classes and constants, nothing else', () => {
    expect(Object.keys(lakesql.types).sort()).toEqual([
      'ArrayType',
      'BinaryType',
      'BooleanType',
      'ByteType',
      'DataType',
      'DateType',
      'DecimalType',
      'DoubleType',
      'FloatType',
      'IntegerType',
      'LongType',
      'MapType',
      'ShortType',
      'StringType',
      'StructField',
      'StructType',
      'TimestampNTZType',
      'TimestampType',
    ]);
    expect(lakesql.types.IntegerType).toBeInstanceOf(lakesql.types.DataType);
    expect(lakesql.types.DecimalType(10, 2).simpleString()).toBe('decimal(10,2)');
  });

  it('DeltaTable is delta-spark’s, and col/lit/expr are the functions module’s', () => {
    expect(lakesql.DeltaTable).toBe(DeltaSparkTable);
    expect(typeof lakesql.DeltaTable.forPath).toBe('function');
    expect(lakesql.col).toBe(lakesql.functions.col);
    expect(lakesql.lit).toBe(lakesql.functions.lit);
    expect(lakesql.expr).toBe(lakesql.functions.expr);
  });
});
