/**
 * Error classes of Hive bucketing (`CLUSTERED BY … INTO n BUCKETS`), with Spark's names, SQLSTATEs and
 * messages (error-conditions.json).
 */
export const BUCKETING_ERROR_CLASSES = {
  INVALID_BUCKET_COUNT: {
    sqlState: '22003',
    message:
      'Number of buckets should be greater than 0 but less than or equal to bucketing.maxBuckets (`<bucketingMaxBuckets>`). Got `<numBuckets>`.',
  },
} as const;
