/**
 * The Parquet schema of a classic (V1 spec) checkpoint, as PROTOCOL.md "Checkpoint Schema" gives it and as
 * Spark writes it, so that Spark, delta-rs and kernel read lakesql's checkpoints.
 */
import {
  arrayOf,
  BooleanType,
  field,
  IntegerType,
  LongType,
  mapOf,
  StringType,
  type StructType,
  struct,
} from '../types/data-types.js';

const stringMap = mapOf(StringType, StringType, true);

const deletionVector = struct([
  field('storageType', StringType),
  field('pathOrInlineDv', StringType),
  field('offset', IntegerType),
  field('sizeInBytes', IntegerType),
  field('cardinality', LongType),
]);

export const CHECKPOINT_SCHEMA: StructType = struct([
  field(
    'txn',
    struct([field('appId', StringType), field('version', LongType), field('lastUpdated', LongType)]),
  ),
  field(
    'add',
    struct([
      field('path', StringType),
      field('partitionValues', stringMap),
      field('size', LongType),
      field('modificationTime', LongType),
      field('dataChange', BooleanType),
      field('stats', StringType),
      field('tags', stringMap),
      field('deletionVector', deletionVector),
      field('baseRowId', LongType),
      field('defaultRowCommitVersion', LongType),
      field('clusteringProvider', StringType),
    ]),
  ),
  field(
    'remove',
    struct([
      field('path', StringType),
      field('deletionTimestamp', LongType),
      field('dataChange', BooleanType),
      field('extendedFileMetadata', BooleanType),
      field('partitionValues', stringMap),
      field('size', LongType),
      field('tags', stringMap),
      field('deletionVector', deletionVector),
      field('baseRowId', LongType),
      field('defaultRowCommitVersion', LongType),
    ]),
  ),
  field(
    'metaData',
    struct([
      field('id', StringType),
      field('name', StringType),
      field('description', StringType),
      field('format', struct([field('provider', StringType), field('options', stringMap)])),
      field('schemaString', StringType),
      field('partitionColumns', arrayOf(StringType)),
      field('configuration', stringMap),
      field('createdTime', LongType),
    ]),
  ),
  field(
    'protocol',
    struct([
      field('minReaderVersion', IntegerType),
      field('minWriterVersion', IntegerType),
      field('readerFeatures', arrayOf(StringType)),
      field('writerFeatures', arrayOf(StringType)),
    ]),
  ),
  field(
    'domainMetadata',
    struct([field('domain', StringType), field('configuration', StringType), field('removed', BooleanType)]),
  ),
]);
