/**
 * DESCRIBE's clause checks, with Spark's error classes: AS JSON only with EXTENDED and never for a column,
 * a PARTITION entry must have a value, views have no partitions, and a file table's spec names every
 * partition column; what passes those is refused as unsupported (no partition registry yet).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-describe-partition-');

const failure = async (sql: string) => {
  const e = await errorOf(fx.session.execute(sql));
  return [e.errorClass, e.messageParameters];
};

describe('DESCRIBE … PARTITION and AS JSON', () => {
  it('refuses each case with Spark’s class and parameters', async () => {
    await fx.session.execute(`CREATE TABLE p (a INT, c STRING, d INT) USING parquet PARTITIONED BY (c, d)`);
    await fx.session.execute('CREATE TEMPORARY VIEW tv AS SELECT * FROM p');
    await fx.session.execute('CREATE VIEW pv AS SELECT * FROM p');
    expect(await failure('DESCRIBE p AS JSON')).toEqual(['DESCRIBE_JSON_NOT_EXTENDED', { tableName: 'p' }]);
    expect(await failure('DESC FORMATTED p a AS JSON')).toEqual([
      'UNSUPPORTED_FEATURE.DESC_TABLE_COLUMN_JSON',
      {},
    ]);
    expect(await failure("DESC p PARTITION (c='x', d=1) a")).toEqual([
      'UNSUPPORTED_FEATURE.DESC_TABLE_COLUMN_PARTITION',
      {},
    ]);
    expect(await failure("DESC p PARTITION (c='x', d)")).toEqual([
      'INVALID_SQL_SYNTAX.EMPTY_PARTITION_VALUE',
      { partKey: '`d`' },
    ]);
    expect(await failure("DESC tv PARTITION (c='x', d=1)")).toEqual([
      'FORBIDDEN_OPERATION',
      { statement: 'DESC PARTITION', objectType: 'TEMPORARY VIEW', objectName: '`tv`' },
    ]);
    expect(await failure("DESC pv PARTITION (c='x', d=1)")).toEqual([
      'FORBIDDEN_OPERATION',
      { statement: 'DESC PARTITION', objectType: 'VIEW', objectName: '`pv`' },
    ]);
    expect(await failure("DESC p PARTITION (c='x')")).toEqual([
      '_LEGACY_ERROR_TEMP_1232',
      { specKeys: 'c', partitionColumnNames: 'c, d', tableName: '`spark_catalog`.`default`.`p`' },
    ]);
    expect(await failure("DESC p PARTITION (C='x', D=1)")).toEqual([
      'UNSUPPORTED_FEATURE',
      { feature: 'DESCRIBE TABLE … PARTITION' },
    ]);
    expect(await failure('DESC EXTENDED p AS JSON')).toEqual([
      'UNSUPPORTED_FEATURE',
      { feature: 'DESCRIBE TABLE … AS JSON' },
    ]);
  });
});
