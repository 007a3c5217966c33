/**
 * Every TypeScript UDF the function library compiles to. Scalar functions registered through one connection
 * land in the database's catalog, so EngineSession.create() calls this once and all later connections see them.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { registerCharsetUdfs } from './charset-udfs.js';
import { registerCrc32Udf } from './crc32-udf.js';
import { registerDecimalArithmeticUdf } from './decimal-arithmetic-udf.js';
import { registerDecimalResultTextUdf } from './decimal-result-text.js';
import { registerFromCsvUdf } from './from-csv-udf.js';
import { registerHistogramUdf } from './histogram-udf.js';
import { registerDatetimeUdfs } from './register-datetime-udfs.js';
import { registerSeededRandomUdfs } from './seeded-random-udfs.js';
import { registerSentencesUdf } from './sentences-udf.js';
import { registerHashUdfs } from './spark-hash-udfs.js';
import { registerUrlUdfs } from './url-udfs.js';
import { registerUtf8Udfs } from './utf8-udfs.js';
import { registerVariantUdfs } from './variant-udfs.js';
import { registerZoneUdfs } from './zone-udfs.js';

export function registerSparkUdfs(connection: DuckDBConnection): void {
  registerHashUdfs(connection);
  registerCrc32Udf(connection);
  registerDatetimeUdfs(connection);
  registerHistogramUdf(connection);
  registerUtf8Udfs(connection);
  registerUrlUdfs(connection);
  registerCharsetUdfs(connection);
  registerSentencesUdf(connection);
  registerDecimalResultTextUdf(connection);
  registerDecimalArithmeticUdf(connection);
  registerZoneUdfs(connection);
  registerFromCsvUdf(connection);
  registerVariantUdfs(connection);
  registerSeededRandomUdfs(connection);
}
