/**
 * Where the conformance data lives in this repository (test/data, see its NOTICE.md): Delta tables written by
 * Spark and others, Apache ORC's example files and Spark's SQL golden files. The runner's default folders and
 * every test that reads that data resolve it here, so a clone of the repository alone passes its tests.
 */
import { join, resolve } from 'node:path';

export const TEST_DATA_DIR = resolve(import.meta.dirname, '../../test/data');
export const DELTA_CONFORMANCE_DIR = join(TEST_DATA_DIR, 'delta');
export const ORC_CONFORMANCE_DIR = join(TEST_DATA_DIR, 'orc');
export const ORC_EXAMPLES_DIR = join(ORC_CONFORMANCE_DIR, 'examples');
export const SPARK_SQL_CONFORMANCE_DIR = join(TEST_DATA_DIR, 'spark-sql');
/**
 * The rest of the same Spark v4.0.0 golden corpus (240 more input/result pairs). Run by hand with
 * `npm run conformance -- spark-sql-corpus`: at about a minute it stays out of `npm test`.
 */
export const SPARK_SQL_CORPUS_DIR = join(TEST_DATA_DIR, 'spark-sql-corpus');
